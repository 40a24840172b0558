import { DomainError } from '../../../shared-kernel/domain-error';

/** The e-mail stream's refusals, with stable codes. */
export const EmailErrors = {
  invalidRecipient: (): DomainError => new DomainError('invalid_recipient', 'The e-mail recipient is not a valid address'),
  notQueued: (): DomainError => new DomainError('email_not_queued', 'No such e-mail', 'not_found'),
} as const;
