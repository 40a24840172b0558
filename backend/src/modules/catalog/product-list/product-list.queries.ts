import { Query } from '@nestjs/cqrs';
import type { Product } from '@brewery/shop-rules';
import type { AdminProduct } from './product-view';

/** The shop's grid: live products, archived last, then by name; `inventory` is what can be bought now. */
export class GetShopProductsQuery extends Query<Product[]> {}

/** The admin's Products tab: every product not deleted, archived last; stock, reserved and available. */
export class GetAdminProductsQuery extends Query<AdminProduct[]> {}

/** Where a beer page's slug leads now: the live product that has it, or had it before a rename; null if none. */
export class FindBeerBySlugQuery extends Query<{ productId: string; slug: string } | null> {
  constructor(readonly slug: string) {
    super();
  }
}
