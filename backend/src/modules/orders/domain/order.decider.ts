import { assertNever, type Decider } from '../../../shared-kernel/decider';
import type { CheckoutOrigin, OrderCommand, ReturnRefund, SeenCartLine } from './order.commands';
import { OrderErrors } from './order.errors';

import {
  type OrderCancelReason,
  type OrderCustomer,
  type OrderEvent,
  type OrderPlacedData,
  type OrderStatus,
  type ReturnedCans,
} from './order.events';
import {
  cansOfBeers,
  formatCents,
  cansValueCents,
  isTrackingReference,
  isWithCustomer,
  notifiedByDefault,
  type Fulfilment,
  type PickedCans,
  decimalString,
  roleMay,
  fulfilmentOf,
  linesAsPaid,
} from '@brewery/shop-rules';
import { chosenFulfilment } from './fulfilment';

export interface PlacedOrder {
  kind: 'placed';
  status: OrderStatus;
  order: OrderPlacedData;
  paymentIntentId: string | null;
  /** The payment intent whose success paid the order. */
  paidWith: string | null;
  invoiceNumber: string | null;
  /** What became of the cans reserved at checkout. */
  reservation: 'held' | 'released' | 'sold';
  /** Deleted by the operator while pending: gone from the lists, kept in the log. */
  deleted: boolean;
  reviewReasons: readonly string[];
  /** The operator closed the review; a new reason opens it again. */
  reviewResolved: boolean;
  /** Refunds recorded on the order, by the provider's refund id. */
  refundIds: readonly string[];
  refundedCents: number;
  /** The carrier's reference the operator set, or null. */
  trackingReference: string | null;
  /** The authorised payment the shop is capturing now (claimed, not yet paid or released), or null. */
  captureClaim: string | null;
  /** What the successful payment took, in cents (0 until paid). */
  paidCents: number;
  /** The last cancellation of the order once paid: what was to be refunded, or why the payment was kept. */
  paidCancellation: { refundCents: number; keptReason: string | null } | null;
  /** A pickup order handed over at the cellar door. */
  collected: boolean;
  /**
   * How the order first reached its customer (shipped, delivered, or collected), kept whatever status it is set
   * to afterwards: such an order is never cancelled, even when set back to an earlier status first.
   */
  reachedCustomer?: 'shipped' | 'delivered' | 'collected' | null;
  /** Cans the customer sent back, one entry per return id (absent on states folded before returns existed). */
  returns?: readonly RecordedReturn[];
}

/** A return as the order recorded it: which cans, and what was to be refunded for them. */
export interface RecordedReturn {
  returnId: string;
  items: readonly { productId: string; cans: number }[];
  refundCents: number;
}

export type OrderState = { kind: 'absent' } | PlacedOrder;

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: { kind: 'absent' },
  decide,
  evolve,
};

