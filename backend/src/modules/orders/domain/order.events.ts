import type { DomainEvent } from '@brewery/eventstore';
import type { AppliedDiscount, Fulfilment, IdType, OrderStatus, PackQuantity, PackSize, ShippingState } from '@brewery/shop-rules';

/** The spec's order lifecycle. Only `pending` and `paid` are reached by checkout; the rest are the operator's. */
export { ORDER_STATUSES, type OrderStatus } from '@brewery/shop-rules';

export interface OrderCustomer {
  name: string;
  email: string;
  phone: string;
  addressLine1: string;
  addressLine2: string | null;
  suburb: string;
  postCode: string;
  state: ShippingState;
}

/** One line as the server priced it. A unit is a can for single lines and a whole pack otherwise. */
export interface OrderItem {
  /** `<orderId>-<line number>`: stable, so the admin screens can key on it. */
  id: string;
  productId: string;
  productName: string;
  style: string;
  abv: number;
  packSize: PackSize;
  packQuantity: PackQuantity;
  /** Units bought: cans for single, packs otherwise. */
  packs: number;
  /** Cans. */
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface OrderPlacedData {
  orderId: string;
  customer: OrderCustomer;
  items: OrderItem[];
  /** The beers' lines added up, before any discount. */
  subtotalCents: number;
  shippingCents: number;
  /**
   * The discount code the order was priced with and what it took off (absent: none). The total is then
   * subtotal + shipping - discount, and the GST one eleventh of that total.
   */
  discount?: AppliedDiscount;
  /** What is charged: subtotal + shipping - discount. */
  totalCents: number;
  /** GST included in the total: one eleventh. */
  gstCents: number;
  totalCans: number;
  estimatedDelivery: string;
  isPerthMetro: boolean;
  reservationExpiresAt: string;
  placedAt: string;
  /**
   * Who holds the cans while the order is pending, as keyed hashes (never the address or cookie itself):
   * the client (its network address) and the browser (its checkout cookie). Absent on orders placed
   * before holds were counted per client.
   */
  holder?: { client: string; browser: string | null };
  /** Posted (delivery) or collected at the cellar door on a Saturday (pickup). Absent on orders placed before pickups: delivery. */
  fulfilment?: Fulfilment;
  /** A club member's checkout, which may buy a beer open to members before its release (absent: anyone's). */
  earlyAccess?: true;
  /** A beer club run's pack for a member, charged to their saved card (absent: a checkout). */
  club?: { memberId: string; runId: string; planName: string };
}

/** The kinds of photo ID the cellar door accepts as proof of age (WA), and their names in words. */
export { ID_TYPE_LABELS, ID_TYPES, type IdType } from '@brewery/shop-rules';

/** Why an order never reached payment. */
export type OrderCancelReason =
  | 'insufficient_stock'
  | 'payment_provider_error'
  /** Its hold on the cans ran out before it was paid (the payment intent was cancelled too). */
  | 'expired'
  /**
   * A newer checkout replaced it: from the same browser, or with the same e-mail address from the same client
   * address (SupersedeCheckout).
   */
  | 'superseded'
  /** The client disconnected before the checkout answered. */
  | 'checkout_cancelled'
  /** The card was authorised after the cans had gone: the authorisation was cancelled, nothing charged. */
  | 'sold_out'
  /**
   * The card was authorised before a beer of the order was on sale (a release scheduled after its cans were held):
   * the authorisation was cancelled, nothing charged.
   */
  | 'not_released'
  /** The card was authorised for another amount than the order's total: cancelled, nothing charged. */
  | 'amount_mismatch'
  /** Its discount code could not be held for it (used up, or one per customer, meanwhile): nothing charged. */
  | 'discount_unavailable'
  /** A club run's order that ended unpaid (every try failed, or the member cancelled): nothing was charged. */
  | 'club_charge_ended';
/** Why the order's reservations ended without a sale (the product streams record the same reason). */
export type ReservationReleaseReason =
  'payment_failed' | 'order_deleted' | 'order_cancelled' | 'expired' | 'superseded' | 'checkout_cancelled' | 'club_charge_ended';

export type OrderPlaced = DomainEvent<'OrderPlaced', OrderPlacedData>;
export type PaymentIntentAttached = DomainEvent<'PaymentIntentAttached', { paymentIntentId: string }>;
export type OrderCancelled = DomainEvent<'OrderCancelled', { reason: OrderCancelReason; detail: string }>;
export type OrderPaid = DomainEvent<'OrderPaid', { paymentIntentId: string; amountCents: number; paidAt: string }>;
export type OrderNeedsReview = DomainEvent<'OrderNeedsReview', { reason: string; paymentIntentId: string | null }>;
export type InvoiceNumberAssigned = DomainEvent<'InvoiceNumberAssigned', { invoiceNumber: string }>;
export type OrderDeleted = DomainEvent<'OrderDeleted', { deletedAt: string }>;
export type OrderReservationReleased = DomainEvent<'OrderReservationReleased', { reason: ReservationReleaseReason }>;
/** The operator set another status by hand (any status may follow any other). */
/** `notifyCustomer: false` when the operator chose not to e-mail the customer (absent: e-mailed). */
export type OrderStatusChanged = DomainEvent<'OrderStatusChanged', { from: OrderStatus; to: OrderStatus; notifyCustomer?: false }>;
/** The operator set the carrier's tracking reference (trimmed). */
export type TrackingReferenceSet = DomainEvent<'TrackingReferenceSet', { trackingReference: string; notifyCustomer?: false }>;
/** The operator closed the order's review (the reasons stay in its history); a new reason opens it again. */
export type OrderReviewResolved = DomainEvent<'OrderReviewResolved', { note: string }>;
/**
 * The shop is about to capture this authorised payment (docs/decisions/0003): recorded on the order before the provider is
 * asked, so that a delete or cancel decided after it is refused, and one decided before it refuses the claim.
 */
export type OrderCaptureClaimed = DomainEvent<'OrderCaptureClaimed', { paymentIntentId: string }>;
/** The claimed capture was not made (the cans sold out, the amount was wrong, the provider refused): the order may be ended again. */
export type OrderCaptureClaimReleased = DomainEvent<'OrderCaptureClaimReleased', { paymentIntentId: string; reason: string }>;
/**
 * A paid order cancelled by the operator. Unless the operator chose to keep the payment (with a reason, which
 * also flags the order for review), what remains paid is to be refunded and the cans returned to stock: the
 * settlement process manager does both, once.
 */
export type PaidOrderCancelled = DomainEvent<
  'PaidOrderCancelled',
  { paymentIntentId: string; refundCents: number; keptReason: string | null }
>;
/** Money given back to the customer at the provider (the payment stream holds the same refund). */
export type OrderRefunded = DomainEvent<'OrderRefunded', { paymentIntentId: string; refundId: string; amountCents: number; note: string }>;
/**
 * The browser that opened this checkout asked again with the same pack and details while its hold lasted (a
 * reload, a second tab, Continue to Payment after Edit details): it got this checkout back, with its number and hold.
 */
export type CheckoutResumed = DomainEvent<'CheckoutResumed', { at: string }>;
/**
 * A pickup order handed over at the cellar door, the collector's photo ID checked (18+): which kind of ID, who
 * collected it (null: the customer) and when. Who checked it is the event's actor. Followed by the status Delivered.
 */
export type OrderCollected = DomainEvent<
  'OrderCollected',
  { idChecked: true; idType: IdType; collectedBy: string | null; collectedAt: string }
>;
/** The operator's internal note on the order (who wrote it is the event's actor): never e-mailed. */
export type OrderNoteAdded = DomainEvent<'OrderNoteAdded', { note: string }>;

/** Cans of one beer the customer sent back, and what they are worth priced from the order's own lines. */
export interface ReturnedCans {
  productId: string;
  productName: string;
  cans: number;
  valueCents: number;
}

/**
 * Cans of an order with its customer (shipped, delivered, collected) that the customer sent back, recorded once per
 * return id. The cans go back on the shelf (`StockReturned` with the same return id, once per beer) and
 * `refundCents` (0: none) is refunded under a key of the return's own.
 */
export type OrderItemsReturned = DomainEvent<
  'OrderItemsReturned',
  { returnId: string; items: ReturnedCans[]; refundCents: number; returnedAt: string }
>;

export type OrderEvent =
  | OrderPlaced
  | PaymentIntentAttached
  | OrderCancelled
  | OrderPaid
  | OrderNeedsReview
  | InvoiceNumberAssigned
  | OrderDeleted
  | OrderReservationReleased
  | OrderStatusChanged
  | TrackingReferenceSet
  | OrderReviewResolved
  | OrderRefunded
  | OrderCaptureClaimed
  | OrderCaptureClaimReleased
  | PaidOrderCancelled
  | CheckoutResumed
  | OrderNoteAdded
  | OrderCollected
  | OrderItemsReturned
  | ShippingLabelRecorded;

/**
 * A shipping label's consignment, decided on the order as its stream stood (appended at the revision it was read
 * at, before the label itself): a cancellation recorded first makes the label refused, never made.
 */
export type ShippingLabelRecorded = DomainEvent<'ShippingLabelRecorded', { consignmentNumber: string }>;

export type OrderEventType = OrderEvent['type'];

export const ORDER_EVENT_TYPES = [
  'OrderPlaced',
  'PaymentIntentAttached',
  'OrderCancelled',
  'OrderPaid',
  'OrderNeedsReview',
  'InvoiceNumberAssigned',
  'OrderDeleted',
  'OrderReservationReleased',
  'OrderStatusChanged',
  'TrackingReferenceSet',
  'OrderReviewResolved',
  'OrderRefunded',
  'OrderCaptureClaimed',
  'OrderCaptureClaimReleased',
  'PaidOrderCancelled',
  'CheckoutResumed',
  'OrderNoteAdded',
  'OrderCollected',
  'OrderItemsReturned',
  'ShippingLabelRecorded',
] as const satisfies readonly OrderEventType[];

// Fails to compile when an event type is added to the union but not to the list above.
const everyOrderEventListed: [Exclude<OrderEventType, (typeof ORDER_EVENT_TYPES)[number]>] extends [never] ? true : never = true;
void everyOrderEventListed;

export function orderStreamName(orderId: string): string {
  return `order-${orderId}`;
}
