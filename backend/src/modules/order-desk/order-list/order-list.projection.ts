import { orderSearchText } from './order-search';
import { Injectable } from '@nestjs/common';
import {
  streamCategory,
  streamId,
  type Actor,
  type Collection,
  type Doc,
  type DocumentStore,
  type RecordedEvent,
} from '@brewery/eventstore';
import type { Projection } from '../../../platform/projections/projection';
import { assertNever } from '../../../shared-kernel/decider';
import { ORDER_EVENT_TYPES, type IdType, type OrderEvent, type OrderStatus } from '../../orders';

import { auspostTrackingUrl, pickupWhen, type Fulfilment, fulfilmentOf, decimalString } from '@brewery/shop-rules';

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
  /** Price of one unit: a can for single lines, a whole pack otherwise. */
  unitPrice: string;
  lineTotal: string;
  product: { name: string; style: string; abv: number };
}

/** The spec's Order, in camelCase, with its history and what the operator needs to act on it. */
export interface OrderDoc extends Doc {
  _id: string;
  /** Revision of the order stream's last event applied: the idempotency guard. */
  revision: number;
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
  subtotal: string;
  shippingCost: string;
  totalAmount: string;
  /** The total in cents, for sorting by amount (`totalAmount` is text). */
  totalCents: number;
  gstIncluded: string;
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
  /** Money given back to the customer, in dollars (absent: none). */
  refundedAmount?: string;
  refunds?: { amount: string; at: string; note: string }[];
  /**
   * What the shop is refunding by itself and has not yet recorded, in dollars: a paid cancellation's refund on its
   * way (absent or '0.00': none). Falls as its refunds are recorded; cleared when the order is flagged about its
   * payment (the refund was refused and handed to the operator).
   */
  refundUnderWay?: string;
  /** Cans the customer sent back, oldest first (absent: none): which, when, and what was to be refunded for them. */
  returns?: { returnId: string; at: string; items: { productId: string; productName: string; cans: number }[]; refund: string }[];
  /** The shop's internal notes, oldest first (absent: none). Never shown to the customer. */
  notes?: { note: string; at: string; by: Actor }[];
  cancelReason: string | null;
  deleted: boolean;
  /** Out of the operator's lists: deleted, or abandoned at checkout (unless it needs review). */
  hidden: boolean;
  /** What the admin's search matches, in one text (`orderSearchText`); absent on documents kept before it existed. */
  searchText?: string;
}

