import { PACK_QUANTITY, type PackSize, type PackValidation, type Product, type ShippingResult } from './catalog.types';
import { pickupWhen } from './fulfilment';
import { centsToDollars, gstIncludedCents, toCents } from './money';
import { validatePack } from './pack-validation';
import { unitPriceCents } from './product-prices';
import { calculateShipping } from './shipping';
import { InvalidQuantityError } from './shop-rule.error';

export interface LinePrice {
  /** One unit of the line: a can for single, a whole pack otherwise. */
  unitPriceCents: number;
  lineTotalCents: number;
  /** Units bought: cans for single, packs otherwise. */
  packs: number;
}

/**
 * Prices a line from the product as stored, never from the client's figures. `quantityInCans` must be
 * a positive whole number of packs of the size.
 */
export function priceCartLine(product: Product, packSize: PackSize, quantityInCans: number): LinePrice {
  const size = PACK_QUANTITY[packSize];
  if (!Number.isSafeInteger(quantityInCans) || quantityInCans <= 0 || quantityInCans % size !== 0) {
    throw new InvalidQuantityError(
      `${quantityInCans} cans of ${product.name} is not a whole number of ${packSize === 'single' ? 'cans' : `${size}-packs`}`,
    );
  }
  const packs = quantityInCans / size;
  const unit = unitPriceCents(product, packSize);
  return { unitPriceCents: unit, lineTotalCents: unit * packs, packs };
}

export interface OrderLineInput {
  product: Product;
  packSize: PackSize;
  /** Cans. */
  quantity: number;
}

export interface PricedOrderLine extends LinePrice {
  productId: string;
  name: string;
  packSize: PackSize;
  /** Cans. */
  quantity: number;
}

export interface OrderSummary {
  lines: PricedOrderLine[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  /** GST included in the total (Australian prices include it). */
  gstCents: number;
  totalCans: number;
  shipping: ShippingResult;
  pack: PackValidation;
}

/**
 * The server's view of an order: every line priced from the product, shipping from the can count and
 * address, and the pack's validity for the caller to enforce. Throws on a bad quantity or an
 * unsupported state.
 */
export function summariseOrder(input: {
  lines: readonly OrderLineInput[];
  state: string;
  postCode: string;
  /** A Saturday at the cellar door instead of delivery: no shipping. */
  pickupDate?: string;
}): OrderSummary {
  const lines = input.lines.map(({ product, packSize, quantity }) => ({
    productId: product.id,
    name: product.name,
    packSize,
    quantity,
    ...priceCartLine(product, packSize, quantity),
  }));
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const totalCans = lines.reduce((sum, line) => sum + line.quantity, 0);
  const shipping =
    input.pickupDate === undefined
      ? calculateShipping({ state: input.state, totalCans, postCode: input.postCode })
      : { cost: centsToDollars(0), estimatedDelivery: pickupWhen(input.pickupDate), isPerthMetro: true };
  const shippingCents = toCents(shipping.cost);
  const totalCents = subtotalCents + shippingCents;
  return {
    lines,
    subtotalCents,
    shippingCents,
    totalCents,
    gstCents: gstIncludedCents(totalCents),
    totalCans,
    shipping,
    pack: validatePack(totalCans),
  };
}
