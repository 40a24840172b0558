import { invisibleCharacterRule, ORDER_STATUSES, orderStatusLabel, decimalString } from '@brewery/shop-rules';
import { DomainError } from '../../../shared-kernel/domain-error';
import type { OrderStatus } from './order.events';

/** The manual status and tracking form's wording, shared by its refusals and the tests. */
export const TrackingMessages = {
  required: 'Tracking reference and status are required',
  invalidStatus: `Status must be one of: ${ORDER_STATUSES.join(', ')}`,
  invalidReference: 'Tracking reference must be 1 to 60 letters, digits, spaces or dashes',
  invalidNotify: 'notifyCustomer must be true or false',
  invalidKeepPayment: 'keepPaymentReason must be a reason of 1 to 500 characters (cancelling a paid order and keeping its payment)',
} as const;

/** The cellar door's wording, shared by its refusals and the tests. */
export const CollectionMessages = {
  idNotChecked: "Check the collector's photo ID (18+) before handing over the order: idChecked must be true",
  notAPickup: (orderId: string): string => `Order #${orderId} is for delivery, not collection at the cellar door`,
  refunded: (orderId: string): string => `Order #${orderId} was refunded in full: there is nothing paid to hand over`,
  notShipped: (orderId: string): string => `Order #${orderId} is collected at the cellar door, so it is never shipped`,
  deliveredByHandOver: (orderId: string): string =>
    `Order #${orderId} is collected at the cellar door: it becomes Delivered when it is handed over with the photo ID checked (Cellar door, Hand over)`,
  notPaid: (orderId: string): string => `Order #${orderId} has not been paid, so it cannot be handed over`,
  cancelled: (orderId: string): string => `Order #${orderId} is cancelled, so it cannot be handed over`,
  pickupDateMissing: (open: readonly string[]): string =>
    `fulfilment.pickupDate is required to collect at the cellar door: choose one of ${open.join(', ')}`,
  pickupDateClosed: (date: string, open: readonly string[]): string =>
    `pickupDate ${date} is not an open Saturday at the cellar door: choose one of ${open.join(', ')}`,
} as const;

/** The wording of returns and of refunds by cans, shared by their refusals and the tests. */
export const ReturnMessages = {
  items: 'items must list the cans: 1 to 50 of {"productId": "…", "cans": a whole number of 1 or more}, each beer once',
  refund:
    'refund must be true (the value of the returned cans), false, or an amount in dollars with at most two decimals (for example 12.50)',
  amountOrItems: 'Refund either an amount or items (cans of the order), not both',
  withCustomer: (orderId: string, how: string): string =>
    `Order #${orderId} ${how}, so it cannot be cancelled: record a return of the cans the customer sends back, or a refund, instead`,
  notWithCustomer: (orderId: string, status: string): string =>
    `Order #${orderId} is not with its customer (it is ${status}): only cans of an order shipped, delivered or collected at the cellar door are returned; cancel it instead`,
  notPaid: (orderId: string): string => `Order #${orderId} has not been paid, so there is nothing to return`,
  notInOrder: (orderId: string, productId: string): string => `Order #${orderId} holds no cans of product ${productId}`,
  tooMany: (orderId: string, name: string, left: number, asked: number): string =>
    `Only ${left} ${left === 1 ? 'can' : 'cans'} of ${name} can be taken from Order #${orderId}; asked ${asked}`,
  keyReused: (orderId: string): string =>
    `This Idempotency-Key was used for another return of Order #${orderId} (other cans): use a new key for a new return`,
  refundTooLarge: (leftCents: number): string =>
    leftCents === 0
      ? 'This payment has been refunded in full'
      : `At most $${decimalString(leftCents)} of this payment can still be refunded`,
} as const;

