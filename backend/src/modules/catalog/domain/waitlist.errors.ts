import { DomainError } from '../../../shared-kernel/domain-error';

/** A beer's back-in-stock list refuses only when it is full. */
export const WaitlistMessages = {
  onSale: (name: string): string => `${name} is on sale now: add it to your pack.`,
  full: 'So many people are waiting for this beer that its list is full: please check back soon.',
} as const;

export const WaitlistErrors = {
  onSale: (name: string): DomainError => new DomainError('on_sale', WaitlistMessages.onSale(name), 'conflict'),
  full: (): DomainError => new DomainError('list_full', WaitlistMessages.full, 'conflict'),
} as const;
