import { orderSearchText } from './order-search';
import { Injectable } from '@nestjs/common';
import { streamCategory, streamId, type Actor, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';
import { applyFold, type Fold, type FoldedDoc } from '../../../platform/projections/fold';
import type { Projection } from '../../../platform/projections/projection';
import { assertNever } from '../../../shared-kernel/decider';
import { ORDER_EVENT_TYPES, type IdType, type OrderEvent, type OrderPlacedData, type OrderStatus } from '../../orders';

import { auspostTrackingUrl, pickupWhen, type AppliedDiscount, type Fulfilment, fulfilmentOf } from '@brewery/shop-rules';

export const ORDERS = 'orders';

export interface OrderItemView {
  id: string;
  productId: string;
  /** Cans. */
  quantity: number;
  packSize: string;
  packQuantity: number;
  /** Units bought (cans for single lines, packs otherwise): packs × unitPrice = lineTotal. */
  packs: number;
  /** Price of one unit in cents: a can for single lines, a whole pack otherwise. */
  unitPriceCents: number;
  lineTotalCents: number;
  product: { name: string; style: string; abv: number };
}

/** The spec's Order, in camelCase, with its history and what the operator needs to act on it. */
export interface OrderDoc extends FoldedDoc {
  number: number;
  id: string;
  status: OrderStatus;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** One line, as a label shows it; for a pickup, when it is collected at the cellar door. */
  shippingAddress: string;
  /** Posted or collected at the cellar door (absent on documents kept before pickups: delivery). */
  fulfilment?: Fulfilment;
  /** The Saturday a pickup is collected (`YYYY-MM-DD`), or null for a delivery: the cellar door's list. */
  pickupDate?: string | null;
  /** The hand-over at the cellar door: the photo ID checked, who collected, when, and who checked it. */
  collection?: { idType: IdType; collectedBy: string | null; at: string; by: Actor } | null;
  address: { addressLine1: string; addressLine2: string | null; suburb: string; postCode: string; state: string };
  /** Money in cents, as the order's events carry it; written as dollars at the edge (`adminOrderOf`). */
  /** The beers' lines added up, before any discount. */
  subtotalCents: number;
  shippingCents: number;
  /**
   * The discount code the order was priced with and what it took off, in cents (null: none; absent on documents
   * kept before discount codes: none). subtotal + shipping - discount = total.
   */
  discount?: AppliedDiscount | null;
  /** What is charged. */
  totalCents: number;
  /** GST included in the total: one eleventh of it. */
  gstCents: number;
  totalCans: number;
  trackingReference: string | null;
  /** Australia Post's tracking page for the reference, or null. */
  trackingUrl: string | null;
  invoiceNumber: string | null;
  createdAt: string;
  items: OrderItemView[];
  statusHistory: { status: OrderStatus; at: string; by: Actor }[];
  estimatedDelivery: string;
  isPerthMetro: boolean;
  paymentIntentId: string | null;
  paidAt: string | null;
  reservationExpiresAt: string;
  reservation: 'held' | 'released' | 'sold';
  /** Flagged for review and not yet resolved by the operator. */
  needsReview: boolean;
  reviewReasons: string[];
  /** How the operator closed the review, once closed (absent on documents made before resolutions existed). */
  reviewResolution?: { note: string; at: string } | null;
  /**
   * The customer's card was declined on the last try (the message the bank gave, and when); null once a card
   * is authorised. Absent on documents made before it was kept.
   */
  paymentDeclined?: { message: string; at: string } | null;
  /** When the provider last said yes or no to a card for this order (orders the declines). */
  paymentAnsweredAt?: string;
  /** Money given back to the customer, in cents. */
  refundedCents: number;
  refunds: { amountCents: number; at: string; note: string }[];
  /**
   * What the shop is refunding by itself and has not yet recorded, in cents: a paid cancellation's refund on its
   * way (absent or 0: none). Falls as its refunds are recorded; cleared when the order is flagged about its
   * payment (the refund was refused and handed to the operator).
   */
  refundUnderWayCents?: number;
  /** Cans the customer sent back, oldest first (absent: none): which, when, and what was to be refunded for them. */
  returns?: { returnId: string; at: string; items: { productId: string; productName: string; cans: number }[]; refundCents: number }[];
  /** The shop's internal notes, oldest first (absent: none). Never shown to the customer. */
  notes?: { note: string; at: string; by: Actor }[];
  cancelReason: string | null;
  deleted: boolean;
  /** Out of the operator's lists: deleted, or abandoned at checkout (unless it needs review). */
  hidden: boolean;
  /** What the admin's search matches, in one text (`orderSearchText`). */
  searchText: string;
}

/**
 * Every order, for the admin's Active and Pending tabs, the backups summary and the reservation sweep: the order's
 * stream folded into one document, and its payment's answers (whether its card was declined) folded in beside.
 */
export const orderListFold: Fold<OrderDoc> = {
  collection: ORDERS,
  documentOf(event) {
    if (streamCategory(event.streamName) !== 'payment') return { id: streamId(event.streamName), ownStream: true };
    const orderId = (event.data as { orderId?: unknown }).orderId;
    return typeof orderId === 'string' ? { id: orderId, ownStream: false } : null;
  },
  evolve(doc, recorded) {
    if (streamCategory(recorded.streamName) === 'payment') return doc === null ? null : paymentAnswered(doc, recorded);
    const event = { type: recorded.type, data: recorded.data } as OrderEvent;
    if (event.type === 'OrderPlaced') return doc ?? placedOrder(streamId(recorded.streamName), event.data, recorded);
    return doc === null ? null : evolveOrder(doc, event, recorded.metadata.occurredAt, recorded.metadata.actor);
  },
};

@Injectable()
export class OrderListProjection implements Projection {
  readonly name = 'order-list';
  readonly collections = [ORDERS];
  /** The order's own events, and the payment's refusals and authorisations (whether its card was declined). */
  readonly eventTypes = [...ORDER_EVENT_TYPES, 'PaymentFailed', 'PaymentAuthorised', 'PaymentSucceeded'];
  /** For the admin lists and their search (`order-search.ts`): by status and day, by total, by number. */
  readonly indexes = {
    [ORDERS]: [
      { hidden: 1, createdAt: -1, number: -1 },
      { hidden: 1, status: 1, createdAt: -1 },
      { hidden: 1, totalCents: -1, number: -1 },
      { number: 1 },
      { hidden: 1, number: -1 },
      { paymentIntentId: 1 },
      // The cellar door's list: a Saturday's pickups.
      { hidden: 1, pickupDate: 1, number: 1 },
      // The reservation sweep: held reservations past their expiry.
      { deleted: 1, reservation: 1, reservationExpiresAt: 1 },
    ],
  } as const;

  apply(event: RecordedEvent, store: DocumentStore): Promise<void> {
    return applyFold(orderListFold, event, store);
  }
}

/** A new order's document, from its `OrderPlaced`. */
function placedOrder(orderId: string, data: OrderPlacedData, recorded: RecordedEvent): OrderDoc {
  const c = data.customer;
  const fulfilment = fulfilmentOf(data);
  const order: OrderDoc = {
    _id: orderId,
    revision: recorded.revision,
    number: Number(orderId),
    id: orderId,
    status: 'pending',
    customerName: c.name,
    customerEmail: c.email,
    customerPhone: c.phone,
    shippingAddress:
      fulfilment.method === 'pickup'
        ? `Cellar door pickup, ${pickupWhen(fulfilment.pickupDate)}`
        : [c.addressLine1, c.addressLine2, `${c.suburb} ${c.state} ${c.postCode}`]
            .filter((part) => part !== null && part !== '')
            .join(', '),
    fulfilment,
    pickupDate: fulfilment.method === 'pickup' ? fulfilment.pickupDate : null,
    collection: null,
    address: { addressLine1: c.addressLine1, addressLine2: c.addressLine2, suburb: c.suburb, postCode: c.postCode, state: c.state },
    subtotalCents: data.subtotalCents,
    shippingCents: data.shippingCents,
    discount: data.discount ?? null,
    totalCents: data.totalCents,
    gstCents: data.gstCents,
    totalCans: data.totalCans,
    trackingReference: null,
    trackingUrl: null,
    invoiceNumber: null,
    createdAt: data.placedAt,
    items: data.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      quantity: item.quantity,
      packSize: item.packSize,
      packQuantity: item.packQuantity,
      packs: item.packs,
      unitPriceCents: item.unitPriceCents,
      lineTotalCents: item.lineTotalCents,
      product: { name: item.productName, style: item.style, abv: item.abv },
    })),
    statusHistory: [{ status: 'pending', at: recorded.metadata.occurredAt, by: recorded.metadata.actor }],
    estimatedDelivery: data.estimatedDelivery,
    isPerthMetro: data.isPerthMetro,
    paymentIntentId: null,
    paidAt: null,
    reservationExpiresAt: data.reservationExpiresAt,
    reservation: 'held',
    needsReview: false,
    reviewReasons: [],
    reviewResolution: null,
    refundedCents: 0,
    refunds: [],
    cancelReason: null,
    deleted: false,
    hidden: false,
    searchText: '',
  };
  return { ...order, searchText: orderSearchText(order) };
}

