import { BackInStockErrors, REMOVAL_MAX_EMAILS, REMOVAL_REASON_MAX } from './back-in-stock.errors';

/** The addresses an operator takes off a beer's list, and why (null: no reason given). */
export interface WaitlistRemovalInput {
  emails: string[];
  reason: string | null;
}

/**
 * `{ emails, reason? }` as sent: 1 to 1,000 addresses (text of at most 254 characters each, trimmed), and a reason
 * of at most 200 characters (blank or absent: none). Anything else is refused with what to send.
 */
export function parseRemoval(body: { emails?: unknown; reason?: unknown }): WaitlistRemovalInput {
  const { emails, reason } = body;
  if (!Array.isArray(emails) || emails.length === 0 || emails.length > REMOVAL_MAX_EMAILS) throw BackInStockErrors.invalidRemovalEmails();
  const addresses = emails.map((email) => (typeof email === 'string' ? email.trim() : ''));
  if (addresses.some((email) => email === '' || email.length > 254)) throw BackInStockErrors.invalidRemovalEmails();
  if (reason !== undefined && reason !== null && (typeof reason !== 'string' || reason.trim().length > REMOVAL_REASON_MAX))
    throw BackInStockErrors.invalidRemovalReason();
  const because = typeof reason === 'string' ? reason.trim() : '';
  return { emails: addresses, reason: because === '' ? null : because };
}
