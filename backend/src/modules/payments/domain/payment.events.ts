import type { DomainEvent } from '@brewery/eventstore';
import type { PackSize } from '@brewery/shop-rules';

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
  customer: { name: string; email: string };
  items: PaymentBackupItem[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
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
export type PaymentSucceeded = DomainEvent<'PaymentSucceeded', PaymentOutcomeData>;
export type PaymentFailed = DomainEvent<
  'PaymentFailed',
  PaymentOutcomeData & { failureCode: string | null; failureMessage: string | null }
>;
/** A provider event that arrived too late to change anything (a failure after the success, a second success). */
export type ProviderEventIgnored = DomainEvent<
  'ProviderEventIgnored',
  { providerEventId: string; outcome: 'succeeded' | 'failed'; reason: string }
>;

export type PaymentEvent = PaymentIntentCreated | PaymentSucceeded | PaymentFailed | ProviderEventIgnored;
export type PaymentEventType = PaymentEvent['type'];

export const PAYMENT_EVENT_TYPES = [
  'PaymentIntentCreated',
  'PaymentSucceeded',
  'PaymentFailed',
  'ProviderEventIgnored',
] as const satisfies readonly PaymentEventType[];

const everyPaymentEventListed: [Exclude<PaymentEventType, (typeof PAYMENT_EVENT_TYPES)[number]>] extends [never] ? true : never = true;
void everyPaymentEventListed;

export function paymentStreamName(paymentIntentId: string): string {
  return `payment-${paymentIntentId}`;
}