/** The order after one of its events (other than its placing). */
function evolveOrder(doc: OrderDoc, event: Exclude<OrderEvent, { type: 'OrderPlaced' }>, at: string, by: Actor): OrderDoc {
  switch (event.type) {
    case 'PaymentIntentAttached':
      return searchable(doc, { paymentIntentId: event.data.paymentIntentId });
    case 'OrderCancelled':
      // Out of the lists, unless it needs the operator (a refused payment for the wrong amount, say).
      return {
        ...doc,
        status: 'cancelled',
        cancelReason: event.data.reason,
        hidden: !doc.needsReview,
        reservation: 'released',
        statusHistory: [...doc.statusHistory, { status: 'cancelled', at, by }],
      };
    case 'OrderPaid':
      return {
        ...searchable(doc, { paymentIntentId: event.data.paymentIntentId }),
        status: 'paid',
        paidAt: event.data.paidAt,
        reservation: 'sold',
        statusHistory: [...doc.statusHistory, { status: 'paid', at, by }],
      };
    case 'OrderNeedsReview': {
      // The order flagged about its own payment: whatever refund was on its way is the operator's now.
      const handedOver = (doc.refundUnderWayCents ?? 0) > 0 && event.data.paymentIntentId === doc.paymentIntentId;
      return {
        ...doc,
        needsReview: true,
        hidden: false,
        reviewResolution: null,
        ...(handedOver ? { refundUnderWayCents: 0 } : {}),
        reviewReasons: [...doc.reviewReasons, event.data.reason],
      };
    }
    case 'OrderReviewResolved':
      // An order once flagged stays in the lists after it is resolved, whatever its status: the operator who
      // settled it (a refund, a cancelled payment) must find it again. Only checkouts abandoned without a
      // problem stay out of them.
      return { ...doc, needsReview: false, reviewResolution: { note: event.data.note, at } };
    case 'OrderRefunded':
      return {
        ...doc,
        refundedCents: doc.refundedCents + event.data.amountCents,
        ...(doc.refundUnderWayCents === undefined
          ? {}
          : { refundUnderWayCents: Math.max(0, doc.refundUnderWayCents - event.data.amountCents) }),
        refunds: [...doc.refunds, { amountCents: event.data.amountCents, at, note: event.data.note }],
      };
    case 'InvoiceNumberAssigned':
      return searchable(doc, { invoiceNumber: event.data.invoiceNumber });
    case 'OrderDeleted':
      return {
        ...doc,
        status: 'cancelled',
        deleted: true,
        hidden: true,
        cancelReason: 'deleted',
        statusHistory: [...doc.statusHistory, { status: 'cancelled', at, by }],
      };
    case 'OrderReservationReleased':
      return { ...doc, reservation: 'released' };
    case 'OrderStatusChanged':
      return { ...doc, status: event.data.to, statusHistory: [...doc.statusHistory, { status: event.data.to, at, by }] };
    case 'TrackingReferenceSet':
      return {
        ...searchable(doc, { trackingReference: event.data.trackingReference }),
        trackingUrl: auspostTrackingUrl(event.data.trackingReference),
      };
    case 'OrderNoteAdded':
      return { ...doc, notes: [...(doc.notes ?? []), { note: event.data.note, at, by }] };
    case 'OrderCollected': {
      const { idType, collectedBy, collectedAt } = event.data;
      return { ...doc, collection: { idType, collectedBy, at: collectedAt, by } };
    }
    case 'PaidOrderCancelled':
      // What remains paid is refunded by the shop itself (unless the payment is kept): on its way until recorded.
      return { ...doc, refundUnderWayCents: event.data.keptReason === null ? event.data.refundCents : 0 };
    case 'OrderItemsReturned': {
      const { returnId, items, refundCents, returnedAt } = event.data;
      const returned = {
        returnId,
        at: returnedAt,
        items: items.map(({ productId, productName, cans }) => ({ productId, productName, cans })),
        refundCents,
      };
      return { ...doc, returns: [...(doc.returns ?? []), returned] };
    }
    case 'OrderCaptureClaimed':
    case 'OrderCaptureClaimReleased':
    case 'CheckoutResumed':
    case 'ShippingLabelRecorded':
      // The capture under way (or the label's consignment taken) shows in the order's history; its outcome changes
      // the lists (paid, or cancelled; the label's tracking reference).
      return doc;
    default:
      return assertNever(event);
  }
}

/**
 * A declined card, or one accepted since, on the order its payment names. The same answer again changes nothing,
 * and a decline older than the one kept (or than an acceptance) never replaces it.
 */
function paymentAnswered(doc: OrderDoc, recorded: RecordedEvent): OrderDoc {
  const at = recorded.metadata.occurredAt;
  if (doc.paymentAnsweredAt !== undefined && doc.paymentAnsweredAt > at) return doc;
  const failureMessage = (recorded.data as { failureMessage?: string | null }).failureMessage;
  const declined = recorded.type === 'PaymentFailed' ? { message: failureMessage ?? 'The card was declined.', at } : null;
  return { ...doc, paymentDeclined: declined, paymentAnsweredAt: at };
}

/** A change to a field the search reads, with the order's search text made again. */
function searchable(doc: OrderDoc, change: Partial<Pick<OrderDoc, 'paymentIntentId' | 'invoiceNumber' | 'trackingReference'>>): OrderDoc {
  const changed = { ...doc, ...change };
  return { ...changed, searchText: orderSearchText(changed) };
}
