import { PACK_QUANTITY, type PackSize, type Product } from './catalog.types';
import { isPackEnabled, packPriceCents } from './product-prices';

export type AddButtonLabel = 'Add to Pack' | 'Out of Stock' | 'Pack Not Available' | 'Archived Product';

/** Single needs a can in stock; a pack needs stock for a whole pack, a pack price and its enable flag. */
export function isPackAvailable(product: Product, packSize: PackSize): boolean {
  const enoughStock = product.inventory >= PACK_QUANTITY[packSize];
  if (packSize === 'single') return enoughStock;
  return enoughStock && isPackEnabled(product, packSize) && packPriceCents(product, packSize) !== null;
}

/** The card's stepper runs from 0 to as many packs of the size as the stock holds. */
export function maxPacksForStepper(product: Product, packSize: PackSize): number {
  return Math.max(0, Math.floor(product.inventory / PACK_QUANTITY[packSize]));
}

/** Archived outranks stock (it will not come back), and no stock outranks a pack that cannot be made. */
export function addButtonLabel(product: Product, packSize: PackSize): AddButtonLabel {
  if (product.archived) return 'Archived Product';
  if (product.inventory <= 0) return 'Out of Stock';
  if (!isPackAvailable(product, packSize)) return 'Pack Not Available';
  return 'Add to Pack';
}

/** `count` is what the stepper shows: packs of the size (cans for single). */
export function isAddDisabled(product: Product, packSize: PackSize, count: number): boolean {
  return (
    count <= 0 ||
    !Number.isInteger(count) ||
    count > maxPacksForStepper(product, packSize) ||
    addButtonLabel(product, packSize) !== 'Add to Pack'
  );
}
