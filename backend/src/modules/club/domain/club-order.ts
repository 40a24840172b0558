import { calculateShipping, gstIncludedCents, openPickupDates, shippingCostCents, type Fulfilment } from '@brewery/shop-rules';
import type { MemberCustomer } from './club-member.events';
import type { ClubRunDefinition } from './club-run.events';

/** One line of a member's run order, priced as a share of the plan's price (the order's own shape). */
export interface ClubOrderLine {
  productId: string;
  productName: string;
  quantity: number;
  lineTotalCents: number;
  unitPriceCents: number;
}

export interface ClubOrderPrice {
  lines: ClubOrderLine[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  gstCents: number;
  estimatedDelivery: string;
  isPerthMetro: boolean;
  fulfilment: Fulfilment;
}

/**
 * What a member pays for a run, decided by the shop's rules: the plan's price (GST included) shared over the run's
 * beers by their cans (the cents left by the sharing go to the first lines, so the lines add up to the price), plus
 * delivery by the checkout's shipping rule for a member who is posted the pack; none for the cellar door, where the
 * pack waits from the first open Saturday after the charge.
 */
export function priceClubOrder(
  run: Pick<ClubRunDefinition, 'items' | 'priceCents' | 'cans'>,
  member: { customer: MemberCustomer; fulfilment: { method: 'delivery' | 'pickup' } },
  at: Date,
): ClubOrderPrice {
  const base = Math.floor(run.priceCents / run.cans);
  let left = run.priceCents - base * run.cans;
  const lines = run.items.map((item) => {
    const extra = Math.min(left, item.quantity);
    left -= extra;
    const lineTotalCents = base * item.quantity + extra;
    return {
      productId: item.productId,
      productName: item.productName,
      quantity: item.quantity,
      lineTotalCents,
      unitPriceCents: Math.round(lineTotalCents / item.quantity),
    };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  if (member.fulfilment.method === 'pickup') {
    const pickupDate = openPickupDates(at)[0] ?? '';
    return {
      lines,
      subtotalCents,
      shippingCents: 0,
      totalCents: subtotalCents,
      gstCents: gstIncludedCents(subtotalCents),
      estimatedDelivery: 'Collect at the cellar door',
      isPerthMetro: true,
      fulfilment: { method: 'pickup', pickupDate },
    };
  }
  const shipping = calculateShipping({
    state: member.customer.state,
    totalCans: run.cans,
    postCode: member.customer.postCode,
  });
  const shippingCents = shippingCostCents(run.cans, shipping.isPerthMetro);
  const totalCents = subtotalCents + shippingCents;
  return {
    lines,
    subtotalCents,
    shippingCents,
    totalCents,
    gstCents: gstIncludedCents(totalCents),
    estimatedDelivery: shipping.estimatedDelivery,
    isPerthMetro: shipping.isPerthMetro,
    fulfilment: { method: 'delivery' },
  };
}
