import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { CatalogStock } from './catalog-stock.service';
import { CountStockHandler } from './count-stock/count-stock.handler';
import { CreateProductHandler } from './create-product/create-product.handler';
import { DeleteProductHandler } from './delete-product/delete-product.handler';
import { AdminProductsController } from './http/admin-products.controller';
import { ShopProductsController } from './http/shop-products.controller';
import { ProductListProjection } from './product-list/product-list.projection';
import {
  FindBeerBySlugHandler,
  GetAdminProductsHandler,
  GetProductAvailabilityHandler,
  GetShopProductsHandler,
} from './product-list/product-list.query-handlers';
import { ShopListing } from './product-list/shop-listing';
import { ProductStreams } from './product-streams';
import { ReleaseReservationHandler } from './release-reservation/release-reservation.handler';
import { ReserveStockHandler } from './reserve-stock/reserve-stock.handler';
import { SeedProductsHandler } from './seed-products/seed-products.handler';
import { SellStockHandler } from './sell-stock/sell-stock.handler';
import { SetProductActiveHandler } from './set-product-active/set-product-active.handler';
import { UpdateProductHandler } from './update-product/update-product.handler';

export const CommandHandlers = [
  CreateProductHandler,
  UpdateProductHandler,
  SetProductActiveHandler,
  DeleteProductHandler,
  SeedProductsHandler,
  CountStockHandler,
  ReserveStockHandler,
  ReleaseReservationHandler,
  SellStockHandler,
];

export const QueryHandlers = [GetShopProductsHandler, GetAdminProductsHandler, GetProductAvailabilityHandler, FindBeerBySlugHandler];

/** Products: the product streams, their read model, the shop's and the admin's routes, and stock for checkout. */
@Module({
  controllers: [ShopProductsController, AdminProductsController],
  providers: [ProductStreams, CatalogStock, ProductListProjection, ShopListing, ...CommandHandlers, ...QueryHandlers],
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
