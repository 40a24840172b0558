import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import type { Product } from '@brewery/shop-rules';
import { ProductListProjection } from './product-list.projection';
import { GetShopProductsQuery } from './product-list.queries';

/** The shop's product list as it goes on the wire: the JSON and its strong ETag. */
export interface ShopListingBody {
  body: string;
  etag: string;
  /** The same list, parsed (the server-rendered pages draw from it); not to be changed. */
  products: readonly Product[];
}

/**
 * `GET /api/products` is the shop's busiest read and changes only when a product event is projected. The
 * JSON and its ETag are built once per change of the product list and reused until the next one: the
 * first request after a price change, a publication, a reservation or a sale builds the new answer.
 */
@Injectable()
export class ShopListing {
  private cached: (ShopListingBody & { writes: number }) | null = null;

  constructor(
    private readonly queries: QueryBus,
    private readonly productList: ProductListProjection,
  ) {}

  async current(): Promise<ShopListingBody> {
    const writes = this.productList.writes;
    if (this.cached !== null && this.cached.writes === writes) return this.cached;
    const products = await this.queries.execute(new GetShopProductsQuery());
    const body = JSON.stringify(products);
    const listing = { writes, body, products, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
    // A slower reader that started before a newer answer was kept must not put its older one back.
    if (this.cached === null || this.cached.writes <= writes) this.cached = listing;
    return listing;
  }
}
