import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DocumentStore } from '@brewery/eventstore';
import { hasBeerPage, productSlug, type Product } from '@brewery/shop-rules';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { CLOCK, type Clock } from '../../../platform/clock';
import { FindBeerBySlugQuery, GetAdminProductsQuery, GetShopProductsQuery, WaitingCountsQuery } from './product-list.queries';
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
    private readonly queries: QueryBus,
  ) {}

  async execute(): Promise<AdminProduct[]> {
    const [docs, waiting] = await Promise.all([
      this.documents.collection<ProductViewDoc>(PRODUCTS_COLLECTION).find({ deleted: false }),
      // How many wait to hear each beer is back (its "Tell me when it's back" list), as the waiting lists count them.
      this.queries.execute(new WaitingCountsQuery(this.clock.now())),
    ]);
    return docs.sort(compareForListing).map((doc) => ({
      ...toAdminProduct(doc),
      waiting: waiting.get(doc.id)?.waiting ?? 0,
      waitingToConfirm: waiting.get(doc.id)?.waitingToConfirm ?? 0,
    }));
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
