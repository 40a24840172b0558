import { DomainError } from '../../../shared-kernel/domain-error';

/** Refusals about staff accounts, invitations, resets and two-factor codes, with stable codes. */
export const StaffErrors = {
  notFound: (): DomainError => new DomainError('staff_not_found', 'No such person on the staff', 'not_found'),
  emailTaken: (): DomainError => new DomainError('email_taken', 'That e-mail address already belongs to someone on the staff', 'conflict'),
  lastOwner: (): DomainError =>
    new DomainError('last_owner', 'The shop must keep at least one owner: make someone else an owner first', 'conflict'),
  invitationNotFound: (): DomainError =>
    new DomainError(
      'invitation_not_found',
      'This invitation is not valid (it may have expired or been used). Ask the owner for a new one.',
      'not_found',
    ),
  resetLinkNotFound: (): DomainError =>
    new DomainError(
      'reset_link_not_found',
      'This reset link is not valid (it may have expired or been used). Ask for a new one.',
      'not_found',
    ),
  codeRequired: (): DomainError =>
    new DomainError('two_factor_code_required', 'Enter the 6-digit code from your authenticator app, or a recovery code', 'unauthorized'),
  wrongCode: (): DomainError =>
    new DomainError('invalid_two_factor_code', 'That code is not right. Enter the current code from your app.', 'unauthorized'),
  /** A wrong code while turning codes on: the person is signed in, so it is a mistyped field (400), not a 401. */
  wrongSetupCode: (): DomainError =>
    new DomainError('wrong_setup_code', 'That code is not right. Enter the current code from your app.', 'validation', {
      code: 'That code is not right. Enter the current code from your app.',
    }),
  twoFactorAlreadyOn: (): DomainError =>
    new DomainError('two_factor_already_on', 'Two-factor codes are already on for this account', 'conflict'),
  twoFactorNotStarted: (): DomainError => new DomainError('two_factor_not_started', 'Start setting up two-factor codes first', 'conflict'),
  forbiddenForRole: (): DomainError =>
    new DomainError('forbidden_for_role', 'Your role does not allow this. Ask an owner or a manager.', 'forbidden'),
  twoFactorSetupRequired: (): DomainError =>
    new DomainError('two_factor_setup_required', 'Set up two-factor codes for your account first (the owner requires them)', 'forbidden'),
  ownTwoFactorFirst: (): DomainError =>
    new DomainError('own_two_factor_first', 'Turn on two-factor codes for your own account first, then require them of others', 'conflict'),
  sessionNotFound: (): DomainError => new DomainError('session_not_found', 'No such session', 'not_found'),
  weakPassword: (reason: string): DomainError => new DomainError('weak_password', reason, 'validation', { password: reason }),
} as const;
