import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { CatalogStock } from './catalog-stock.service';
import { AdminProductsController } from './http/admin-products.controller';
import { ShopProductsController } from './http/shop-products.controller';
import { ProductListProjection } from './product-list/product-list.projection';
import {
  FindBeerBySlugHandler,
  GetAdminProductsHandler,
  GetProductAvailabilityHandler,
  GetShopProductsHandler,
} from './product-list/product-list.query-handlers';
import { ManageProducts } from './manage-products/manage-products.service';
import { ShopListing } from './product-list/shop-listing';
import { ProductStreams } from './product-streams';
import { SeedProducts } from './seed-products/seed-products.service';

export const QueryHandlers = [GetShopProductsHandler, GetAdminProductsHandler, GetProductAvailabilityHandler, FindBeerBySlugHandler];

/** Products: the product streams, their read model, the shop's and the admin's routes, and stock for checkout. */
@Module({
  controllers: [ShopProductsController, AdminProductsController],
  providers: [ProductStreams, CatalogStock, ManageProducts, SeedProducts, ProductListProjection, ShopListing, ...QueryHandlers],
  exports: [CatalogStock, ShopListing],
})
export class CatalogModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly productList: ProductListProjection,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.productList);
  }
}
