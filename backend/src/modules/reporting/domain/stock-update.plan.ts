import { assertNever } from '../../../shared-kernel/decider';
import { matchProductName, type NamedProduct } from './product-name.matcher';
import type { UnmatchedStockLine } from '@brewery/shop-rules';
import type { ParsedStockEmail } from './stock-email.parser';

/** One product's new stock figure, from one line of the e-mail. */
export interface PlannedStockCount {
  productId: string;
  name: string;
  inventory: number;
  line: string;
  lineNumber: number;
}

export interface StockUpdatePlan {
  counts: PlannedStockCount[];
  /** Lines that change nothing, in the order they were written, with the reason. */
  unmatched: UnmatchedStockLine[];
  totalLines: number;
}

/**
 * Matches each readable line to exactly one product. A line whose name matches no product, or more than
 * one, changes nothing and is reported; so does a second line for a product already counted (one figure
 * per product: the first one written).
 */
export function planStockUpdate(parsed: ParsedStockEmail, products: readonly NamedProduct[]): StockUpdatePlan {
  const counts: PlannedStockCount[] = [];
  const unmatched: UnmatchedStockLine[] = [...parsed.unreadable];
  for (const entry of parsed.counts) {
    const { line, lineNumber } = entry;
    const match = matchProductName(entry.name, products);
    switch (match.kind) {
      case 'none':
        unmatched.push({ line, lineNumber, reason: `No product is named "${entry.name}"` });
        break;
      case 'ambiguous':
        unmatched.push({
          line,
          lineNumber,
          reason: `"${entry.name}" matches more than one product (${match.candidates.map((p) => p.name).join(', ')})`,
        });
        break;
      case 'matched': {
        const earlier = counts.find((c) => c.productId === match.product.productId);
        if (earlier) unmatched.push({ line, lineNumber, reason: `${match.product.name} is already counted on line ${earlier.lineNumber}` });
        else counts.push({ productId: match.product.productId, name: match.product.name, inventory: entry.inventory, line, lineNumber });
        break;
      }
      default:
        assertNever(match);
    }
  }
  unmatched.sort((a, b) => a.lineNumber - b.lineNumber);
  return { counts, unmatched, totalLines: parsed.totalLines };
}