function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  if (command.type === 'PlaceOrder') {
    if (state.kind !== 'absent') throw OrderErrors.alreadyPlaced(command.order.orderId);
    chosenFulfilment(command.order.fulfilment, new Date(command.order.placedAt));
    return [{ type: 'OrderPlaced', data: command.order }];
  }
  if (state.kind === 'absent') throw OrderErrors.notFound(null);
  const orderId = state.order.orderId;
  switch (command.type) {
    case 'AttachPaymentIntent':
      if (state.paymentIntentId === command.paymentIntentId) return [];
      if (state.paymentIntentId !== null) throw OrderErrors.otherPaymentIntent(orderId, state.paymentIntentId);
      return [{ type: 'PaymentIntentAttached', data: { paymentIntentId: command.paymentIntentId } }];
    case 'CancelOrder':
    case 'SupersedeCheckout': {
      const ending = checkoutEnding(state, command);
      if (ending.kind === 'payment_under_way') throw OrderErrors.paymentUnderWay(orderId);
      return ending.kind === 'end' ? [{ type: 'OrderCancelled', data: ending.cancelled }] : [];
    }
    case 'ResumeCheckout':
      return isResumable(state, command) ? [{ type: 'CheckoutResumed', data: { at: command.at } }] : [];
    case 'MarkOrderPaid':
      if (state.paidWith === command.paymentIntentId) return [];
      if (state.paidWith !== null) throw OrderErrors.otherPaymentIntent(orderId, state.paidWith);
      if (state.deleted) throw OrderErrors.notPayable(orderId, 'the operator deleted it while it was pending');
      // A capture claimed for this payment decided it pays the order: a status set by hand meanwhile (never cancelled,
      // which the claim refuses) does not turn the money away.
      if (state.status !== 'pending' && state.captureClaim !== command.paymentIntentId)
        throw OrderErrors.notPayable(orderId, `it is ${state.status}`);
      return [
        { type: 'OrderPaid', data: { paymentIntentId: command.paymentIntentId, amountCents: command.amountCents, paidAt: command.paidAt } },
        ...(command.invoiceNumber !== undefined && state.invoiceNumber === null
          ? [{ type: 'InvoiceNumberAssigned' as const, data: { invoiceNumber: command.invoiceNumber } }]
          : []),
      ];
    case 'FlagOrderForReview':
      if (state.reviewReasons.includes(command.reason)) return [];
      return [{ type: 'OrderNeedsReview', data: { reason: command.reason, paymentIntentId: command.paymentIntentId } }];
    case 'AssignInvoiceNumber':
      if (state.invoiceNumber !== null) return [];
      if (state.paidWith === null) throw OrderErrors.notPaid(orderId);
      return [{ type: 'InvoiceNumberAssigned', data: { invoiceNumber: command.invoiceNumber } }];
    case 'DeletePendingOrder':
      if (state.deleted) return [];
      if (state.status !== 'pending') throw OrderErrors.notPending(orderId, state.status);
      // The operator may set a paid order back to pending by hand; its money and cans are still taken.
      if (state.paidWith !== null) throw OrderErrors.paidNotDeletable(orderId);
      if (state.captureClaim !== null) throw OrderErrors.paymentUnderWay(orderId);
      return [
        ...(state.reservation === 'held'
          ? [{ type: 'OrderReservationReleased' as const, data: { reason: 'order_deleted' as const } }]
          : []),
        { type: 'OrderDeleted', data: { deletedAt: command.deletedAt } },
      ];
    case 'RecordReservationReleased':
      if (state.reservation !== 'held') return [];
      return [{ type: 'OrderReservationReleased', data: { reason: command.reason } }];
    case 'SetTrackingReferenceIfNone':
      if (state.deleted || state.trackingReference !== null) return [];
      if (!isTrackingReference(command.trackingReference)) throw OrderErrors.invalidTrackingReference();
      // A label printed is not news for the customer: the e-mail with the tracking link goes when it ships.
      return [{ type: 'TrackingReferenceSet', data: { trackingReference: command.trackingReference, notifyCustomer: false } }];
    case 'ChangeOrderStatus': {
      if (state.deleted) throw OrderErrors.deleted(orderId);
      // A pickup is never posted, and reaches its customer only through the hand-over with the photo ID checked.
      if (fulfilmentOf(state.order).method === 'pickup' && command.status !== state.status) {
        if (command.status === 'shipped') throw OrderErrors.pickupNotShipped(orderId);
        if (command.status === 'delivered' && !state.collected) throw OrderErrors.pickupDeliveredByHandOver(orderId);
      }
      // An order with its customer (now; or, once paid, ever: set back to an earlier status first) is not
      // cancelled: its cans come back by a return, its money by a refund. An unpaid order only set to shipped by
      // mistake, and set back, is cancelled as any unpaid order (nothing was sent: no label is made unpaid).
      if (command.status === 'cancelled' && command.status !== state.status && withCustomer(state))
        throw OrderErrors.withCustomer(orderId, withCustomerHow(state));
      // A paid order cancelled had its money refunded (or kept, for review) and its cans returned: it is not
      // opened again (its cans would go out unpaid); the customer orders again.
      if (state.status === 'cancelled' && command.status !== 'cancelled' && state.paidCancellation !== null)
        throw OrderErrors.cancelledForGood(orderId);
      // A paid order is not awaiting its payment: Payment Pending would take it out of the orders to send and put
      // it among the checkouts not paid (and the payments without a paid order).
      if (command.status === 'pending' && command.status !== state.status && state.paidWith !== null)
        throw OrderErrors.paidNotPending(orderId);
      if (command.status === 'cancelled' && command.status !== state.status && state.captureClaim !== null)
        throw OrderErrors.paymentUnderWay(orderId);
      // Cancelling a paid order moves its money: a person whose role does not handle money (a packer) may not.
      if (
        command.status === 'cancelled' &&
        state.status !== 'cancelled' &&
        state.paidWith !== null &&
        typeof command.by === 'object' &&
        !roleMay(command.by.role, 'orders.money')
      )
        throw OrderErrors.moneyNotForRole();
      const reference = command.trackingReference;
      if (reference !== null && !isTrackingReference(reference)) throw OrderErrors.invalidTrackingReference();
      // Only what changed is recorded, so an unchanged form appends nothing (and e-mails nobody).
      const events: OrderEvent[] = [];
      // Packed is for the brewery, not news for the customer: e-mailed only when the operator asks for it.
      const notify = command.notifyCustomer ?? notifiedByDefault(command.status, fulfilmentOf(state.order).method);
      const quiet = notify ? {} : { notifyCustomer: false as const };
      // A paid order cancelled: its money and cans are decided in the same step (before the status, so the
      // status or tracking change stays the change's last event, the one its e-mail is keyed by).
      if (command.status === 'cancelled' && state.status !== 'cancelled' && state.paidWith !== null) {
        const keptReason = command.keepPaymentReason?.trim() ?? '';
        const refundCents = Math.max(0, state.paidCents - state.refundedCents);
        if (keptReason === '') {
          events.push({ type: 'PaidOrderCancelled', data: { paymentIntentId: state.paidWith, refundCents, keptReason: null } });
        } else {
          events.push(
            { type: 'PaidOrderCancelled', data: { paymentIntentId: state.paidWith, refundCents: 0, keptReason } },
            {
              type: 'OrderNeedsReview',
              data: {
                reason: `Cancelled and the payment kept (${formatCents(refundCents)} not refunded, cans not returned): ${keptReason}`,
                paymentIntentId: state.paidWith,
              },
            },
          );
        }
      }
      // An unpaid order cancelled by hand gives its held cans back at once (not when its hold would have run out).
      if (command.status === 'cancelled' && state.status !== 'cancelled' && state.paidWith === null && state.reservation === 'held')
        events.push({ type: 'OrderReservationReleased', data: { reason: 'order_cancelled' } });
      if (command.status !== state.status)
        events.push({ type: 'OrderStatusChanged', data: { from: state.status, to: command.status, ...quiet } });
      if (reference !== null && reference !== state.trackingReference)
        events.push({ type: 'TrackingReferenceSet', data: { trackingReference: reference, ...quiet } });
      return events;
    }
    case 'SetDispatchStep':
      if (state.deleted) throw OrderErrors.deleted(orderId);
      if (state.paidWith === null) throw OrderErrors.notPaidForDispatch(orderId);
      if (state.status === 'cancelled') throw OrderErrors.cancelledForDispatch(orderId);
      if (state.refundedCents >= state.paidCents) throw OrderErrors.refundedForDispatch(orderId);
      return decide(
        {
          type: 'ChangeOrderStatus',
          status: command.status,
          trackingReference: null,
          by: command.by,
          ...(command.notifyCustomer === undefined ? {} : { notifyCustomer: command.notifyCustomer }),
        },
        state,
      );
    case 'ResolveReview':
      if (state.reviewReasons.length === 0) throw OrderErrors.nothingToResolve(orderId);
      if (state.reviewResolved) return [];
      return [{ type: 'OrderReviewResolved', data: { note: command.note } }];
    case 'AddOrderNote':
      return [{ type: 'OrderNoteAdded', data: { note: command.note } }];
    case 'RecordCollection': {
      if (!command.idChecked) throw OrderErrors.idNotChecked();
      if (fulfilmentOf(state.order).method !== 'pickup') throw OrderErrors.notAPickup(orderId);
      if (state.collected) return [];
      if (state.deleted) throw OrderErrors.deleted(orderId);
      if (state.paidWith === null) throw OrderErrors.notPaidForCollection(orderId);
      if (state.status === 'cancelled') throw OrderErrors.cancelledForCollection(orderId);
      if (state.refundedCents >= state.paidCents) throw OrderErrors.refundedForCollection(orderId);
      const { idType, collectedBy, at } = command;
      return [
        { type: 'OrderCollected', data: { idChecked: true, idType, collectedBy, collectedAt: at } },
        // Handed over in person: nothing to e-mail.
        ...(state.status === 'delivered'
          ? []
          : [
              {
                type: 'OrderStatusChanged' as const,
                data: { from: state.status, to: 'delivered' as const, notifyCustomer: false as const },
              },
            ]),
      ];
    }
    case 'ClaimCapture':
      if (state.captureClaim === command.paymentIntentId) return [];
      if (!isOrderTotal(state, command))
        throw OrderErrors.amountMismatch(orderId, command.amountCents, command.currency, state.order.totalCents);
      if (state.deleted) throw OrderErrors.notPayable(orderId, 'the operator deleted it');
      if (state.paidWith !== null) throw OrderErrors.notPayable(orderId, `it is already paid through ${state.paidWith}`);
      if (state.status !== 'pending') throw OrderErrors.notPayable(orderId, `it is ${state.status}`);
      if (state.captureClaim !== null) throw OrderErrors.notPayable(orderId, `payment ${state.captureClaim} is being captured`);
      return [{ type: 'OrderCaptureClaimed', data: { paymentIntentId: command.paymentIntentId } }];
    case 'ClaimPayment': {
      if (state.paidWith === command.paymentIntentId || state.captureClaim === command.paymentIntentId) return [];
      const problem = paymentProblem(state, command);
      if (problem === null) return [{ type: 'OrderCaptureClaimed', data: { paymentIntentId: command.paymentIntentId } }];
      if (state.reviewReasons.includes(problem)) return [];
      return [{ type: 'OrderNeedsReview', data: { reason: problem, paymentIntentId: command.paymentIntentId } }];
    }
    case 'ReleaseCaptureClaim':
      if (state.captureClaim !== command.paymentIntentId) return [];
      return [{ type: 'OrderCaptureClaimReleased', data: { paymentIntentId: command.paymentIntentId, reason: command.reason } }];
    case 'RecordReturn':
      return recordReturn(state, command);
    case 'RecordRefund': {
      if (state.refundIds.includes(command.refundId)) return [];
      const { paymentIntentId, refundId, amountCents, note } = command;
      return [{ type: 'OrderRefunded', data: { paymentIntentId, refundId, amountCents, note } }];
    }
    default:
      return assertNever(command);
  }
}

