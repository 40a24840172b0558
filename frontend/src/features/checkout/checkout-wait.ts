import { ApiError } from '@/shared/api/api-error';
import { BusyTexts, tryAgainInText } from './checkout-messages';
import type { CheckoutDetails } from './customer-info-form';

/**
 * The checkout is waiting on the server's word:
 * - busy: the shop turned the checkout away for now (503 shop_busy); the page tries again by itself at
 *   `fireAt`, a moment of random jitter after the countdown's end (`retryAt`), so that a crowd turned away
 *   together does not come back together;
 * - limited: this browser checked out too often or holds too many checkouts (429); the customer may try
 *   again after `until`.
 */
export type CheckoutWait =
  | { kind: 'busy'; details: CheckoutDetails; retryAt: number; fireAt: number; retrying: boolean; announcement: string }
  | { kind: 'limited'; message: string; until: number; announcement: string };

const SERVICE_UNAVAILABLE = 503;
const TOO_MANY_REQUESTS = 429;
export const SHOP_BUSY_CODE = 'shop_busy';

/** Without a usable Retry-After: try again in a few seconds, and never wait for hours. */
const DEFAULT_BUSY_SECONDS = 5;
const DEFAULT_LIMITED_SECONDS = 30;
const MAX_WAIT_SECONDS = 3600;
/** The jitter added to each automatic try: 0 to 1 s. */
export const RETRY_JITTER_MS = 1000;

function waitSeconds(error: ApiError, fallback: number): number {
  const seconds = error.retryAfterSeconds ?? fallback;
  return Math.min(MAX_WAIT_SECONDS, Math.max(1, seconds));
}

/**
 * What a refused checkout means for the page: a wait, or null for an ordinary refusal (shown as today).
 * `random` is 0 to 1, as Math.random gives.
 */
export function checkoutWaitFor(error: unknown, details: CheckoutDetails, now: number, random: number): CheckoutWait | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === SERVICE_UNAVAILABLE && error.code === SHOP_BUSY_CODE) {
    const seconds = waitSeconds(error, DEFAULT_BUSY_SECONDS);
    const retryAt = now + seconds * 1000;
    return {
      kind: 'busy',
      details,
      retryAt,
      fireAt: retryAt + Math.floor(random * RETRY_JITTER_MS),
      retrying: false,
      announcement: BusyTexts.waiting(seconds),
    };
  }
  if (error.status === TOO_MANY_REQUESTS) {
    const seconds = waitSeconds(error, DEFAULT_LIMITED_SECONDS);
    const message = error.serverMessage;
    return { kind: 'limited', message, until: now + seconds * 1000, announcement: `${message} ${tryAgainInText(seconds)}` };
  }
  return null;
}
