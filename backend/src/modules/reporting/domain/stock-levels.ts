import { sellableStockLevel, type StockLevel } from '@brewery/shop-rules';
import { compareNames, compareText } from '../../../shared-kernel/collation';

/** One card of the Analytics tab's stock panel. */
export interface StockLevelEntry {
  productId: string;
  name: string;
  /** The operator's stock figure: it falls when a payment succeeds. */
  inventory: number;
  /** Cans held by checkouts still waiting for payment. */
  reserved: number;
  /** What the shop can still sell: inventory less reserved. */
  available: number;
  /** The spec's thresholds (CRITICAL at 5 or less, LOW at 10 or less, otherwise OK) on the lesser of stock and available. */
  level: StockLevel;
}

const SEVERITY: Readonly<Record<StockLevel, number>> = { CRITICAL: 0, LOW: 1, OK: 2 };

export function stockLevelEntry(product: { productId: string; name: string; inventory: number; reserved: number }): StockLevelEntry {
  const available = product.inventory - product.reserved;
  return { ...product, available, level: sellableStockLevel({ inventory: product.inventory, available }) };
}

/** Most urgent first (CRITICAL, LOW, OK), then by name. */
export function sortStockLevels(entries: readonly StockLevelEntry[]): StockLevelEntry[] {
  return [...entries].sort(
    (a, b) => SEVERITY[a.level] - SEVERITY[b.level] || compareNames(a.name, b.name) || compareText(a.productId, b.productId),
  );
}