/** "2 cans of Swan Pale, 1 can of Swan Stout": cans of the order, named as the order has them. */
export function cansText(order: PlacedOrder, cans: readonly PickedCans[]): string {
  return cansOfBeers(
    cans.map(({ productId, cans: count }) => ({
      cans: count,
      name: order.order.items.find((item) => item.productId === productId)?.productName ?? productId,
    })),
  );
}

/** The payment that was taken for the order: the one that paid it, or else its own intent (paid after it was cancelled, say). */
export function paymentTakenFor(order: PlacedOrder): string | null {
  return order.paidWith ?? order.paymentIntentId;
}

/**
 * Why money already taken does not pay the order once `ClaimPayment` was decided: the order is gone, or the reason it
 * was flagged for (deleted, ended, paid by another, another amount). Null when the payment holds the order's claim.
 */
export function claimedPaymentRefusal(state: OrderState, paymentIntentId: string): string | null {
  if (state.kind === 'absent') return 'the order is gone';
  if (state.captureClaim === paymentIntentId) return null;
  return state.reviewReasons.at(-1) ?? 'the payment cannot pay the order';
}

/**
 * Whether a change decided here is one to e-mail the customer about: its last event (the one the e-mail is keyed
 * by) was not marked quiet. Nothing changed, nothing to tell.
 */
