import {
  PACK_QUANTITY,
  PACK_SIZES,
  ShopRuleError,
  isPackEnabled,
  summariseOrder,
  toCents,
  validatePack,
  isOpenToMembers,
  isReleased,
  type Fulfilment,
  type OrderSummary,
  type PackSize,
} from '@brewery/shop-rules';
import type { ProductSnapshot } from '../../catalog';
import { CheckoutErrors } from './checkout.errors';
import type { OrderCustomer, OrderItem } from '../../orders';

/** A cart line as the browser sends it: `price` is per can for single lines and the whole line for packs. */
export interface CheckoutCartLine {
  productId: string;
  quantity: number;
  price: number | string;
  packSize: string;
  packQuantity: number;
  name?: string;
}

export interface PricedCheckout {
  summary: OrderSummary;
  /** The order's lines, without their ids (the order number is not known yet). */
  items: Omit<OrderItem, 'id'>[];
  /** Cans to reserve per product, in a stable order (by product id) so concurrent checkouts lock alike. */
  reservations: { productId: string; name: string; quantity: number }[];
}

export { CheckoutMessages } from './checkout.errors';

function isPackSize(value: string): value is PackSize {
  return (PACK_SIZES as readonly string[]).includes(value);
}

/**
 * The checkout's rules in the order a customer should hear about problems: the pack as a whole, then each
 * product (exists, on sale, enough cans), then the server's prices against the ones the customer saw.
 * Every figure comes from the product streams and the shared rules; the client's prices are only compared.
 */
export function priceCheckout(
  cart: readonly CheckoutCartLine[],
  products: ReadonlyMap<string, ProductSnapshot | null>,
  customer: Pick<OrderCustomer, 'state' | 'postCode'>,
  fulfilment: Fulfilment,
  /** When it is priced: a beer whose release time has not come by then is not sold. */
  at: Date,
  /** A club member's checkout (their link and e-mail checked): a beer open to members early is sold to them. */
  member = false,
): PricedCheckout {
  const lines = cart.map((line) => {
    if (!isPackSize(line.packSize)) throw CheckoutErrors.badPackSize(line.packSize);
    if (line.packQuantity !== PACK_QUANTITY[line.packSize]) throw CheckoutErrors.badPackQuantity(line.packSize);
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0 || line.quantity % line.packQuantity !== 0) {
      throw CheckoutErrors.badQuantity(line.packSize, line.quantity);
    }
    return { ...line, packSize: line.packSize };
  });

  const totalCans = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (lines.length === 0 || !validatePack(totalCans).isValid) {
    throw CheckoutErrors.invalidPack();
  }

  const requested = new Map<string, number>();
  for (const line of lines) requested.set(line.productId, (requested.get(line.productId) ?? 0) + line.quantity);
  const reservations = [...requested.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([productId, quantity]) => {
      const snapshot = products.get(productId) ?? null;
      if (snapshot === null) throw CheckoutErrors.productNotFound(productId);
      const { product } = snapshot;
      if (!product.isActive || product.archived) throw CheckoutErrors.productUnavailable(product.name);
      if (!(member ? isOpenToMembers(product, at) : isReleased(product, at))) {
        throw CheckoutErrors.notReleased(product.name, product.releaseAt ?? '');
      }
      if (product.maxPerOrder !== null && quantity > product.maxPerOrder) {
        throw CheckoutErrors.overOrderLimit(product.name, product.maxPerOrder, quantity);
      }
      if (quantity > snapshot.available) {
        throw CheckoutErrors.insufficientStock(product.name, snapshot.available, quantity);
      }
      return { productId, name: product.name, quantity };
    });

  const snapshotOf = (productId: string): ProductSnapshot => {
    const snapshot = products.get(productId);
    if (!snapshot) throw CheckoutErrors.productNotFound(productId);
    return snapshot;
  };
  for (const line of lines) {
    const { product } = snapshotOf(line.productId);
    if (!isPackEnabled(product, line.packSize)) throw CheckoutErrors.packNotOffered(product.name, line.packSize);
  }

  let summary: OrderSummary;
  try {
    summary = summariseOrder({
      lines: lines.map((line) => ({ product: snapshotOf(line.productId).product, packSize: line.packSize, quantity: line.quantity })),
      state: customer.state,
      postCode: customer.postCode,
      ...(fulfilment.method === 'pickup' ? { pickupDate: fulfilment.pickupDate } : {}),
    });
  } catch (error) {
    if (error instanceof ShopRuleError) throw CheckoutErrors.invalidCart(error.message);
    throw error;
  }

  summary.lines.forEach((priced, index) => {
    const sent = lines[index];
    if (sent === undefined) return;
    const expected = priced.packSize === 'single' ? priced.unitPriceCents : priced.lineTotalCents;
    if (clientCents(sent.price) !== expected) throw CheckoutErrors.pricesChanged();
  });

  const items = summary.lines.map((priced): Omit<OrderItem, 'id'> => {
    const { product } = snapshotOf(priced.productId);
    return {
      productId: priced.productId,
      productName: product.name,
      style: product.style,
      abv: product.abv,
      packSize: priced.packSize,
      packQuantity: PACK_QUANTITY[priced.packSize],
      packs: priced.packs,
      quantity: priced.quantity,
      unitPriceCents: priced.unitPriceCents,
      lineTotalCents: priced.lineTotalCents,
    };
  });
  return { summary, items, reservations };
}

/** A price as the browser sent it, in cents, or null when it is not a price (it then simply fails the comparison). */
export function clientCents(price: number | string): number | null {
  try {
    return toCents(price);
  } catch {
    return null;
  }
}
