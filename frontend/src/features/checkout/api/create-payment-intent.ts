import type { CartLine, CustomerInfo, Fulfilment, PaymentIntentCreated } from '@brewery/shop-rules';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';

export type { PaymentIntentCreated } from '@brewery/shop-rules';

/** A cart line as the checkout request carries it (spec section 3). */
export interface CheckoutCartItem {
  productId: string;
  name: string;
  quantity: number;
  price: number;
  packSize: CartLine['packSize'];
  packQuantity: CartLine['packQuantity'];
}

export interface CreatePaymentIntentInput {
  cartItems: CheckoutCartItem[];
  /** For a collection only name, e-mail and phone count (the address fields are sent empty). */
  customerInfo: CustomerInfo;
  /** Delivered, or collected at the cellar door on an open Saturday (the server refuses a closed one). */
  fulfilment: Fulfilment;
  /** The customer confirmed buying again the very pack this browser paid for minutes ago. */
  confirmRepeat?: boolean;
  /** The discount code applied (any case): the server prices the order with it, or refuses it (409 `code_*`). */
  discountCode?: string;
  /**
   * A club member's browser: the token of their club link. A beer open to members before its release is sold only
   * with it, to the member's own e-mail address (400 `invalid_member_link`, 409 `member_email_mismatch`).
   */
  memberToken?: string;
}

/**
 * The order as the server priced it (dollars, as decimal strings). Absent from a checkout kept from before
 * discount codes; `discountCode` null: none applied.
 */
export type CheckoutPricing = Pick<
  PaymentIntentCreated,
  'subtotal' | 'shippingCost' | 'discount' | 'totalAmount' | 'gstIncluded' | 'discountCode'
>;

/** The opened payment as the checkout keeps it. */
export interface CheckoutOpened extends PaymentIntentCreated, CheckoutPricing {
  /**
   * When the hold on the cans ends, in epoch ms on this browser's clock: `reservationExpiresAt` moved by the
   * difference between the server's clock (the answer's Date header) and the browser's. Null when the server
   * gave no expiry.
   */
  holdEndsAt: number | null;
}

/**
 * The hold's end on the browser's clock. The Date header counts whole seconds, so the correction is good to
 * about a second (plus the answer's time on the wire); without the header the browser's clock is taken as is.
 */
export function holdEndOnBrowserClock(
  reservationExpiresAt: string | undefined,
  serverDate: string | null,
  receivedAt: number,
): number | null {
  if (reservationExpiresAt === undefined) return null;
  const expiresAt = Date.parse(reservationExpiresAt);
  if (Number.isNaN(expiresAt)) return null;
  const serverNow = serverDate === null ? Number.NaN : Date.parse(serverDate);
  const serverAhead = Number.isNaN(serverNow) ? 0 : serverNow - receivedAt;
  return expiresAt - serverAhead;
}

export function toCheckoutCartItems(lines: readonly CartLine[]): CheckoutCartItem[] {
  return lines.map(({ productId, name, quantity, price, packSize, packQuantity }) => ({
    productId,
    name,
    quantity,
    price,
    packSize,
    packQuantity,
  }));
}

/**
 * `POST /api/create-payment-intent`. The answer is read as text and parsed here, as the spec describes, so a
 * proxy's HTML error page or a body without a client secret fails with the text the server really sent.
 */
export async function createPaymentIntent(input: CreatePaymentIntentInput): Promise<CheckoutOpened> {
  const response = await apiRequest('POST', '/api/create-payment-intent', input);
  const receivedAt = Date.now();
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`Invalid response: ${text}`);
  }
  if (!isPaymentIntentCreated(body)) throw new Error(`No client secret in response: ${text}`);
  return { ...body, holdEndsAt: holdEndOnBrowserClock(body.reservationExpiresAt, response.headers.get('Date'), receivedAt) };
}

function isPaymentIntentCreated(body: unknown): body is PaymentIntentCreated {
  if (typeof body !== 'object' || body === null) return false;
  const { clientSecret, paymentIntentId, orderId, amount, reservationExpiresAt } = body as Record<string, unknown>;
  return (
    typeof clientSecret === 'string' &&
    clientSecret !== '' &&
    typeof paymentIntentId === 'string' &&
    typeof orderId === 'string' &&
    typeof amount === 'number' &&
    (reservationExpiresAt === undefined || typeof reservationExpiresAt === 'string')
  );
}

/** Checking out reserves cans, so the shop's stock figures are stale afterwards. */
export function useCreatePaymentIntent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentIntent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey }),
  });
}
