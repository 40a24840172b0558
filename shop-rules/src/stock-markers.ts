import type { Product } from './catalog.types';

export type ProductStockMarker = 'OUT OF STOCK' | 'LOW STOCK';
export type StockLevel = 'CRITICAL' | 'LOW' | 'OK';

/** The admin product card's marker: OUT OF STOCK only matters for a product that is live in the shop. */
export function productStockMarker(product: Product): ProductStockMarker | null {
  if (product.inventory <= 0) return product.isActive ? 'OUT OF STOCK' : null;
  if (product.inventory <= 4) return 'LOW STOCK';
  return null;
}

/** The Analytics tab's stock level cards. */
export function stockLevel(inventory: number): StockLevel {
  if (inventory <= 5) return 'CRITICAL';
  if (inventory <= 10) return 'LOW';
  return 'OK';
}

/**
 * A beer's level on the Analytics tab: the spec's thresholds, applied to what the shop can still sell when that is
 * less than the stock figure (cans held by unpaid checkouts are not for sale), so a beer with none available is
 * never "OK".
 */
export function sellableStockLevel(stock: { inventory: number; available: number }): StockLevel {
  return stockLevel(Math.min(stock.inventory, stock.available));
}

/** Archived products move to the bottom; otherwise the order is kept (Array.prototype.sort is stable). */
export function sortArchivedLast<T extends Pick<Product, 'archived'>>(products: readonly T[]): T[] {
  return [...products].sort((a, b) => Number(a.archived) - Number(b.archived));
}