export function notifiesCustomer(events: readonly OrderEvent[]): boolean {
  const last = events[events.length - 1];
  if (last === undefined || (last.type !== 'OrderStatusChanged' && last.type !== 'TrackingReferenceSet')) return false;
  return last.data.notifyCustomer !== false;
}

/** Still a checkout: pending, unpaid and not deleted (whatever the operator may have done by hand since). */
function isOpenCheckout(state: PlacedOrder): boolean {
  return state.status === 'pending' && !state.deleted && state.paidWith === null;
}

/**
 * What ending this checkout does (expired, refused, or replaced by a newer one): it ends, with the cancellation
 * to record; it was paid (even if set back to pending by hand since); it is no longer a checkout otherwise
 * (deleted, or set to another status by hand); it stays, being open but not this newer checkout's to replace;
 * or its payment is being captured, which ends it the other way.
 */
export function checkoutEnding(
  state: PlacedOrder,
  command: Extract<OrderCommand, { type: 'CancelOrder' | 'SupersedeCheckout' }>,
):
  | { kind: 'end'; cancelled: { reason: OrderCancelReason; detail: string } }
  | { kind: 'paid' | 'not_pending' | 'kept' | 'payment_under_way' } {
  if (state.paidWith !== null) return { kind: 'paid' };
  if (!isOpenCheckout(state)) return { kind: 'not_pending' };
  let cancelled: { reason: OrderCancelReason; detail: string };
  if (command.type === 'CancelOrder') cancelled = { reason: command.reason, detail: command.detail };
  else {
    const replacedBy = supersedingOrigin(state, command.by);
    if (replacedBy === null) return { kind: 'kept' };
    cancelled = { reason: 'superseded', detail: SUPERSEDED_DETAIL[replacedBy] };
  }
  return state.captureClaim !== null ? { kind: 'payment_under_way' } : { kind: 'end', cancelled };
}

