import { cansValueCents, isWithCustomer, toCents, type PickedCans } from '@brewery/shop-rules';
import type { AdminOrder } from './api/get-admin-orders';

/** Cans picked per order line, by the line's id. */
export type CansByLine = Readonly<Record<string, number>>;

/** Shipped, delivered or handed over at the cellar door: never cancelled, its cans come back by a return. */
export function orderWithCustomer(order: Pick<AdminOrder, 'status' | 'collection'>): boolean {
  return isWithCustomer({ status: order.status, collected: (order.collection ?? null) !== null });
}

/** Money was taken for the order (paid, or flagged with a payment to settle). */
export function paymentTaken(order: Pick<AdminOrder, 'paidAt' | 'needsReview'>): boolean {
  return order.paidAt !== null || order.needsReview;
}

/**
 * What is left to refund, in cents: the total less what was refunded and what the shop is refunding by itself
 * (a cancellation's refund on its way), never below 0.
 */
export function refundableCents(order: Pick<AdminOrder, 'totalAmount' | 'refundedAmount' | 'refundUnderWay'>): number {
  return Math.max(0, toCents(order.totalAmount) - toCents(order.refundedAmount ?? '0') - toCents(order.refundUnderWay ?? '0'));
}

/** The cans picked on the lines, as the server takes them: one entry per beer, in the order's order. */
export function pickedCans(order: Pick<AdminOrder, 'items'>, byLine: CansByLine): PickedCans[] {
  const totals = new Map<string, number>();
  for (const item of order.items) {
    const cans = byLine[item.id] ?? 0;
    if (cans > 0) totals.set(item.productId, (totals.get(item.productId) ?? 0) + cans);
  }
  return [...totals].map(([productId, cans]) => ({ productId, cans }));
}

/** What the picked cans are worth, priced from the order's own lines as the server prices them (`cansValueCents`). */
export function pickedValueCents(order: Pick<AdminOrder, 'items'>, picked: readonly PickedCans[]): number {
  const lines = order.items.map((item) => ({ productId: item.productId, cans: item.quantity, lineTotalCents: toCents(item.lineTotal) }));
  return cansValueCents(lines, picked);
}

/** Cans of each beer the customer has not sent back yet (what the order sold, less its returns). */
export function returnableByProduct(order: Pick<AdminOrder, 'items' | 'returns'>): Map<string, number> {
  const left = new Map<string, number>();
  for (const item of order.items) left.set(item.productId, (left.get(item.productId) ?? 0) + item.quantity);
  for (const entry of order.returns ?? []) {
    for (const item of entry.items) left.set(item.productId, Math.max(0, (left.get(item.productId) ?? 0) - item.cans));
  }
  return left;
}

/** "2 cans", "1 can". */
export function cansCount(cans: number): string {
  return `${cans} ${cans === 1 ? 'can' : 'cans'}`;
}
