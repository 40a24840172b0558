import { DomainError } from '../../../shared-kernel/domain-error';

/** The most addresses one removal names, and the longest reason it records. */
export const REMOVAL_MAX_EMAILS = 1_000;
export const REMOVAL_REASON_MAX = 200;

/** "Tell me when it's back": what a request is refused for, in words a customer (or the operator) can act on. */
export const BackInStockMessages = {
  email: 'Please enter an e-mail address such as name@example.com.',
  tooMany: 'Too many requests from here. Please wait a minute and try again.',
  tooManyPending: (cap: number): string =>
    `${cap} sign-ups from here are still waiting to be confirmed. Please use the links we e-mailed, or try again later.`,
  unsubscribeLink: 'This unsubscribe link is not one we sent. Use the link in your e-mail as it is.',
  confirmLink: 'This confirmation link is not one we sent. Use the link in your e-mail as it is.',
  removalEmails: `emails must be a list of 1 to ${REMOVAL_MAX_EMAILS} e-mail addresses to take off the list`,
  removalReason: `reason, when given, must be one line of text of at most ${REMOVAL_REASON_MAX} characters, without control characters`,
} as const;

export const BackInStockErrors = {
  invalidEmail: (): DomainError => new DomainError('invalid_email', BackInStockMessages.email),
  badLink: (): DomainError => new DomainError('invalid_unsubscribe_link', BackInStockMessages.unsubscribeLink),
  badConfirmLink: (): DomainError => new DomainError('invalid_confirmation_link', BackInStockMessages.confirmLink),
  invalidRemovalEmails: (): DomainError => new DomainError('invalid_emails', BackInStockMessages.removalEmails),
  invalidRemovalReason: (): DomainError => new DomainError('invalid_reason', BackInStockMessages.removalReason),
} as const;
