import type { OrderStatus } from '../../orders';
import { orderStatusLabel } from '@brewery/shop-rules';
import { dispatchDeadline } from './dispatch-day';

/** Statuses of an order whose money has been taken. */
export const PAID_OR_LATER: readonly OrderStatus[] = ['paid', 'packed_awaiting_pickup', 'shipped', 'delivered'];
/** Paid, but not yet handed to the carrier. */
const AWAITING_DISPATCH: readonly OrderStatus[] = ['paid', 'packed_awaiting_pickup'];

export interface OrderUnderWatch {
  status: OrderStatus;
  invoiceNumber: string | null;
  needsReview: boolean;
  reviewReasons: readonly string[];
  /** When the shop recorded the payment; null for an order never paid. */
  paidAt: string | null;
}

/**
 * Why the operator should look at an order now, in sentences; empty when nothing is wrong. Three rules:
 * it was flagged for review, it is paid but has no invoice number, or it is paid and has missed its
 * dispatch day (still paid or packed after the first Mon/Wed/Thu following payment, Perth time).
 */
export function attentionIssues(order: OrderUnderWatch, now: Date): string[] {
  const issues: string[] = [];
  if (order.needsReview) issues.push(`Needs review: ${order.reviewReasons.length === 0 ? 'flagged' : order.reviewReasons.join(' | ')}`);
  if (PAID_OR_LATER.includes(order.status) && order.invoiceNumber === null) {
    issues.push(`${orderStatusLabel(order.status)} but no invoice number was issued`);
  }
  if (AWAITING_DISPATCH.includes(order.status) && order.paidAt !== null) {
    const deadline = dispatchDeadline(new Date(order.paidAt));
    if (now.getTime() >= deadline.overdueFrom.getTime()) {
      issues.push(`Not dispatched on ${deadline.label} (the first dispatch day after payment); still ${orderStatusLabel(order.status)}`);
    }
  }
  return issues;
}