/**
 * What a newer checkout from `by` makes of this earlier one: it will `replace` it once the newer one holds its cans;
 * the earlier one is `over` (paid, deleted or moved on by hand: no longer a hold); it `stands` (not the newer one's
 * to replace, or its card is going through and the newer one comes from elsewhere); or it `refuses` the newer one:
 * its card went through (as its stream says, or `cardWentThrough`: the provider kept it) and the newer one comes
 * from the same browser, a reload or a second tab after paying.
 */
export function earlierCheckoutFacing(
  state: PlacedOrder,
  by: CheckoutOrigin,
  { cardWentThrough = false }: { cardWentThrough?: boolean } = {},
): 'replace' | 'over' | 'stands' | 'refuses' {
  const ending = checkoutEnding(state, { type: 'SupersedeCheckout', by });
  const paying = cardWentThrough || ending.kind === 'paid' || ending.kind === 'payment_under_way';
  const sameBrowser = state.order.holder?.browser != null && state.order.holder.browser === by.browser;
  if (paying && sameBrowser) return 'refuses';
  if (ending.kind === 'paid' || ending.kind === 'not_pending') return 'over';
  return ending.kind === 'end' && !cardWentThrough ? 'replace' : 'stands';
}

const SUPERSEDED_DETAIL = {
  browser: 'Replaced by a newer checkout from the same browser.',
  shopper: 'Replaced by a newer checkout with the same e-mail address from the same client address.',
} as const;

/**
 * Whether a checkout from `by` replaces this one: the same browser (its cookie), or the same client address with
 * the same e-mail address. An e-mail address alone, from elsewhere, replaces nothing.
 */
function supersedingOrigin(state: PlacedOrder, by: CheckoutOrigin): keyof typeof SUPERSEDED_DETAIL | null {
  const holder = state.order.holder;
  if (holder === undefined) return null;
  if (holder.browser !== null && holder.browser === by.browser) return 'browser';
  if (holder.client === by.client && sameEmail(state.order.customer.email, by.email)) return 'shopper';
  return null;
}

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The same browser, the same pack at the prices it was priced at, the same details, a payment opened and not
 * being captured, and enough of the hold left for the customer to pay.
 */
