import { DomainError } from '../../../shared-kernel/domain-error';

/** "Tell me when it's back": what a request is refused for, in words a customer can act on. */
export const BackInStockMessages = {
  email: 'Please enter an e-mail address such as name@example.com.',
  onSale: (name: string): string => `${name} is on sale now: add it to your pack.`,
  tooMany: 'Too many requests from here. Please wait a minute and try again.',
  unsubscribeLink: 'This unsubscribe link is not one we sent. Use the link in your e-mail as it is.',
} as const;

export const BackInStockErrors = {
  invalidEmail: (): DomainError => new DomainError('invalid_email', BackInStockMessages.email),
  onSale: (name: string): DomainError => new DomainError('on_sale', BackInStockMessages.onSale(name), 'conflict'),
  badLink: (): DomainError => new DomainError('invalid_unsubscribe_link', BackInStockMessages.unsubscribeLink),
} as const;
