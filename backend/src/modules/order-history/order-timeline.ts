import type { Actor, RecordedEvent } from '@brewery/eventstore';

/** One line of an order's history, as the operator reads it. */
export interface TimelineEntry {
  at: string;
  type: string;
  summary: string;
  actor: Actor;
  stream: string;
  revision: number;
  position: number;
}

type Data = Record<string, unknown>;

const money = (cents: unknown): string => (typeof cents === 'number' ? `$${(cents / 100).toFixed(2)}` : '');
const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const reason = (value: unknown): string => text(value).replace(/_/g, ' ');

/** A sentence for each event an order's history can hold; other events fall back to their type in words. */
export function describeEvent(event: Pick<RecordedEvent, 'type' | 'data' | 'streamName'>): string {
  const d = (event.data ?? {}) as Data;
  const product = event.streamName.startsWith('product-') ? ` (${event.streamName.slice('product-'.length)})` : '';
  switch (event.type) {
    case 'OrderPlaced':
      return `Order placed at checkout: ${text(d.totalCans)} cans, total ${money(d.totalCents)} including ${money(d.shippingCents)} shipping`;
    case 'PaymentIntentAttached':
      return `Payment started (${text(d.paymentIntentId)})`;
    case 'OrderCancelled':
      return `Checkout abandoned: ${reason(d.reason)}${d.detail ? ` — ${text(d.detail)}` : ''}`;
    case 'OrderPaid':
      return `Order paid: ${money(d.amountCents)}`;
    case 'OrderNeedsReview':
      return `Flagged for review: ${text(d.reason)}`;
    case 'InvoiceNumberAssigned':
      return `Invoice ${text(d.invoiceNumber)} issued`;
    case 'OrderDeleted':
      return 'Pending order deleted';
    case 'OrderReservationReleased':
      return `Reserved cans released: ${reason(d.reason)}`;
    case 'OrderStatusChanged':
      return `Status changed from ${reason(d.from)} to ${reason(d.to)}`;
    case 'TrackingReferenceSet':
      return `Tracking reference set to ${text(d.trackingReference)}`;
    case 'PaymentIntentCreated':
      return `Payment intent created for ${money(d.totalCents)} (order backup recorded)`;
    case 'PaymentSucceeded':
      return `Payment provider reported success: ${money(d.amountCents)}`;
    case 'PaymentFailed':
      return `Payment provider reported a failure${d.failureMessage ? `: ${text(d.failureMessage)}` : ''}`;
    case 'ProviderEventIgnored':
      return `Provider event ignored: ${text(d.reason)}`;
    case 'StockReserved':
      return `${text(d.quantity)} cans reserved${product} until ${text(d.expiresAt)}`;
    case 'StockReservationReleased':
      return `${text(d.quantity)} reserved cans released${product}: ${reason(d.reason)}`;
    case 'StockSold':
      return `${text(d.quantity)} cans taken from stock${product}`;
    case 'ShippingLabelCreated':
      return `Shipping label created: consignment ${text(d.consignmentNumber)}`;
    case 'EmailQueued':
      return `E-mail queued: “${text(d.subject)}”`;
    case 'EmailSent':
      return 'E-mail sent';
    case 'EmailFailed':
      return `E-mail failed: ${text(d.error)}`;
    case 'EmailRetryRequested':
      return 'E-mail queued again';
    default:
      return event.type.replace(/([a-z])([A-Z])/g, '$1 $2');
  }
}

/** Every event that concerns the order, oldest first, once each. */
export function buildTimeline(events: readonly RecordedEvent[]): TimelineEntry[] {
  const unique = new Map<number, RecordedEvent>();
  for (const event of events) unique.set(event.globalPosition, event);
  return [...unique.values()]
    .sort((a, b) => a.globalPosition - b.globalPosition)
    .map((event) => ({
      at: event.metadata.occurredAt,
      type: event.type,
      summary: describeEvent(event),
      actor: event.metadata.actor,
      stream: event.streamName,
      revision: event.revision,
      position: event.globalPosition,
    }));
}
