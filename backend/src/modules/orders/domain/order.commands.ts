import type { Actor } from '@brewery/eventstore';
import type { Fulfilment, PickedCans } from '@brewery/shop-rules';
import type { IdType, OrderCancelReason, OrderCustomer, OrderPlacedData, OrderStatus, ReservationReleaseReason } from './order.events';

/** Where a new checkout comes from: keyed hashes of its client address and browser cookie, and its e-mail address. */
export interface CheckoutOrigin {
  client: string;
  browser: string;
  email: string;
}

/** A pack line as the customer saw it: `priceCents` per can for single lines, for the whole line otherwise. */
export interface SeenCartLine {
  productId: string;
  packSize: string;
  quantity: number;
  priceCents: number;
}

/**
 * The money a return moves: none; the value of the returned cans priced from the order's own lines (at most what
 * is left to refund); or an amount the operator chose (refused above what is left).
 */
export type ReturnRefund = { kind: 'none' } | { kind: 'value' } | { kind: 'amount'; amountCents: number };

/** What may be set on many orders at once: the dispatch steps of paid orders. */
export const DISPATCH_STEPS = ['packed_awaiting_pickup', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];
export type DispatchStep = (typeof DISPATCH_STEPS)[number];

/** What may be asked of one order stream. Time arrives on the command. */
export type OrderCommand =
  | { type: 'PlaceOrder'; order: OrderPlacedData }
  | { type: 'AttachPaymentIntent'; paymentIntentId: string }
  | { type: 'CancelOrder'; reason: OrderCancelReason; detail: string }
  /**
   * A newer checkout ends this pending one when it comes from the same browser, or from the same client address
   * with the same e-mail address; otherwise nothing changes (knowing an e-mail address releases nobody's hold).
   */
  | { type: 'SupersedeCheckout'; by: CheckoutOrigin }
  /**
   * The same browser asks again with the same pack (and prices) and details while the hold has at least
   * `marginMs` to run: this checkout is resumed rather than replaced. Otherwise nothing changes.
   */
  | {
      type: 'ResumeCheckout';
      browser: string;
      lines: readonly SeenCartLine[];
      customer: OrderCustomer;
      fulfilment: Fulfilment;
      at: string;
      marginMs: number;
      /** Every beer of the order is on sale at `at` (a release scheduled after its cans were held is not yet). */
      onSale: boolean;
      /** The discount code asked for now, in capitals (null: none): resumed only with the code it was placed with. */
      discountCode: string | null;
    }
  /** Given an invoice number, the order is invoiced in the same append (one write fewer per order). */
  | { type: 'MarkOrderPaid'; paymentIntentId: string; amountCents: number; paidAt: string; invoiceNumber?: string }
  | { type: 'FlagOrderForReview'; reason: string; paymentIntentId: string | null }
  | { type: 'AssignInvoiceNumber'; invoiceNumber: string }
  | { type: 'DeletePendingOrder'; deletedAt: string }
  | { type: 'RecordReservationReleased'; reason: ReservationReleaseReason }
  /** A shipping label's consignment becomes the reference of an order that has none (never replaces one). */
  | { type: 'SetTrackingReferenceIfNone'; trackingReference: string }
  /**
   * The operator's manual status and tracking form; `by` becomes the events' actor. A null reference keeps
   * the order's own (a status set on many orders at once).
   */
  | {
      type: 'ChangeOrderStatus';
      status: OrderStatus;
      trackingReference: string | null;
      by: Actor;
      notifyCustomer?: boolean;
      /** Cancelling a paid order: keep the payment (no refund, no restock) for this reason; absent, refund and restock. */
      keepPaymentReason?: string;
    }
  /**
   * A dispatch step set on many orders at once (all packed, all shipped): only for an order that is paid and
   * neither deleted nor cancelled; otherwise as the status form with the order's own tracking reference.
   */
  | { type: 'SetDispatchStep'; status: DispatchStep; by: Actor; notifyCustomer?: boolean }
  /** The operator closes the order's review, saying how. */
  | { type: 'ResolveReview'; note: string }
  /**
   * A pickup order handed over at the cellar door: only with the collector's photo ID checked, only for a paid
   * pickup order that is neither cancelled nor deleted. Sets it Delivered, without e-mailing.
   */
  | { type: 'RecordCollection'; idChecked: boolean; idType: IdType; collectedBy: string | null; at: string }
  /** An internal note on the order, for the shop's people: kept in its history, never sent to the customer. */
  | { type: 'AddOrderNote'; note: string }
  /**
   * The capture of an authorised payment is about to be asked of the provider: refused for an order that is
   * ended, or when the amount authorised is not the order's total in Australian dollars.
   */
  | { type: 'ClaimCapture'; paymentIntentId: string; amountCents: number; currency: string }
  /**
   * A payment has succeeded (the money is taken) and is to pay the order: claimed for it, as a capture is, or,
   * when it cannot pay it (deleted, ended, paid by another, another amount), the order flagged for review.
   */
  | { type: 'ClaimPayment'; paymentIntentId: string; amountCents: number; currency: string }
  /** The claimed capture was not made. */
  | { type: 'ReleaseCaptureClaim'; paymentIntentId: string; reason: string }
  /**
   * Cans the customer sent back, of a paid order with its customer (shipped, delivered, collected), recorded once
   * per return id; with a refund of the cans' value, of an amount, or none.
   */
  | { type: 'RecordReturn'; returnId: string; items: readonly PickedCans[]; refund: ReturnRefund; at: string }
  /** A refund made at the provider, recorded on the order (once per refund id). */
  | { type: 'RecordRefund'; paymentIntentId: string; refundId: string; amountCents: number; note: string };
