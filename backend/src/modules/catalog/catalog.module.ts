import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpEdge } from '../../platform/http/http-edge';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { CatalogStock } from './catalog-stock.service';
import { AdminProductsController } from './http/admin-products.controller';
import { productAnswer, productListAnswer, ShopProductsController } from './http/shop-products.controller';
import { ProductListProjection } from './product-list/product-list.projection';
import { FindBeerBySlugHandler, GetAdminProductsHandler, GetShopProductsHandler } from './product-list/product-list.query-handlers';
import { ManageProducts } from './manage-products/manage-products.service';
import { ShopListing } from './product-list/shop-listing';
import { ProductStreams } from './product-streams';
import { ReleaseSweep } from './release-sweep/release-sweep.service';
import { SeedProducts } from './seed-products/seed-products.service';

export const QueryHandlers = [GetShopProductsHandler, GetAdminProductsHandler, FindBeerBySlugHandler];

/** Products: the product streams, their read model, the shop's and the admin's routes, and stock for checkout. */
@Module({
  controllers: [ShopProductsController, AdminProductsController],
  providers: [
    ProductStreams,
    CatalogStock,
    ManageProducts,
    SeedProducts,
    ProductListProjection,
    ShopListing,
    ReleaseSweep,
    ...QueryHandlers,
  ],
  exports: [CatalogStock, ShopListing, ProductStreams],
})
export class CatalogModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly productList: ProductListProjection,
    private readonly edge: HttpEdge,
    private readonly listing: ShopListing,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.productList);
    // The catalogue and a beer's availability, answered from the prepared listing while it is current.
    const product = /^\/api\/products\/([A-Za-z0-9_-]+)$/;
    this.edge.serveHotRead(
      (path) => {
        if (path !== '/api/products') return null;
        const current = this.listing.fresh();
        return current === null ? null : productListAnswer(current);
      },
      { waitsForOwnWrites: true },
    );
    this.edge.serveHotRead(
      (path) => {
        const id = product.exec(path)?.[1];
        if (id === undefined) return null;
        const current = this.listing.fresh();
        return current === null ? null : productAnswer(current, id);
      },
      { waitsForOwnWrites: true },
    );
  }
}
