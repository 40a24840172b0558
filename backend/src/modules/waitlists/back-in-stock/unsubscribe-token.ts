import { createHmac, timingSafeEqual } from 'node:crypto';
import { waitlistKey } from '../domain/waitlist.events';

/** The signature of an address's unsubscribe link: only the server can make one, for that address only. */
export function unsubscribeSignature(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`back-in-stock\0${waitlistKey(email)}`)
    .digest('base64url')
    .slice(0, 22);
}

export function isUnsubscribeSignature(secret: string, email: string, signature: unknown): boolean {
  if (typeof signature !== 'string') return false;
  const expected = Buffer.from(unsubscribeSignature(secret, email));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