function isResumable(state: PlacedOrder, command: Extract<OrderCommand, { type: 'ResumeCheckout' }>): boolean {
  const holder = state.order.holder;
  if (!isOpenCheckout(state) || state.reservation !== 'held' || state.paymentIntentId === null || state.captureClaim !== null) {
    return false;
  }
  if (holder?.browser == null || holder.browser !== command.browser || !command.onSale) return false;
  if (Date.parse(state.order.reservationExpiresAt) - Date.parse(command.at) < command.marginMs) return false;
  const placed = state.order.items.map((item) =>
    lineKey({
      productId: item.productId,
      packSize: item.packSize,
      quantity: item.quantity,
      priceCents: item.packSize === 'single' ? item.unitPriceCents : item.lineTotalCents,
    }),
  );
  const asked = command.lines.map(lineKey);
  return (
    (state.order.discount?.code ?? null) === command.discountCode &&
    sameCustomer(state.order.customer, command.customer) &&
    sameFulfilment(fulfilmentOf(state.order), command.fulfilment) &&
    placed.sort().join('\n') === asked.sort().join('\n')
  );
}

/**
 * A paid order that a new checkout from the same browser would buy again: the same cans in the same packs
 * (prices aside). The customer is asked before the same pack is paid for twice.
 */
export function repeatsPaidOrder(state: OrderState, browser: string, lines: readonly Omit<SeenCartLine, 'priceCents'>[]): boolean {
  if (state.kind !== 'placed' || state.paidWith === null || state.order.holder?.browser !== browser) return false;
  const key = (line: Omit<SeenCartLine, 'priceCents'>): string => JSON.stringify([line.productId, line.packSize, line.quantity]);
  const paid = state.order.items.map(key).sort().join('\n');
  return paid === lines.map(key).sort().join('\n');
}

function sameFulfilment(a: Fulfilment, b: Fulfilment): boolean {
  return a.method === b.method && (a.method === 'delivery' || (b.method === 'pickup' && a.pickupDate === b.pickupDate));
}

function lineKey(line: SeenCartLine): string {
  return JSON.stringify([line.productId, line.packSize, line.quantity, line.priceCents]);
}

function sameCustomer(a: OrderCustomer, b: OrderCustomer): boolean {
  const fields = Object.keys({ ...a, ...b }) as (keyof OrderCustomer)[];
  return fields.every((field) => (a[field] ?? null) === (b[field] ?? null));
}

/** The order is paid in full, in Australian dollars, or not at all. */
function isOrderTotal(state: PlacedOrder, payment: { amountCents: number; currency: string }): boolean {
  return payment.currency.toLowerCase() === 'aud' && payment.amountCents === state.order.totalCents;
}

/** Why money already taken cannot pay the order (the operator's to fulfil or refund), or null when it can. */
function paymentProblem(state: PlacedOrder, payment: { paymentIntentId: string; amountCents: number; currency: string }): string | null {
  const taken = `Payment ${payment.paymentIntentId} of $${decimalString(payment.amountCents)}`;
  if (state.paidWith !== null)
    return `Paid twice: ${payment.paymentIntentId} succeeded after ${state.paidWith} had already paid this order. Refund one of them.`;
  if (state.deleted) return `${taken} succeeded but the order was deleted: fulfil or refund it.`;
  if (state.status !== 'pending') return `${taken} succeeded but the order is ${state.status}: fulfil or refund it.`;
  if (state.captureClaim !== null)
    return `Paid twice: ${payment.paymentIntentId} succeeded while ${state.captureClaim} was being captured for this order. Refund one of them.`;
  if (!isOrderTotal(state, payment))
    return `Amount paid $${decimalString(payment.amountCents)} ${payment.currency.toUpperCase()} differs from the order total $${decimalString(state.order.totalCents)} AUD: refund it, or settle the difference with the customer.`;
  return null;
}

/** How an order came to be with its customer, for the refusal to cancel it. */
function withCustomerHow(state: PlacedOrder): string {
  const how = reached(state) ?? (state.status === 'shipped' ? 'shipped' : 'delivered');
  if (how === 'collected') return 'was collected at the cellar door';
  return how === 'shipped' ? 'was shipped' : 'was delivered';
}

/** How far the order has gone to its customer, once a status says so: collected, or delivered past shipped. */
function furthest(before: 'shipped' | 'delivered' | 'collected' | null, status: OrderStatus): 'shipped' | 'delivered' | 'collected' | null {
  if (before === 'collected' || before === 'delivered') return before;
  if (status === 'delivered') return 'delivered';
  return status === 'shipped' ? 'shipped' : before;
}

