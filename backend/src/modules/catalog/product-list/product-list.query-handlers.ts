import { WAITLIST_ENTRIES, type WaitlistEntryDoc } from '../back-in-stock/waitlist.projection';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DocumentStore } from '@brewery/eventstore';
import { hasBeerPage, productSlug, type Product } from '@brewery/shop-rules';
import { CLOCK, DOCUMENT_STORE, type Clock } from '../../../platform/persistence/persistence.tokens';
import { FindBeerBySlugQuery, GetAdminProductsQuery, GetShopProductsQuery } from './product-list.queries';
import {
  PRODUCTS_COLLECTION,
  compareForListing,
  toAdminProduct,
  toShopProduct,
  type AdminProduct,
  type ProductViewDoc,
} from './product-view';

@QueryHandler(GetShopProductsQuery)
export class GetShopProductsHandler implements IQueryHandler<GetShopProductsQuery> {
  constructor(@Inject(DOCUMENT_STORE) private readonly documents: DocumentStore) {}

  async execute(): Promise<Product[]> {
    const docs = await this.documents.collection<ProductViewDoc>(PRODUCTS_COLLECTION).find({ deleted: false, isActive: true });
    return docs.sort(compareForListing).map(toShopProduct);
  }
}

@QueryHandler(GetAdminProductsQuery)
export class GetAdminProductsHandler implements IQueryHandler<GetAdminProductsQuery> {
  constructor(
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(): Promise<AdminProduct[]> {
    const [docs, onLists] = await Promise.all([
      this.documents.collection<ProductViewDoc>(PRODUCTS_COLLECTION).find({ deleted: false }),
      this.documents.collection<WaitlistEntryDoc>(WAITLIST_ENTRIES).find({ status: { $in: ['confirmed', 'pending'] } }),
    ]);
    // How many confirmed addresses wait to hear the beer is back (its "Tell me when it's back" list), and how many
    // sign-ups still wait to be confirmed (not lapsed).
    const now = this.clock.now().getTime();
    const waiting = new Map<string, number>();
    const pending = new Map<string, number>();
    for (const entry of onLists) {
      if (entry.status === 'confirmed') waiting.set(entry.productId, (waiting.get(entry.productId) ?? 0) + 1);
      else if (entry.confirmBy !== null && Date.parse(entry.confirmBy) > now)
        pending.set(entry.productId, (pending.get(entry.productId) ?? 0) + 1);
    }
    return docs
      .sort(compareForListing)
      .map((doc) => ({ ...toAdminProduct(doc), waiting: waiting.get(doc.id) ?? 0, waitingToConfirm: pending.get(doc.id) ?? 0 }));
  }
}

@QueryHandler(FindBeerBySlugQuery)
export class FindBeerBySlugHandler implements IQueryHandler<FindBeerBySlugQuery> {
  constructor(@Inject(DOCUMENT_STORE) private readonly documents: DocumentStore) {}

  async execute(query: FindBeerBySlugQuery): Promise<{ productId: string; slug: string } | null> {
    const products = this.documents.collection<ProductViewDoc>(PRODUCTS_COLLECTION);
    const live = { deleted: false, isActive: true, archived: false };
    // A slug a product has now wins over the same slug another product had before.
    const doc = (await products.findOne({ ...live, slug: query.slug })) ?? (await products.findOne({ ...live, formerSlugs: query.slug }));
    if (doc === null) return null;
    const product = toShopProduct(doc);
    return hasBeerPage(product) ? { productId: product.id, slug: productSlug(product) } : null;
  }
}
