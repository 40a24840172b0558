import { ApiError } from '@/shared/api/api-error';

/**
 * This checkout can no longer be paid, and nothing was charged:
 * - hold: the countdown on the reserved cans ran out;
 * - closed: the gateway says the payment is no longer open (expired, or replaced by a newer checkout);
 * - cancelled: the shop cancelled the card's authorisation (the cans sold out, the amount changed, …).
 * The customer goes back to the details to check the pack, and a new checkout starts from there.
 */
export type CheckoutEnded = { kind: 'hold' } | { kind: 'closed'; message: string } | { kind: 'cancelled'; message: string };

const CONFLICT = 409;
export const PAYMENT_INTENT_UNEXPECTED_STATE = 'payment_intent_unexpected_state';

/** The test gateway's 409 for a payment whose checkout has ended. */
export function isCheckoutClosedError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === CONFLICT && error.code === PAYMENT_INTENT_UNEXPECTED_STATE;
}