/** The order stream's refusals, with stable codes. */
export const OrderErrors = {
  invalidCustomerInfo: (problems: readonly string[], fields: Readonly<Record<string, string>>): DomainError =>
    new DomainError('invalid_customer_info', problems.join('; '), 'validation', fields),
  /** A person whose role handles no money (a packer) cancelling a paid order, which would refund it. */
  moneyNotForRole: (): DomainError =>
    new DomainError(
      'forbidden_for_role',
      'Your role does not allow this: cancelling a paid order refunds it. Ask an owner or a manager.',
      'forbidden',
    ),
  idNotChecked: (): DomainError => new DomainError('id_not_checked', CollectionMessages.idNotChecked),
  notAPickup: (orderId: string): DomainError => new DomainError('not_a_pickup', CollectionMessages.notAPickup(orderId), 'conflict'),
  notPaidForCollection: (orderId: string): DomainError =>
    new DomainError('order_not_paid', CollectionMessages.notPaid(orderId), 'conflict'),
  refundedForCollection: (orderId: string): DomainError =>
    new DomainError('order_refunded', CollectionMessages.refunded(orderId), 'conflict'),
  pickupNotShipped: (orderId: string): DomainError =>
    new DomainError('pickup_not_shipped', CollectionMessages.notShipped(orderId), 'conflict'),
  pickupDeliveredByHandOver: (orderId: string): DomainError =>
    new DomainError('pickup_needs_hand_over', CollectionMessages.deliveredByHandOver(orderId), 'conflict'),
  cancelledForCollection: (orderId: string): DomainError =>
    new DomainError('order_cancelled', CollectionMessages.cancelled(orderId), 'conflict'),
  pickupDateClosed: (date: string, open: readonly string[]): DomainError =>
    new DomainError(
      'pickup_date_closed',
      date === '' ? CollectionMessages.pickupDateMissing(open) : CollectionMessages.pickupDateClosed(date, open),
    ),
  notFound: (orderId: string | null): DomainError =>
    new DomainError('order_not_found', orderId === null ? 'Order not found' : `Order #${orderId} not found`, 'not_found'),
  alreadyPlaced: (orderId: string): DomainError => new DomainError('order_exists', `Order #${orderId} already exists`, 'conflict'),
  notPending: (orderId: string, status: OrderStatus): DomainError =>
    new DomainError('order_not_pending', `Only pending orders can be deleted: Order #${orderId} is ${status}`, 'conflict'),
  otherPaymentIntent: (orderId: string, attached: string): DomainError =>
    new DomainError('payment_intent_mismatch', `Order #${orderId} is already paid through ${attached}`, 'conflict'),
  notPayable: (orderId: string, why: string): DomainError =>
    new DomainError('order_not_payable', `Order #${orderId} cannot be marked paid: ${why}`, 'conflict'),
  notPaid: (orderId: string): DomainError =>
    new DomainError('order_not_paid', `Order #${orderId} has not been paid, so it gets no invoice number yet`, 'conflict'),
  paidNotDeletable: (orderId: string): DomainError =>
    new DomainError('order_paid', `Order #${orderId} has been paid, so it cannot be deleted: set its status instead`, 'conflict'),
  deleted: (orderId: string): DomainError =>
    new DomainError('order_deleted', `Order #${orderId} was deleted and can no longer be updated`, 'conflict'),
  nothingToResolve: (orderId: string): DomainError =>
    new DomainError('order_not_flagged', `Order #${orderId} is not flagged for review: there is nothing to resolve`, 'conflict'),
  /** A delete or cancel while the shop captures the customer's authorised card. */
  paymentUnderWay: (orderId: string): DomainError =>
    new DomainError(
      'payment_under_way',
      `Order #${orderId} is being paid right now (the customer's card is authorised and the shop is taking the payment): it cannot be deleted or cancelled until that ends`,
      'conflict',
    ),
  /** A card authorised for another amount, or currency, than the order's total. */
  amountMismatch: (orderId: string, amountCents: number, currency: string, totalCents: number): DomainError =>
    new DomainError(
      'amount_mismatch',
      `Card authorised for $${decimalString(amountCents)} ${currency.toUpperCase()}, not the total of Order #${orderId}, $${decimalString(totalCents)} AUD: the authorisation was cancelled and nothing was charged.`,
      'conflict',
    ),
  /** A cancellation of an order already with its customer: its cans come back by a return, its money by a refund. */
  withCustomer: (orderId: string, how: string): DomainError =>
    new DomainError('order_with_customer', ReturnMessages.withCustomer(orderId, how), 'conflict'),
  /** A paid order set back to Payment Pending. */
  paidNotPending: (orderId: string): DomainError =>
    new DomainError(
      'order_paid_not_pending',
      `Order #${orderId} has been paid, so it cannot be set back to Payment Pending: choose Paid, or refund or cancel it`,
      'conflict',
    ),
  /** A paid order, cancelled (refunded, or its payment kept for review), reopened. */
  cancelledForGood: (orderId: string): DomainError =>
    new DomainError(
      'order_cancelled_for_good',
      `Order #${orderId} was cancelled once paid (its refund and its cans were settled then), so it cannot be opened again: the customer orders again`,
      'conflict',
    ),
  notWithCustomer: (orderId: string, status: OrderStatus): DomainError =>
    new DomainError('order_not_with_customer', ReturnMessages.notWithCustomer(orderId, orderStatusLabel(status)), 'conflict'),
  notPaidForReturn: (orderId: string): DomainError => new DomainError('order_not_paid', ReturnMessages.notPaid(orderId), 'conflict'),
  invalidReturnItems: (): DomainError => new DomainError('invalid_items', ReturnMessages.items, 'validation'),
  invalidReturnRefund: (): DomainError => new DomainError('invalid_refund', ReturnMessages.refund, 'validation'),
  amountOrItems: (): DomainError => new DomainError('invalid_refund', ReturnMessages.amountOrItems, 'validation'),
  productNotInOrder: (orderId: string, productId: string): DomainError =>
    new DomainError('product_not_in_order', ReturnMessages.notInOrder(orderId, productId), 'validation'),
  tooManyCans: (orderId: string, name: string, left: number, asked: number): DomainError =>
    new DomainError('too_many_cans', ReturnMessages.tooMany(orderId, name, left, asked), 'conflict'),
  returnKeyReused: (orderId: string): DomainError =>
    new DomainError('idempotency_key_reused', ReturnMessages.keyReused(orderId), 'conflict'),
  refundTooLarge: (leftCents: number): DomainError =>
    new DomainError('refund_too_large', ReturnMessages.refundTooLarge(leftCents), 'conflict'),
  /** A dispatch step (bulk status) for an order that was never paid. */
  notPaidForDispatch: (orderId: string): DomainError =>
    new DomainError('order_not_paid', `Order #${orderId} has not been paid, so it cannot be packed, shipped or delivered`, 'conflict'),
  /** A dispatch step (bulk status) for a cancelled order. */
  cancelledForDispatch: (orderId: string): DomainError =>
    new DomainError('order_cancelled', `Order #${orderId} is cancelled (change it from its own form if it must go out)`, 'conflict'),
  /** A dispatch step (bulk status) for an order whose payment was refunded in full. */
  refundedForDispatch: (orderId: string): DomainError =>
    new DomainError('order_refunded', `Order #${orderId} was refunded in full, so it cannot be packed, shipped or delivered`, 'conflict'),
  bulkStatusRequired: (): DomainError => new DomainError('status_required', 'Choose the status to set'),
  invalidBulkStatus: (steps: readonly string[]): DomainError =>
    new DomainError('invalid_bulk_status', `Status must be one of: ${steps.join(', ')} (other changes are made from an order's own form)`),
  invalidTrackingReference: (): DomainError =>
    new DomainError('invalid_tracking_reference', TrackingMessages.invalidReference, 'validation'),
  /** The manual status and tracking form sent without one of its two fields. */
  trackingUpdateRequired: (): DomainError => new DomainError('tracking_update_required', TrackingMessages.required),
  invalidOrderStatus: (): DomainError => new DomainError('invalid_order_status', TrackingMessages.invalidStatus),
  invalidNotifyCustomer: (): DomainError => new DomainError('invalid_notify_customer', TrackingMessages.invalidNotify),
  invalidKeepPaymentReason: (): DomainError => new DomainError('invalid_keep_payment_reason', TrackingMessages.invalidKeepPayment),
  /** The reason is kept on the order and shown in its review: read as typed. */
  hiddenInKeepPaymentReason: (codePoint: string): DomainError =>
    new DomainError('invalid_keep_payment_reason', `keepPaymentReason ${invisibleCharacterRule(codePoint)}`),
  /** A search of the order list the server cannot run; `message` names the parameter and what it takes. */
  invalidSearch: (message: string): DomainError => new DomainError('invalid_search', message, 'validation'),
} as const;
