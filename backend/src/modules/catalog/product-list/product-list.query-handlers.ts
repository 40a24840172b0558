import { WAITLISTS, type WaitlistDoc } from '../back-in-stock/waitlist.projection';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DocumentStore } from '@brewery/eventstore';
import { hasBeerPage, productSlug, type Product } from '@brewery/shop-rules';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
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
  constructor(@Inject(DOCUMENT_STORE) private readonly documents: DocumentStore) {}

  async execute(): Promise<AdminProduct[]> {
    const [docs, lists] = await Promise.all([
      this.documents.collection<ProductViewDoc>(PRODUCTS_COLLECTION).find({ deleted: false }),
      this.documents.collection<WaitlistDoc>(WAITLISTS).find({}),
    ]);
    // How many addresses wait to hear the beer is back (its "Tell me when it's back" list).
    const waiting = new Map(lists.map((list) => [list._id, list.waiting.length]));
    return docs.sort(compareForListing).map((doc) => ({ ...toAdminProduct(doc), waiting: waiting.get(doc.id) ?? 0 }));
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
