import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@brewery/eventstore';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { PRODUCTS_COLLECTION, type ProductViewDoc } from '../../catalog';
import { sortStockLevels, stockLevelEntry, type StockLevelEntry } from '../domain/stock-levels';

/** The stock cards, from the catalog's products read model: archived and deleted products are left out. */
@Injectable()
export class StockLevelsReader {
  constructor(@Inject(DOCUMENT_STORE) private readonly documents: DocumentStore) {}

  async levels(): Promise<StockLevelEntry[]> {
    const docs = await this.documents.collection<ProductViewDoc>(PRODUCTS_COLLECTION).find({ deleted: false, archived: false });
    return sortStockLevels(
      docs.map((d) => stockLevelEntry({ productId: d.id, name: d.name, inventory: d.inventory, reserved: d.reserved })),
    );
  }
}
