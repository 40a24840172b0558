import { earlierCheckoutFacing, type CheckoutOrigin, type OrderStreams, type PlacedOrder } from '../../orders';
import type { CheckoutHoldDoc } from '../checkout-holds/checkout-holds.projection';

/**
 * What a checkout from `by` makes of the earlier ones holding cans (the order decider says, on their streams): those
 * it replaces once it holds its own cans, those already over (the holds read model has not caught up), and the first
 * one that refuses it (the same browser's, whose card went through), or null. The checkout and the code check both
 * ask it, so a customer's own earlier holds count alike in both.
 */
export async function earlierCheckoutsFacing(
  orders: OrderStreams,
  earlier: readonly CheckoutHoldDoc[],
  by: CheckoutOrigin,
): Promise<{ replacing: PlacedOrder[]; gone: string[]; refusedBy: string | null }> {
  const replacing: PlacedOrder[] = [];
  const gone: string[] = [];
  for (const hold of earlier) {
    const order = await orders.placed(hold._id);
    if (order === null) continue;
    const facing = earlierCheckoutFacing(order, by);
    if (facing === 'refuses') return { replacing, gone, refusedBy: hold._id };
    if (facing === 'replace') replacing.push(order);
    if (facing === 'over') gone.push(hold._id);
  }
  return { replacing, gone, refusedBy: null };
}
