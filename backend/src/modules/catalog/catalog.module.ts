import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { CatalogStock } from './catalog-stock.service';
import { AdminProductsController } from './http/admin-products.controller';
import { ShopProductsController } from './http/shop-products.controller';
import { ProductListProjection } from './product-list/product-list.projection';
import { FindBeerBySlugHandler, GetAdminProductsHandler, GetShopProductsHandler } from './product-list/product-list.query-handlers';
import { ManageProducts } from './manage-products/manage-products.service';
import { ShopListing } from './product-list/shop-listing';
import { ProductStreams } from './product-streams';
import { ReleaseSweep } from './release-sweep/release-sweep.service';
import { NotificationsModule } from '../notifications/notifications.module';
import { BackInStockController, NotifyMeAttempts } from './back-in-stock/back-in-stock.controller';
import { AdminWaitlistController } from './back-in-stock/admin-waitlist.controller';
import { BackInStockConfirmationMailer, BackInStockEmailer, BackInStockWatcher } from './back-in-stock/back-in-stock.process-managers';
import { BackInStock } from './back-in-stock/back-in-stock.service';
import { WaitlistProjection } from './back-in-stock/waitlist.projection';
import { SeedProducts } from './seed-products/seed-products.service';

export const QueryHandlers = [GetShopProductsHandler, GetAdminProductsHandler, FindBeerBySlugHandler];

/** Products: the product streams, their read model, the shop's and the admin's routes, and stock for checkout. */
@Module({
  imports: [NotificationsModule],
  controllers: [ShopProductsController, AdminProductsController, BackInStockController, AdminWaitlistController],
  providers: [
    ProductStreams,
    CatalogStock,
    ManageProducts,
    SeedProducts,
    ProductListProjection,
    ShopListing,
    ReleaseSweep,
    BackInStock,
    NotifyMeAttempts,
    WaitlistProjection,
    BackInStockWatcher,
    BackInStockEmailer,
    BackInStockConfirmationMailer,
    ...QueryHandlers,
  ],
  exports: [CatalogStock, ShopListing],
})
export class CatalogModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly productList: ProductListProjection,
    private readonly waitlists: WaitlistProjection,
    private readonly backInStockWatcher: BackInStockWatcher,
    private readonly backInStockEmailer: BackInStockEmailer,
    private readonly backInStockConfirmationMailer: BackInStockConfirmationMailer,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.productList);
    this.registry.registerProjection(this.waitlists);
    this.registry.registerProcessManager(this.backInStockWatcher);
    this.registry.registerProcessManager(this.backInStockEmailer);
    this.registry.registerProcessManager(this.backInStockConfirmationMailer);
  }
}