/** Every order, for the admin's Active and Pending tabs, the backups summary and the reservation sweep. */
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

  async apply(recorded: RecordedEvent, store: DocumentStore): Promise<void> {
    const orders = store.collection<OrderDoc>(ORDERS);
    if (streamCategory(recorded.streamName) === 'payment') return this.applyPayment(recorded, orders);
    const orderId = streamId(recorded.streamName);
    const event = { type: recorded.type, data: recorded.data } as OrderEvent;
    const at = recorded.metadata.occurredAt;
    const by = recorded.metadata.actor;
    const guard = { _id: orderId, revision: { $lt: recorded.revision } };
    const set = (fields: Partial<OrderDoc>): Record<string, unknown> => ({ $set: { ...fields, revision: recorded.revision } });
    switch (event.type) {
      case 'OrderPlaced': {
        if (await orders.findOne({ _id: orderId })) return;
        const { data } = event;
        const c = data.customer;
        const fulfilment = fulfilmentOf(data);
        await orders.replaceOne({
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
          subtotal: decimalString(data.subtotalCents),
          shippingCost: decimalString(data.shippingCents),
          totalAmount: decimalString(data.totalCents),
          totalCents: data.totalCents,
          gstIncluded: decimalString(data.gstCents),
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
            unitPrice: decimalString(item.unitPriceCents),
            lineTotal: decimalString(item.lineTotalCents),
            product: { name: item.productName, style: item.style, abv: item.abv },
          })),
          statusHistory: [{ status: 'pending', at, by }],
          estimatedDelivery: data.estimatedDelivery,
          isPerthMetro: data.isPerthMetro,
          paymentIntentId: null,
          paidAt: null,
          reservationExpiresAt: data.reservationExpiresAt,
          reservation: 'held',
          needsReview: false,
          reviewReasons: [],
          reviewResolution: null,
          refundedAmount: '0.00',
          refunds: [],
          cancelReason: null,
          deleted: false,
          hidden: false,
          searchText: orderSearchText({
            customerName: c.name,
            customerEmail: c.email,
            customerPhone: c.phone,
            address: c,
            trackingReference: null,
            paymentIntentId: null,
            invoiceNumber: null,
          }),
        });
        return;
      }
      case 'PaymentIntentAttached':
        await orders.updateOne(guard, set(await searchable(orders, orderId, { paymentIntentId: event.data.paymentIntentId })));
        return;
      case 'OrderCancelled': {
        // Out of the lists, unless it needs the operator (a refused payment for the wrong amount, say).
        const needsReview = (await orders.findOne({ _id: orderId }))?.needsReview ?? false;
        await orders.updateOne(guard, {
          $set: {
            revision: recorded.revision,
            status: 'cancelled',
            cancelReason: event.data.reason,
            hidden: !needsReview,
            reservation: 'released',
          },
          $push: { statusHistory: { status: 'cancelled', at, by } },
        });
        return;
      }
      case 'OrderPaid':
        await orders.updateOne(guard, {
          $set: {
            revision: recorded.revision,
            status: 'paid',
            paidAt: event.data.paidAt,
            reservation: 'sold',
            ...(await searchable(orders, orderId, { paymentIntentId: event.data.paymentIntentId })),
          },
          $push: { statusHistory: { status: 'paid', at, by } },
        });
        return;
      case 'OrderNeedsReview': {
        // The order flagged about its own payment: whatever refund was on its way is the operator's now.
        const stored = await orders.findOne({ _id: orderId });
        const handedOver = stored !== null && centsOf(stored.refundUnderWay) > 0 && event.data.paymentIntentId === stored.paymentIntentId;
        await orders.updateOne(guard, {
          $set: {
            revision: recorded.revision,
            needsReview: true,
            hidden: false,
            reviewResolution: null,
            ...(handedOver ? { refundUnderWay: '0.00' } : {}),
          },
          $push: { reviewReasons: event.data.reason },
        });
        return;
      }
      case 'OrderReviewResolved':
        // An order once flagged stays in the lists after it is resolved, whatever its status: the operator who
        // settled it (a refund, a cancelled payment) must find it again. Only checkouts abandoned without a
        // problem stay out of them.
        await orders.updateOne(guard, set({ needsReview: false, reviewResolution: { note: event.data.note, at } }));
        return;
      case 'OrderRefunded': {
        const stored = await orders.findOne({ _id: orderId });
        const refundedCents = centsOf(stored?.refundedAmount) + event.data.amountCents;
        const underWay =
          stored?.refundUnderWay === undefined
            ? {}
            : { refundUnderWay: decimalString(Math.max(0, centsOf(stored.refundUnderWay) - event.data.amountCents)) };
        await orders.updateOne(guard, {
          $set: { revision: recorded.revision, refundedAmount: decimalString(refundedCents), ...underWay },
          $push: { refunds: { amount: decimalString(event.data.amountCents), at, note: event.data.note } },
        });
        return;
      }
      case 'InvoiceNumberAssigned':
        await orders.updateOne(guard, set(await searchable(orders, orderId, { invoiceNumber: event.data.invoiceNumber })));
        return;
      case 'OrderDeleted':
        await orders.updateOne(guard, {
          $set: { revision: recorded.revision, status: 'cancelled', deleted: true, hidden: true, cancelReason: 'deleted' },
          $push: { statusHistory: { status: 'cancelled', at, by } },
        });
        return;
      case 'OrderReservationReleased':
        await orders.updateOne(guard, set({ reservation: 'released' }));
        return;
      case 'OrderStatusChanged':
        await orders.updateOne(guard, {
          $set: { revision: recorded.revision, status: event.data.to },
          $push: { statusHistory: { status: event.data.to, at, by } },
        });
        return;
      case 'TrackingReferenceSet':
        await orders.updateOne(
          guard,
          set({
            ...(await searchable(orders, orderId, { trackingReference: event.data.trackingReference })),
            trackingUrl: auspostTrackingUrl(event.data.trackingReference),
          }),
        );
        return;
      case 'OrderNoteAdded':
        await orders.updateOne(guard, { $set: { revision: recorded.revision }, $push: { notes: { note: event.data.note, at, by } } });
        return;
      case 'OrderCollected': {
        const { idType, collectedBy, collectedAt } = event.data;
        await orders.updateOne(guard, set({ collection: { idType, collectedBy, at: collectedAt, by } }));
        return;
      }
      case 'PaidOrderCancelled':
        // What remains paid is refunded by the shop itself (unless the payment is kept): on its way until recorded.
        await orders.updateOne(guard, set({ refundUnderWay: decimalString(event.data.keptReason === null ? event.data.refundCents : 0) }));
        return;
      case 'OrderItemsReturned': {
        const { returnId, items, refundCents, returnedAt } = event.data;
        await orders.updateOne(guard, {
          $set: { revision: recorded.revision },
          $push: {
            returns: {
              returnId,
              at: returnedAt,
              items: items.map(({ productId, productName, cans }) => ({ productId, productName, cans })),
              refund: decimalString(refundCents),
            },
          },
        });
        return;
      }
      case 'OrderCaptureClaimed':
      case 'OrderCaptureClaimReleased':
      case 'CheckoutResumed':
      case 'ShippingLabelRecorded':
        // The capture under way (or the label's consignment taken) shows in the order's history; its outcome changes
        // the lists (paid, or cancelled; the label's tracking reference).
        await orders.updateOne(guard, set({}));
        return;
      default:
        assertNever(event);
    }
  }

  /**
   * A declined card, or one accepted since, on the order its payment names. Setting the same value again
   * changes nothing, and a decline older than the one kept (or than an acceptance) never replaces it.
   */
  private async applyPayment(recorded: RecordedEvent, orders: Collection<OrderDoc>): Promise<void> {
    const data = recorded.data as { orderId?: string | null; failureMessage?: string | null };
    if (typeof data.orderId !== 'string') return;
    const at = recorded.metadata.occurredAt;
    // The read models apply one event at a time: read, compare, write is safe here.
    const order = await orders.findOne({ _id: data.orderId });
    if (order === null || (order.paymentAnsweredAt !== undefined && order.paymentAnsweredAt > at)) return;
    const declined = recorded.type === 'PaymentFailed' ? { message: data.failureMessage ?? 'The card was declined.', at } : null;
    await orders.updateOne({ _id: data.orderId }, { $set: { paymentDeclined: declined, paymentAnsweredAt: at } });
  }
}

/** Dollars as the read model keeps them ("12.50", or absent: none) in cents. */
function centsOf(dollars: string | undefined): number {
  return Math.round(Number(dollars ?? '0') * 100);
}

/**
 * A change to a field the search reads, with the order's search text made again from the stored order and
 * the change. An event applied before changes nothing: the revision guard drops the update, text and all.
 */
async function searchable<K extends 'paymentIntentId' | 'invoiceNumber' | 'trackingReference'>(
  orders: Collection<OrderDoc>,
  orderId: string,
  change: Pick<OrderDoc, K>,
): Promise<Pick<OrderDoc, K> | (Pick<OrderDoc, K> & { searchText: string })> {
  const order = await orders.findOne({ _id: orderId });
  return order === null ? change : { ...change, searchText: orderSearchText({ ...order, ...change }) };
}
