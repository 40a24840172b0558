import { DomainError } from '../../../shared-kernel/domain-error';

/** What a beer's back-in-stock list refuses, in words a customer can act on. */
export const WaitlistMessages = {
  onSale: (name: string): string => `${name} is on sale now: add it to your pack.`,
  full: 'So many people are waiting for this beer that its list is full: please check back soon.',
  expired: "This link has expired. Ask again on the beer's page and we'll send you a new one.",
  removed: "This sign-up was taken off the list, so it can't be confirmed. You can ask again on the beer's page.",
  left: "This address has left our back-in-stock lists, so this link no longer works. You can ask again on the beer's page.",
} as const;

export const WaitlistErrors = {
  onSale: (name: string): DomainError => new DomainError('on_sale', WaitlistMessages.onSale(name), 'conflict'),
  full: (): DomainError => new DomainError('list_full', WaitlistMessages.full, 'conflict'),
  expired: (): DomainError => new DomainError('confirmation_expired', WaitlistMessages.expired, 'conflict'),
  removed: (): DomainError => new DomainError('sign_up_removed', WaitlistMessages.removed, 'conflict'),
  left: (): DomainError => new DomainError('sign_up_left', WaitlistMessages.left, 'conflict'),
} as const;
