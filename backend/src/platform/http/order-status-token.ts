import { createHmac, timingSafeEqual } from 'node:crypto';
import { orderNumberFrom } from '../../shared-kernel/order-number';

/**
 * The order's status link, signed with the server secret: `<order number>.<signature>`. Whoever holds it sees
 * that order's status and tax invoice without typing; nobody can make one for another order.
 */
export function orderStatusToken(secret: string, orderId: string): string {
  return `${orderId}.${signature(secret, orderId)}`;
}

/** The order number a status token is for, or null when it is not one the server signed. */
export function orderIdOfStatusToken(secret: string, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 64) return null;
  const match = /^(\d{1,8})\.([A-Za-z0-9_-]{22})$/.exec(token);
  const orderId = orderNumberFrom(match?.[1]);
  if (match === null || orderId === null || orderId !== match[1]) return null;
  const expected = Buffer.from(signature(secret, orderId));
  const given = Buffer.from(match[2] ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? orderId : null;
}

/** Where the customer's browser shows the order's status. */
export function orderStatusPath(token: string): string {
  return `/order-status?t=${encodeURIComponent(token)}`;
}

function signature(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`order-status\0${orderId}`).digest('base64url').slice(0, 22);
}
