import { PACK_QUANTITY, type PackSize, type Product } from './catalog.types';
import { toCents } from './money';

/** The product's own price for one unit of the size: a can for single, a whole pack otherwise; null when unset. */
export function packPriceCents(product: Product, packSize: PackSize): number | null {
  switch (packSize) {
    case 'single':
      return toCents(product.price);
    case '4pack':
      return optionalCents(product.price4Pack);
    case '8pack':
      return optionalCents(product.price8Pack);
    case '16pack':
      return optionalCents(product.price16Pack);
  }
}

// The admin form sends an empty pack price as null; older records may hold ''.
function optionalCents(price: string | null): number | null {
  return price === null || price.trim() === '' ? null : toCents(price);
}

/**
 * What one unit of the size costs in the cart: the pack price, or the single price times the pack size
 * when the pack has no price of its own (the spec's repricing and server pricing rule).
 */
export function unitPriceCents(product: Product, packSize: PackSize): number {
  return packPriceCents(product, packSize) ?? toCents(product.price) * PACK_QUANTITY[packSize];
}

export function isPackEnabled(product: Product, packSize: PackSize): boolean {
  switch (packSize) {
    case 'single':
      return true;
    case '4pack':
      return product.enable4Pack;
    case '8pack':
      return product.enable8Pack;
    case '16pack':
      return product.enable16Pack;
  }
}
