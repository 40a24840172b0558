/** What other modules may use from the catalog: stock commands for checkout and payments, and the product snapshot. */
export { CatalogModule } from './catalog.module';
export { CatalogStock } from './catalog-stock.service';
export type { ProductWriteResult } from './product-streams';
export type { ProductSnapshot } from './domain/product-snapshot';
export type { ReleaseReason, StockCountReason, ProductEvent, ProductFields } from './domain/product.events';
export { PRODUCT_EVENT_TYPES, productStreamName } from './domain/product.events';
export { PRODUCTS_COLLECTION, type ProductViewDoc, type AdminProduct } from './product-list/product-view';
export { ShopListing } from './product-list/shop-listing';
export { FindBeerBySlugQuery } from './product-list/product-list.queries';
export { WaitingCountsQuery, type WaitingCounts } from './product-list/product-list.queries';
export { ProductErrors } from './domain/product.errors';
export { ProductStreams } from './product-streams';
