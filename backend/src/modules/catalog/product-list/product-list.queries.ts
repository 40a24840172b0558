import { Query } from '@nestjs/cqrs';
import type { Product } from '@brewery/shop-rules';
import type { AdminProduct } from './product-view';

/** The shop's grid: live products, archived last, then by name; `inventory` is what can be bought now. */
export class GetShopProductsQuery extends Query<Product[]> {}

/** The admin's Products tab: every product not deleted, archived last; stock, reserved and available. */
export class GetAdminProductsQuery extends Query<AdminProduct[]> {}

/** Per beer, who waits to hear it is back: confirmed addresses, and sign-ups not yet confirmed (nor lapsed). The waiting lists answer it. */
export class WaitingCountsQuery extends Query<Map<string, WaitingCounts>> {
  constructor(readonly now: Date) {
    super();
  }
}

export interface WaitingCounts {
  waiting: number;
  waitingToConfirm: number;
}

/** Where a beer page's slug leads now: the live product that has it, or had it before a rename; null if none. */
export class FindBeerBySlugQuery extends Query<{ productId: string; slug: string } | null> {
  constructor(readonly slug: string) {
    super();
  }
}
