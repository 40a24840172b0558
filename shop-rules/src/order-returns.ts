import type { OrderStatus } from './order-status';

/**
 * Whether an order is with its customer: shipped, delivered, or handed over at the cellar door. Such an order is
 * never cancelled (its cans are not on the shelf, its money is not simply owed back): the customer sends cans
 * back (a return) or is refunded.
 */
export function isWithCustomer(order: { status: OrderStatus; collected: boolean }): boolean {
  if (order.status === 'cancelled') return false;
  return order.collected || order.status === 'shipped' || order.status === 'delivered';
}

/** One line of an order as it was priced at checkout: cans and what the whole line cost, in cents. */
export interface CannedOrderLine {
  productId: string;
  /** Cans in the line. */
  cans: number;
  lineTotalCents: number;
}

/** Cans of one beer of an order, picked for a return or a refund. */
export interface PickedCans {
  productId: string;
  cans: number;
}

/**
 * What some cans of a beer of an order are worth, priced from the order's own lines (never from today's prices):
 * the beer's lines together cost T cents for n cans, and k of those cans are worth ⌊T × k / n⌋ cents (rounded
 * down to the cent). So every can of a beer is worth exactly what its lines cost, and one can of a $34.00
 * 8-pack is worth $4.25. Shipping is never part of it. A beer the order does not hold is worth nothing here (the
 * decider refuses it first).
 */
export function cansValueCents(lines: readonly CannedOrderLine[], picked: readonly PickedCans[]): number {
  let total = 0;
  for (const pick of picked) {
    const ofBeer = lines.filter((line) => line.productId === pick.productId);
    const cans = ofBeer.reduce((sum, line) => sum + line.cans, 0);
    const cents = ofBeer.reduce((sum, line) => sum + line.lineTotalCents, 0);
    if (cans <= 0 || pick.cans <= 0) continue;
    total += Math.floor((cents * Math.min(pick.cans, cans)) / cans);
  }
  return total;
}
