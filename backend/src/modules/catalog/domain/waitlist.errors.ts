import { DomainError } from '../../../shared-kernel/domain-error';

/** A beer's back-in-stock list refuses only when it is full. */
export const WaitlistMessages = {
  full: 'So many people are waiting for this beer that its list is full: please check back soon.',
} as const;

export const WaitlistErrors = {
  full: (): DomainError => new DomainError('list_full', WaitlistMessages.full, 'conflict'),
} as const;
