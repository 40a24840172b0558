import type { CustomerInfo, DiscountCheckResponse, Fulfilment } from '@brewery/shop-rules';
import { DISCOUNT_REFUSALS } from '@brewery/shop-rules';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { ApiError } from '@/shared/api/api-error';
import type { CheckoutCartItem } from './create-payment-intent';

export type { DiscountCheckResponse } from '@brewery/shop-rules';

/** `POST /api/discount-codes/check`: the cart, and whatever of the customer's details are known so far. */
export interface DiscountCheckInput {
  code: string;
  cartItems: CheckoutCartItem[];
  /** The e-mail address (a code for one order per customer), and the state and postcode (shipping). */
  customerInfo?: Partial<CustomerInfo>;
  fulfilment?: Fulfilment;
}

export const DISCOUNT_CHECK_PATH = '/api/discount-codes/check';

/** What the code would take off this cart; nothing is held or recorded. A code that does not apply: 409. */
export function checkDiscountCode(input: DiscountCheckInput): Promise<DiscountCheckResponse> {
  return apiJson<DiscountCheckResponse>('POST', DISCOUNT_CHECK_PATH, input);
}

/** How long a code's answer for the very same cart and details is taken as it is (the payment checks it again). */
const CHECK_FRESH_MS = 60_000;

/**
 * The check of a code for a cart and details: asked again whenever any of them changes. While the new answer is
 * on its way the last one for the same code stays shown; another code starts afresh.
 */
export function discountCheckQueryOptions(input: DiscountCheckInput) {
  return queryOptions({
    queryKey: ['discount-check', input.code, input] as const,
    queryFn: () => checkDiscountCode(input),
    staleTime: CHECK_FRESH_MS,
    retry: false,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === input.code ? keepPreviousData(previous) : undefined),
  });
}

/** A code that is not 3 to 32 letters, digits and dashes (the server's own sentence). */
export const MALFORMED_CODE_TEXT = 'A code is 3 to 32 letters, digits and dashes.';
const CHECK_FAILED_TEXT = 'The code could not be checked just now. Please try again.';
const TOO_MANY_TRIES = (seconds: number | null) =>
  seconds === null || seconds <= 0
    ? 'Too many tries for now. Please wait a minute, then try the code again.'
    : `Too many tries for now. Please wait ${seconds}\u00a0s, then try the code again.`;

/** Whether a refusal is about the discount code (from the check, or from opening the payment). */
export function isDiscountRefusal(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  const code = error.code ?? '';
  return (code.startsWith('code_') && code !== 'code_taken') || code === 'invalid_discount_code' || 'discountCode' in error.fields;
}

/** What the customer reads under the code field for a failed check or a refused code. */
export function discountRefusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return CHECK_FAILED_TEXT;
  if (error.status === 429) return TOO_MANY_TRIES(error.retryAfterSeconds);
  if (!isDiscountRefusal(error)) return CHECK_FAILED_TEXT;
  const known =
    error.code !== undefined && error.code in DISCOUNT_REFUSALS ? DISCOUNT_REFUSALS[error.code as keyof typeof DISCOUNT_REFUSALS] : null;
  const fromServer = error.fields['discountCode'] ?? (error.code === 'invalid_discount_code' ? MALFORMED_CODE_TEXT : error.serverMessage);
  return fromServer.trim() === '' ? (known ?? CHECK_FAILED_TEXT) : fromServer;
}
