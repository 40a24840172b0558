import type { OrderStatus } from '@brewery/shop-rules';

/** Statuses of an order paid and not cancelled. */
const PAID_OR_LATER: ReadonlySet<OrderStatus> = new Set(['paid', 'packed_awaiting_pickup', 'shipped', 'delivered']);

/** A payment as its backup keeps it. */
export interface BackedUpPayment {
  paymentIntentId: string;
  paymentStatus: string;
  amountPaidCents: number | null;
  amountRefundedCents: number;
}

/** The order a payment was for, as the orders read model shows it. */
export interface OrderOfPayment {
  status: OrderStatus;
  paymentIntentId: string | null;
  /** A refund the shop is making by itself, in cents (a paid cancellation's): absent or 0, none. */
  refundUnderWayCents?: number;
}

/**
 * Whether a payment needs the operator (Order Backups' "potentially missing", its "Need Review" count): money taken
 * and still held (paid less refunded) without a paid order of its own, and no refund of it on its way. So a payment
 * refunded in full, or one whose order was cancelled and is being refunded by the shop, is never listed: refunding
 * it by hand would refund the customer twice.
 */
export function paymentNeedsAction(payment: BackedUpPayment, order: OrderOfPayment | undefined): boolean {
  if (payment.paymentStatus !== 'succeeded') return false;
  const ownOrder = order !== undefined && order.paymentIntentId === payment.paymentIntentId;
  if (ownOrder && PAID_OR_LATER.has(order.status)) return false;
  const held = (payment.amountPaidCents ?? 0) - payment.amountRefundedCents;
  if (held <= 0) return false;
  return !(ownOrder && (order.refundUnderWayCents ?? 0) >= held);
}
