import { ID_TYPE_LABELS, type IdType } from '../orders';
import type { Actor, RecordedEvent } from '@brewery/eventstore';
import { cansOfBeers, formatCents, isOrderStatus, orderStatusLabel } from '@brewery/shop-rules';

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

const money = (cents: unknown): string => (typeof cents === 'number' ? formatCents(cents) : '');
const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const reason = (value: unknown): string => text(value).replace(/_/g, ' ');
/** A status as the admin screen and the customer's e-mails name it ('Packed - Awaiting Pickup'). */
const status = (value: unknown): string => (isOrderStatus(value) ? orderStatusLabel(value) : reason(value));

/** How long a reservation was taken for, from the event's time to its expiry, in whole minutes. */
function heldFor(expiresAt: unknown, occurredAt: string | undefined): string {
  const minutes = Math.round((Date.parse(text(expiresAt)) - Date.parse(occurredAt ?? '')) / 60_000);
  if (!Number.isFinite(minutes) || minutes <= 0) return '';
  return ` for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** "2 cans of Swan Pale, 1 can of Swan Stout": the cans of a return, as it recorded them. */
function returnedCans(items: unknown): string {
  if (!Array.isArray(items)) return '';
  return cansOfBeers((items as Data[]).map((item) => ({ cans: Number(item.cans), name: text(item.productName) })));
}

/** " and a discount of $4.80 (CLUB10, 10% off)": what an order's code took off, or nothing without one. */
function discounted(discount: unknown): string {
  if (typeof discount !== 'object' || discount === null) return '';
  const d = discount as Data;
  return ` and a discount of ${money(d.cents)} (${text(d.code)}, ${text(d.description)})`;
}

/** The beer names an order was placed with, by product id (what its stock moves are named by). */
export type ProductNames = ReadonlyMap<string, string>;

/**
 * A sentence for each event an order's history can hold; other events fall back to their type in words. A
 * stock move names the beer as the order had it, or the product id when the name is not known.
 */
export function describeEvent(
  event: Pick<RecordedEvent, 'type' | 'data' | 'streamName'> & { metadata?: Pick<RecordedEvent['metadata'], 'occurredAt'> },
  productNames: ProductNames = new Map(),
): string {
  const d = (event.data ?? {}) as Data;
  const productId = event.streamName.startsWith('product-') ? event.streamName.slice('product-'.length) : '';
  const cans = `${text(d.quantity)} ${d.quantity === 1 ? 'can' : 'cans'}`;
  const ofBeer = productId === '' ? '' : ` of ${productNames.get(productId) ?? productId}`;
  switch (event.type) {
    case 'OrderPlaced':
      return `Order placed at checkout: ${text(d.totalCans)} cans, total ${money(d.totalCents)} including ${money(d.shippingCents)} shipping${discounted(d.discount)}`;
    case 'PaymentIntentAttached':
      return `Payment started (${text(d.paymentIntentId)})`;
    case 'OrderCancelled':
      return `Checkout abandoned: ${reason(d.reason)}${d.detail ? ` — ${text(d.detail)}` : ''}`;
    case 'OrderPaid':
      return `Order paid: ${money(d.amountCents)}`;
    case 'OrderNeedsReview':
      return `Flagged for review: ${text(d.reason)}`;
    case 'OrderReviewResolved':
      return `Review resolved: ${text(d.note)}`;
    case 'OrderNoteAdded':
      return `Note: ${text(d.note)}`;
    case 'OrderCollected':
      return `Collected at the cellar door by ${d.collectedBy ? text(d.collectedBy) : 'the customer'} (${
        ID_TYPE_LABELS[text(d.idType) as IdType] ?? text(d.idType)
      } checked, 18+)`;
    case 'StockReturned':
      return `${cans}${ofBeer} returned to stock (${d.returnId ? 'sent back by the customer' : 'the order was cancelled'})`;
    case 'OrderItemsReturned':
      return `Returned by the customer: ${returnedCans(d.items)}; ${
        typeof d.refundCents === 'number' && d.refundCents > 0 ? `${money(d.refundCents)} to refund` : 'nothing to refund'
      }`;
    case 'PaidOrderCancelled':
      return d.keptReason
        ? `Cancelled with the payment kept: ${text(d.keptReason)}`
        : `Cancelled: ${money(d.refundCents)} to refund and the cans to return to stock`;
    case 'OrderCaptureClaimed':
      return `Taking the authorised payment (${text(d.paymentIntentId)}): the order can no longer be deleted or cancelled meanwhile`;
    case 'CheckoutResumed':
      return 'The customer came back to this checkout (same pack and details, same browser): the same order and hold';
    case 'OrderCaptureClaimReleased':
      return `Authorised payment not taken: ${text(d.reason)}`;
    case 'OrderRefunded':
      return `Refunded ${money(d.amountCents)} to the customer${d.note ? `: ${text(d.note)}` : ''}`;
    case 'PaymentRefunded':
      return `Payment provider refunded ${money(d.amountCents)} (${text(d.refundId)})`;
    case 'InvoiceNumberAssigned':
      return `Invoice ${text(d.invoiceNumber)} issued`;
    case 'OrderDeleted':
      return 'Pending order deleted';
    case 'OrderReservationReleased':
      return `Reserved cans released: ${reason(d.reason)}`;
    case 'OrderStatusChanged':
      return `Status changed from ${status(d.from)} to ${status(d.to)}${d.notifyCustomer === false ? ' (customer not e-mailed)' : ''}`;
    case 'TrackingReferenceSet':
      return `Tracking reference set to ${text(d.trackingReference)}${d.notifyCustomer === false ? ' (customer not e-mailed)' : ''}`;
    case 'PaymentIntentCreated':
      return `Payment intent created for ${money(d.totalCents)} (order backup recorded)`;
    case 'PaymentSucceeded':
      return `Payment provider reported success: ${money(d.amountCents)}`;
    case 'PaymentFailed':
      return `Payment provider reported a failure${d.failureMessage ? `: ${text(d.failureMessage)}` : ''}`;
    case 'ProviderEventIgnored':
      return `Provider event ignored: ${text(d.reason)}`;
    case 'StockReserved':
      return `${cans}${ofBeer} reserved${heldFor(d.expiresAt, event.metadata?.occurredAt)}`;
    case 'StockReservationReleased':
      return `${cans}${ofBeer} no longer reserved: ${reason(d.reason)}`;
    case 'StockSold':
      return `${cans}${ofBeer} taken from stock`;
    case 'ShippingLabelRecorded':
      return `Consignment ${text(d.consignmentNumber)} taken for the order's shipping label`;
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
  const productNames = new Map<string, string>();
  for (const event of unique.values()) {
    if (event.type !== 'OrderPlaced') continue;
    for (const item of ((event.data as Data).items ?? []) as Data[]) {
      if (typeof item.productId === 'string' && typeof item.productName === 'string') productNames.set(item.productId, item.productName);
    }
  }
  return [...unique.values()]
    .sort((a, b) => a.globalPosition - b.globalPosition)
    .map((event) => ({
      at: event.metadata.occurredAt,
      type: event.type,
      summary: describeEvent(event, productNames),
      actor: event.metadata.actor,
      stream: event.streamName,
      revision: event.revision,
      position: event.globalPosition,
    }));
}
