import { DomainError } from '../../../shared-kernel/domain-error';

/** The club members' and runs' refusals, with stable codes. */
export const ClubErrors = {
  invalidMember: (field: string, message: string): DomainError =>
    new DomainError('invalid_club_member', message, 'validation', { [field]: message }),
  planNotFound: (planId: string): DomainError => new DomainError('club_plan_not_found', `No club plan ${planId}.`, 'not_found'),
  alreadyMember: (): DomainError =>
    new DomainError(
      'already_a_member',
      'This e-mail address is already a club member: use the link in your club e-mails to manage the membership.',
      'conflict',
    ),
  memberNotFound: (): DomainError =>
    new DomainError('club_member_not_found', 'This club link is not valid: open the link in your latest club e-mail.', 'not_found'),
  membershipEnded: (): DomainError => new DomainError('club_membership_cancelled', 'This membership was cancelled.', 'conflict'),
  cannotPause: (status: string): DomainError =>
    new DomainError('club_cannot_pause', `A membership that is ${status.replace('_', ' ')} cannot be paused.`, 'conflict'),
  cannotResume: (status: string): DomainError =>
    new DomainError('club_cannot_resume', `A membership that is ${status.replace('_', ' ')} cannot be resumed.`, 'conflict'),
  runNotFound: (runId: string): DomainError => new DomainError('club_run_not_found', `No club run ${runId} for this member.`, 'not_found'),
  runAlreadyCharged: (): DomainError =>
    new DomainError('club_run_already_charged', 'This run is already being charged: it can no longer be skipped.', 'conflict'),
  nothingToPay: (): DomainError =>
    new DomainError('club_nothing_to_pay', 'This run has nothing to pay: it was charged, skipped or closed.', 'conflict'),
  invalidRun: (field: string, message: string): DomainError =>
    new DomainError('invalid_club_run', message, 'validation', { [field]: message }),
  invalidMemberLink: (): DomainError =>
    new DomainError('invalid_member_link', 'This club link is not valid any more: open the link in your latest club e-mail.', 'validation'),
  memberEmailMismatch: (email: string): DomainError =>
    new DomainError(
      'member_email_mismatch',
      `Club early access is for the member's own e-mail address: use ${email.replace(/^(.).*(@.*)$/, '$1…$2')}.`,
      'conflict',
    ),
  runWithdrawn: (runId: string): DomainError => new DomainError('club_run_withdrawn', `Club run ${runId} was withdrawn.`, 'conflict'),
} as const;
