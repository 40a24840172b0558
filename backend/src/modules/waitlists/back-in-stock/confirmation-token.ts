import { createHmac, timingSafeEqual } from 'node:crypto';
import { waitlistKey } from '../domain/waitlist.events';

/**
 * The signature of a confirmation link: only the server can make one, for that beer's list, that address and the
 * e-mail sent at `sentAt` (milliseconds) only. The waitlist decider says whether it still confirms anything.
 */
export function confirmationSignature(secret: string, productId: string, email: string, sentAt: number): string {
  return createHmac('sha256', secret)
    .update(`back-in-stock-confirm\0${productId}\0${waitlistKey(email)}\0${sentAt}`)
    .digest('base64url')
    .slice(0, 22);
}

export function isConfirmationSignature(secret: string, productId: string, email: string, sentAt: number, signature: unknown): boolean {
  if (typeof signature !== 'string') return false;
  const expected = Buffer.from(confirmationSignature(secret, productId, email, sentAt));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