/** With its customer: shipped, delivered or collected now, or, once paid, at any time before (set back since). */
function withCustomer(state: PlacedOrder): boolean {
  return isWithCustomer(state) || (state.paidWith !== null && state.status !== 'cancelled' && reached(state) !== null);
}

/** How far the order has reached its customer, whatever its status now; null while it has not. */
function reached(state: PlacedOrder): 'shipped' | 'delivered' | 'collected' | null {
  return state.reachedCustomer ?? null;
}

/** Cans of each beer the customer has sent back so far. */
export function returnedCans(state: PlacedOrder): Map<string, number> {
  const returned = new Map<string, number>();
  for (const entry of state.returns ?? []) {
    for (const item of entry.items) returned.set(item.productId, (returned.get(item.productId) ?? 0) + item.cans);
  }
  return returned;
}

/** The order's lines as they were priced at checkout. */
/** The order's lines at what was paid for them: a discount code's share taken off the beers it applied to. */
function pricedLines(state: PlacedOrder) {
  return linesAsPaid(
    state.order.items.map((item) => ({ productId: item.productId, cans: item.quantity, lineTotalCents: item.lineTotalCents })),
    state.order.discount,
  );
}

/**
 * Cans picked from the order, checked against it: each beer once, in the order, a whole number of cans of 1 or
 * more and at most `available` of it (what the order sold of it, less what came back before for a return).
 */
function checkedCans(
  state: PlacedOrder,
  picked: readonly PickedCans[],
  available: (productId: string, sold: number) => number,
): ReturnedCans[] {
  const orderId = state.order.orderId;
  if (picked.length === 0 || new Set(picked.map((p) => p.productId)).size !== picked.length) throw OrderErrors.invalidReturnItems();
  return picked.map(({ productId, cans }) => {
    if (!Number.isSafeInteger(cans) || cans <= 0) throw OrderErrors.invalidReturnItems();
    const lines = state.order.items.filter((item) => item.productId === productId);
    const first = lines[0];
    if (first === undefined) throw OrderErrors.productNotInOrder(orderId, productId);
    const left = available(
      productId,
      lines.reduce((sum, line) => sum + line.quantity, 0),
    );
    if (cans > left) throw OrderErrors.tooManyCans(orderId, first.productName, left, cans);
    return { productId, productName: first.productName, cans, valueCents: cansValueCents(pricedLines(state), [{ productId, cans }]) };
  });
}

/** What is left of the payment to refund, as the order's records say (0 before it is paid). */
export function refundableCents(state: PlacedOrder): number {
  return Math.max(0, state.paidCents - state.refundedCents);
}

/**
 * A refund by cans (the refund route's `items`): each beer in the order, at most the cans it sold of it, priced from
 * the order's own lines (`cansValueCents`). Refused like a return's cans; the caller caps it at what is left.
 */
export function refundOfCans(state: PlacedOrder, picked: readonly PickedCans[]): number {
  const items = checkedCans(state, picked, (_, sold) => sold);
  return items.reduce((sum, item) => sum + item.valueCents, 0);
}

function sameCans(a: readonly PickedCans[], b: readonly PickedCans[]): boolean {
  const key = (list: readonly PickedCans[]) =>
    list
      .map((item) => JSON.stringify([item.productId, item.cans]))
      .sort()
      .join('\n');
  return key(a) === key(b);
}

/** The same return asked again under its id: the same cans, and no other money than was recorded. */
function sameReturn(recorded: RecordedReturn, cans: readonly PickedCans[], refund: ReturnRefund): boolean {
  if (!sameCans(recorded.items, cans)) return false;
  if (refund.kind === 'none') return recorded.refundCents === 0;
  if (refund.kind === 'amount') return recorded.refundCents === refund.amountCents;
  return true;
}

/**
 * Cans the customer sent back: only of a paid order with its customer (shipped, delivered, collected); each beer in
 * the order, at most what it sold less what came back before; once per return id. Its refund: none, the cans'
 * value (at most what is left to refund), or an amount (refused above what is left).
 */
