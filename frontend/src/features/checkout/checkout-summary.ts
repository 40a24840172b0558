import type { CartLine, Fulfilment, OrderLineInput, OrderSummary, Product } from '@brewery/shop-rules';
import {
  PACK_QUANTITY,
  ShopRuleError,
  centsToDollars,
  isShippingState,
  pickupLine,
  pickupWhen,
  summariseOrder,
  toCents,
} from '@brewery/shop-rules';

/** Where the order is going, as far as the customer has said: the summary follows it as it is filled in. */
export type OrderDestination =
  { method: 'delivery'; state: string | null; postCode: string } | { method: 'pickup'; pickupDate: string | null };

export function destinationOf(customer: { state: string; postCode: string }, fulfilment: Fulfilment): OrderDestination {
  return fulfilment.method === 'pickup'
    ? { method: 'pickup', pickupDate: fulfilment.pickupDate }
    : { method: 'delivery', state: customer.state, postCode: customer.postCode };
}

function price(cents: number): string {
  return centsToDollars(cents).toFixed(2);
}

/**
 * A cart line as the shared pricing takes it: a product priced at what the customer saw for one unit of the
 * line (a can, or one pack of the size). Only the price fields count for the summary.
 */
function asOrderLine(line: CartLine): OrderLineInput {
  const packs = line.quantity / PACK_QUANTITY[line.packSize];
  // A single line's price is per can, a pack line's is the whole line.
  const unit = price(line.packSize === 'single' ? toCents(line.price) : Math.round(toCents(line.price) / packs));
  const product: Product = {
    id: line.productId,
    name: line.name,
    style: '',
    description: '',
    abv: 0,
    beerType: null,
    imageUrl: line.imageUrl,
    inventory: line.quantity,
    isActive: true,
    archived: false,
    price: line.packSize === 'single' ? unit : price(0),
    price4Pack: line.packSize === '4pack' ? unit : null,
    price8Pack: line.packSize === '8pack' ? unit : null,
    price16Pack: line.packSize === '16pack' ? unit : null,
    enable4Pack: line.packSize === '4pack',
    enable8Pack: line.packSize === '8pack',
    enable16Pack: line.packSize === '16pack',
    maxPerOrder: null,
  };
  return { product, packSize: line.packSize, quantity: line.quantity };
}

/**
 * The order's figures by the same rule the server prices it with (shipping and its estimate, or none and the
 * Saturday for a collection); null until they can be known: no state chosen yet, or no collection day.
 */
export function orderSummaryFor(lines: readonly CartLine[], destination: OrderDestination): OrderSummary | null {
  const orderLines = lines.map(asOrderLine);
  try {
    if (destination.method === 'pickup') {
      if (destination.pickupDate === null) return null;
      return summariseOrder({ lines: orderLines, state: '', postCode: '', pickupDate: destination.pickupDate });
    }
    if (destination.state === null || !isShippingState(destination.state)) return null;
    return summariseOrder({ lines: orderLines, state: destination.state, postCode: destination.postCode });
  } catch (error) {
    // A line that is not a whole number of packs: the pack check before payment says so, not the summary.
    if (error instanceof ShopRuleError) return null;
    throw error;
  }
}

/** "Collect Saturday 5 December, 10am-4pm, 12 Brewery Lane …" (without the address until the shop's is known). */
export function collectionLine(pickupDate: string, cellarDoorAddress: string | null): string {
  return cellarDoorAddress === null ? `Collect ${pickupWhen(pickupDate)}` : pickupLine(pickupDate, cellarDoorAddress);
}
