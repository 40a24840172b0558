import type { Fulfilment, PackSize } from '@brewery/shop-rules';
import type { DomainEvent } from '@brewery/eventstore';

export type PaymentProvider = 'stripe' | 'test';

export interface PaymentBackupItem {
  productId: string;
  productName: string;
  packSize: PackSize;
  /** Cans. */
  quantity: number;
  /** Units bought: cans for single, packs otherwise. */
  packs: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

/** The order backup: what the customer is being charged for, kept with the payment whatever becomes of the order. */
export interface PaymentIntentCreatedData {
  paymentIntentId: string;
  orderId: string;
  provider: PaymentProvider;
  /**
   * The digest of the intent's client secret (never the secret): the order result page shows the secret to learn
   * how its payment went. Absent on payments recorded before it was kept.
   */
  clientSecretDigest?: string;
  customer: { name: string; email: string };
  items: PaymentBackupItem[];
  subtotalCents: number;
  shippingCents: number;
  /** What a discount code took off, and the code (absent: none); `totalCents` is then subtotal + shipping - discount. */
  discount?: { code: string; cents: number };
  totalCents: number;
  /** Posted or collected at the cellar door. Absent on backups kept before pickups: delivery. */
  fulfilment?: Fulfilment;
  currency: string;
  createdAt: string;
}

/** What the provider reported. `providerEventId` is the provider's event id (or a recovery id): each is recorded once. */
export interface PaymentOutcomeData {
  paymentIntentId: string;
  providerEventId: string;
  /** The order number from the intent's metadata; null when the provider did not carry it. */
  orderId: string | null;
  amountCents: number;
  currency: string;
  at: string;
}

export type PaymentIntentCreated = DomainEvent<'PaymentIntentCreated', PaymentIntentCreatedData>;
/** The card was authorised for `amountCents` (Stripe: requires_capture); nothing is taken until the shop captures. */
export type PaymentAuthorised = DomainEvent<'PaymentAuthorised', PaymentOutcomeData>;
/** The money was taken (captured, or charged at once by an intent made before manual capture). */
export type PaymentSucceeded = DomainEvent<'PaymentSucceeded', PaymentOutcomeData>;
/**
 * The intent was cancelled at the provider, so it can never be paid and any authorisation is released.
 * `reason`: why the shop cancelled it (or the provider's cancellation reason).
 */
export type PaymentCancelled = DomainEvent<'PaymentCancelled', PaymentOutcomeData & { reason: PaymentCancelReason }>;
export type PaymentFailed = DomainEvent<
  'PaymentFailed',
  PaymentOutcomeData & { failureCode: string | null; failureMessage: string | null }
>;
/**
 * Why an intent was cancelled: its checkout's hold expired, the same browser checked out again, a client left
 * before the checkout answered, the cans sold out before the authorisation came, the authorised amount was
 * not the order's, the order could no longer be paid, or the provider's own reason.
 */
export type PaymentCancelReason =
  | 'expired'
  | 'superseded'
  | 'checkout_cancelled'
  | 'sold_out'
  | 'not_released'
  | 'amount_mismatch'
  | 'order_not_payable'
  /** The order's discount code could not be held for it when the card was authorised. */
  | 'discount_unavailable'
  /** A club run's charge ended unpaid (every try failed, or the member cancelled). */
  | 'club_charge_ended'
  | 'provider';

/** A provider event that arrived too late to change anything (a failure after the success, a second success). */
export type ProviderEventIgnored = DomainEvent<
  'ProviderEventIgnored',
  { providerEventId: string; outcome: ProviderOutcomeKind; reason: string }
>;

/** Money given back at the provider: `refundId` is the provider's (each is recorded once). */
export type PaymentRefunded = DomainEvent<
  'PaymentRefunded',
  { paymentIntentId: string; refundId: string; orderId: string | null; amountCents: number; note: string; at: string }
>;

export type ProviderOutcomeKind = 'authorised' | 'succeeded' | 'failed' | 'cancelled';

export type PaymentEvent =
  PaymentIntentCreated | PaymentAuthorised | PaymentSucceeded | PaymentFailed | PaymentCancelled | ProviderEventIgnored | PaymentRefunded;
export type PaymentEventType = PaymentEvent['type'];

export const PAYMENT_EVENT_TYPES = [
  'PaymentIntentCreated',
  'PaymentAuthorised',
  'PaymentSucceeded',
  'PaymentFailed',
  'PaymentCancelled',
  'ProviderEventIgnored',
  'PaymentRefunded',
] as const satisfies readonly PaymentEventType[];

const everyPaymentEventListed: [Exclude<PaymentEventType, (typeof PAYMENT_EVENT_TYPES)[number]>] extends [never] ? true : never = true;
void everyPaymentEventListed;

export function paymentStreamName(paymentIntentId: string): string {
  return `payment-${paymentIntentId}`;
}