function recordReturn(state: PlacedOrder, command: Extract<OrderCommand, { type: 'RecordReturn' }>): OrderEvent[] {
  const orderId = state.order.orderId;
  const earlier = (state.returns ?? []).find((entry) => entry.returnId === command.returnId);
  if (earlier !== undefined) {
    if (sameReturn(earlier, command.items, command.refund)) return [];
    throw OrderErrors.returnKeyReused(orderId);
  }
  if (state.deleted) throw OrderErrors.deleted(orderId);
  if (state.paidWith === null) throw OrderErrors.notPaidForReturn(orderId);
  if (!withCustomer(state)) throw OrderErrors.notWithCustomer(orderId, state.status);
  const before = returnedCans(state);
  const items = checkedCans(state, command.items, (productId, sold) => sold - (before.get(productId) ?? 0));
  const left = refundableCents(state);
  let refundCents = 0;
  if (command.refund.kind === 'value') {
    refundCents = Math.min(
      left,
      items.reduce((sum, item) => sum + item.valueCents, 0),
    );
  } else if (command.refund.kind === 'amount') {
    if (command.refund.amountCents > left) throw OrderErrors.refundTooLarge(left);
    refundCents = command.refund.amountCents;
  }
  return [{ type: 'OrderItemsReturned', data: { returnId: command.returnId, items, refundCents, returnedAt: command.at } }];
}

function evolve(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'OrderPlaced') {
    return {
      kind: 'placed',
      status: 'pending',
      order: event.data,
      paymentIntentId: null,
      paidWith: null,
      invoiceNumber: null,
      reservation: 'held',
      deleted: false,
      reviewReasons: [],
      reviewResolved: false,
      refundIds: [],
      refundedCents: 0,
      trackingReference: null,
      captureClaim: null,
      paidCents: 0,
      paidCancellation: null,
      collected: false,
      reachedCustomer: null,
      returns: [],
    };
  }
  if (state.kind === 'absent') return state;
  switch (event.type) {
    case 'PaymentIntentAttached':
      return { ...state, paymentIntentId: event.data.paymentIntentId };
    case 'OrderCancelled':
      return { ...state, status: 'cancelled', reservation: state.reservation === 'held' ? 'released' : state.reservation };
    case 'OrderPaid':
      return {
        ...state,
        status: 'paid',
        paidWith: event.data.paymentIntentId,
        paidCents: event.data.amountCents,
        reservation: 'sold',
        captureClaim: null,
      };
    case 'PaidOrderCancelled':
      return { ...state, paidCancellation: { refundCents: event.data.refundCents, keptReason: event.data.keptReason } };
    case 'OrderCaptureClaimed':
      return { ...state, captureClaim: event.data.paymentIntentId };
    case 'OrderCaptureClaimReleased':
      return { ...state, captureClaim: null };
    case 'OrderNeedsReview':
      return { ...state, reviewReasons: [...state.reviewReasons, event.data.reason], reviewResolved: false };
    case 'OrderReviewResolved':
      return { ...state, reviewResolved: true };
    case 'OrderRefunded':
      return {
        ...state,
        refundIds: [...state.refundIds, event.data.refundId],
        refundedCents: state.refundedCents + event.data.amountCents,
      };
    case 'InvoiceNumberAssigned':
      return { ...state, invoiceNumber: event.data.invoiceNumber };
    case 'OrderDeleted':
      return { ...state, status: 'cancelled', deleted: true };
    case 'OrderReservationReleased':
      return { ...state, reservation: 'released' };
    case 'OrderStatusChanged':
      return {
        ...state,
        status: event.data.to,
        reachedCustomer: furthest(reached(state), event.data.to),
      };
    case 'TrackingReferenceSet':
      return { ...state, trackingReference: event.data.trackingReference };
    case 'OrderCollected':
      return { ...state, collected: true, reachedCustomer: 'collected' };
    case 'OrderItemsReturned':
      return {
        ...state,
        returns: [
          ...(state.returns ?? []),
          {
            returnId: event.data.returnId,
            items: event.data.items.map(({ productId, cans }) => ({ productId, cans })),
            refundCents: event.data.refundCents,
          },
        ],
      };
    case 'CheckoutResumed':
    case 'OrderNoteAdded':
    case 'ShippingLabelRecorded':
      return state;
    default:
      return assertNever(event);
  }
}
