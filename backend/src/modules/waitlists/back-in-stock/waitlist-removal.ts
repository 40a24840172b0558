import { BackInStockErrors, REMOVAL_MAX_EMAILS, REMOVAL_REASON_MAX } from './back-in-stock.errors';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The addresses an operator takes off a beer's list, and why (null: no reason given). */
export interface WaitlistRemovalInput {
  emails: string[];
  reason: string | null;
}

/**
 * `{ emails, reason? }` as sent: 1 to 1,000 addresses (text of at most 254 characters each, trimmed), and a reason
 * of one line of at most 200 characters (blank or absent: none). Anything else is refused with what to send.
 */
export function parseRemoval(body: { emails?: unknown; reason?: unknown }): WaitlistRemovalInput {
  const { emails, reason } = body;
  if (!Array.isArray(emails) || emails.length === 0 || emails.length > REMOVAL_MAX_EMAILS) throw BackInStockErrors.invalidRemovalEmails();
  const addresses = emails.map((email) => (typeof email === 'string' ? email.trim() : ''));
  if (addresses.some((email) => email === '' || email.length > 254 || CONTROL_CHARACTER.test(email)))
    throw BackInStockErrors.invalidRemovalEmails();
  if (
    reason !== undefined &&
    reason !== null &&
    (typeof reason !== 'string' || reason.trim().length > REMOVAL_REASON_MAX || CONTROL_CHARACTER.test(reason))
  )
    throw BackInStockErrors.invalidRemovalReason();
  const because = typeof reason === 'string' ? reason.trim() : '';
  return { emails: addresses, reason: because === '' ? null : because };
}
