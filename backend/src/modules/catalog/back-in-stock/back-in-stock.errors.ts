import { DomainError } from '../../../shared-kernel/domain-error';

/** "Tell me when it's back": what a request is refused for, in words a customer can act on. */
export const BackInStockMessages = {
  email: 'Please enter an e-mail address such as name@example.com.',
  tooMany: 'Too many requests from here. Please wait a minute and try again.',
  unsubscribeLink: 'This unsubscribe link is not one we sent. Use the link in your e-mail as it is.',
} as const;

export const BackInStockErrors = {
  invalidEmail: (): DomainError => new DomainError('invalid_email', BackInStockMessages.email),
  badLink: (): DomainError => new DomainError('invalid_unsubscribe_link', BackInStockMessages.unsubscribeLink),
} as const;
