import type { PackSize, Product } from '@brewery/shop-rules';
import { PACK_QUANTITY } from '@brewery/shop-rules';

/**
 * Why no pack of the chosen size can go into the pack, in the words the Add button shows: the beer's limit
 * per order, every can the shop has already in the pack, or fewer cans left than the pack holds.
 */
export type AddBlockedReason = 'Limit reached' | 'All in your pack' | 'Pack Not Available';

type StockAndLimit = Pick<Product, 'inventory' | 'maxPerOrder'>;

/** The product's limit per order, or null; a product from an older server has no such field. */
function limitOf(product: StockAndLimit): number | null {
  return typeof product.maxPerOrder === 'number' ? product.maxPerOrder : null;
}

/**
 * Cans of a beer the pack may still take: the shop's stock and the beer's limit per order, less the cans of
 * it already in the pack (whatever their pack size). Never below 0.
 */
export function cansLeftToAdd(product: StockAndLimit, cansInPack: number): number {
  const byStock = product.inventory - cansInPack;
  const limit = limitOf(product);
  const byLimit = limit === null ? byStock : limit - cansInPack;
  return Math.max(0, Math.min(byStock, byLimit));
}

/**
 * Packs of a size the stepper may count up to: floor(min(stock − in pack, limit − in pack) / pack size). With
 * an empty pack and no limit this is the spec's floor(inventory / pack size).
 */
export function maxPacksToAdd(product: StockAndLimit, packSize: PackSize, cansInPack: number): number {
  return Math.floor(cansLeftToAdd(product, cansInPack) / PACK_QUANTITY[packSize]);
}

/** Null while at least one pack of the size may still be added; otherwise what stops it. */
export function addBlockedReason(product: StockAndLimit, packSize: PackSize, cansInPack: number): AddBlockedReason | null {
  if (maxPacksToAdd(product, packSize, cansInPack) > 0) return null;
  const limit = limitOf(product);
  if (limit !== null && limit <= product.inventory) return 'Limit reached';
  return cansLeftToAdd(product, cansInPack) === 0 ? 'All in your pack' : 'Pack Not Available';
}

/** The line a product card and an admin card show for a beer with a limit. */
export function limitPerOrderText(maxPerOrder: number): string {
  return `Limit ${maxPerOrder} per order`;
}
