import type { StockEmailResult, StockUpdate } from '@brewery/shop-rules';
import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@brewery/eventstore';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { compareNames, compareText } from '../../../shared-kernel/collation';
import { DomainError } from '../../../shared-kernel/domain-error';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CatalogStock, PRODUCTS_COLLECTION, type ProductViewDoc, type ProductWriteResult } from '../../catalog';
import { parseStockEmail } from '../domain/stock-email.parser';
import { planStockUpdate } from '../domain/stock-update.plan';

/**
 * Applies the operator's 'UPDATE STOCK' e-mail: each matched line records the new figure on its product
 * stream through the catalog's stock count (`CatalogStock.count`, reason `stock-email`); lines that match nothing, or
 * more than one product, change nothing and come back with the reason.
 */
@Injectable()
export class StockEmailUpdater {
  constructor(
    private readonly stock: CatalogStock,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
  ) {}

  async apply(emailContent: string | null | undefined, context: Cause): Promise<StockEmailResult> {
    const parsed = parseStockEmail(emailContent ?? '');
    const products = await this.documents.collection<ProductViewDoc>(PRODUCTS_COLLECTION).find({ deleted: false });
    // Sorted, so a name that matches two products lists them in the same order every time.
    const named = products
      .map((p) => ({ productId: p.id, name: p.name }))
      .sort((a, b) => compareNames(a.name, b.name) || compareText(a.productId, b.productId));
    const plan = planStockUpdate(parsed, named);
    const previous = new Map(products.map((p) => [p.id, p.inventory]));
    const updates: StockUpdate[] = [];
    const unmatched = [...plan.unmatched];
    let lastPosition: number | null = null;
    for (const count of plan.counts) {
      let result: ProductWriteResult;
      try {
        result = await this.stock.count({ productId: count.productId, inventory: count.inventory, reason: 'stock-email' }, context);
      } catch (error) {
        // Deleted since the list was read, or refused by the product's rules: reported like an unmatched line.
        if (!(error instanceof DomainError)) throw error;
        unmatched.push({ line: count.line, lineNumber: count.lineNumber, reason: error.message });
        continue;
      }
      if (result.position !== null) lastPosition = Math.max(lastPosition ?? -1, result.position);
      updates.push({
        productId: count.productId,
        name: count.name,
        previous: previous.get(count.productId) ?? 0,
        inventory: count.inventory,
        changed: result.events.length > 0,
      });
    }
    unmatched.sort((a, b) => a.lineNumber - b.lineNumber);
    return { successCount: updates.length, totalUpdates: plan.totalLines, unmatched, updates };
  }
}
