import type { DomainEvent } from '@brewery/eventstore';
import type { Product } from '@brewery/shop-rules';

/** Every Product field but `id` (the stream carries it): what the admin form edits. */
export type ProductFields = Omit<Product, 'id'>;

export type ProductDetails = Pick<ProductFields, 'name' | 'style' | 'description' | 'abv' | 'beerType' | 'imageUrl'>;
export type ProductPrices = Pick<
  ProductFields,
  'price' | 'price4Pack' | 'price8Pack' | 'price16Pack' | 'enable4Pack' | 'enable8Pack' | 'enable16Pack'
>;

export const DETAIL_FIELDS = [
  'name',
  'style',
  'description',
  'abv',
  'beerType',
  'imageUrl',
] as const satisfies readonly (keyof ProductDetails)[];
export const PRICE_FIELDS = [
  'price',
  'price4Pack',
  'price8Pack',
  'price16Pack',
  'enable4Pack',
  'enable8Pack',
  'enable16Pack',
] as const satisfies readonly (keyof ProductPrices)[];

/** Why the operator's stock figure changed: the admin form, or the "UPDATE STOCK" e-mail. */
export type StockCountReason = 'admin-edit' | 'stock-email';

/**
 * Why a checkout's reservation ended without a sale. `checkout_failed`: another product of the same
 * checkout could not be reserved, so the cans already set aside for it are handed back.
 */
export type ReleaseReason =
  | 'payment_failed'
  | 'order_deleted'
  | 'order_cancelled'
  | 'expired'
  | 'checkout_failed'
  | 'superseded'
  | 'checkout_cancelled'
  /** A club member's share of a run went back on sale: skipped, paused, cancelled, past due, or the run's cans not needed. */
  | 'club_share_released'
  /** A club member's share became their order's hold (the same cans, held for the order now). */
  | 'passed_to_order'
  /** A club run's order that ended unpaid (every try failed, or the member cancelled): its cans go back on sale. */
  | 'club_charge_ended';

/** Products created before the limit existed have no `maxPerOrder` (read as null). */
export type ProductCreated = DomainEvent<'ProductCreated', Omit<ProductFields, 'maxPerOrder'> & { maxPerOrder?: number | null }>;
/** Only the fields that changed. */
export type ProductDetailsChanged = DomainEvent<'ProductDetailsChanged', Partial<ProductDetails>>;
/** Every price field as it is after the change. */
export type ProductPricesChanged = DomainEvent<'ProductPricesChanged', ProductPrices>;
export type ProductPublished = DomainEvent<'ProductPublished', Record<string, never>>;
export type ProductMovedToDraft = DomainEvent<'ProductMovedToDraft', Record<string, never>>;
export type ProductArchived = DomainEvent<'ProductArchived', Record<string, never>>;
export type ProductRestored = DomainEvent<'ProductRestored', Record<string, never>>;
export type ProductDeleted = DomainEvent<'ProductDeleted', Record<string, never>>;
/** The operator set (a number of cans) or lifted (null) the limit of cans per order. */
export type ProductOrderLimitSet = DomainEvent<'ProductOrderLimitSet', { maxPerOrder: number | null }>;
/** The operator set or moved the beer's release time (`previous`: the one it replaces, or null). */
export type ProductReleaseScheduled = DomainEvent<'ProductReleaseScheduled', { releaseAt: string; previous: string | null }>;
/** The operator took the release time away: the beer is on sale whenever it is live. */
export type ProductReleaseCancelled = DomainEvent<'ProductReleaseCancelled', { previous: string }>;
/** The release time came: the beer went on sale by itself (recorded once per release time, by the release sweep). */
export type ProductReleased = DomainEvent<'ProductReleased', { releaseAt: string }>;
/** Club members' early access: from this instant (before the release) they may buy it; null: none. */
export type ProductMembersFromSet = DomainEvent<'ProductMembersFromSet', { membersFrom: string | null; previous: string | null }>;
export type StockCounted = DomainEvent<'StockCounted', { inventory: number; previous: number; reason: StockCountReason }>;
export type StockReserved = DomainEvent<'StockReserved', { orderId: string; quantity: number; expiresAt: string }>;
export type StockReservationReleased = DomainEvent<
  'StockReservationReleased',
  { orderId: string; quantity: number; reason: ReleaseReason }
>;
export type StockSold = DomainEvent<'StockSold', { orderId: string; quantity: number; paymentIntentId: string; fromReservation: boolean }>;

/**
 * Cans of an order put back on the shelf: the operator's figure rises by `quantity`. Without `returnId`, a cancelled
 * order's cans (what it still had of this beer); with it, the cans a customer sent back in that return.
 */
export type StockReturned = DomainEvent<'StockReturned', { orderId: string; quantity: number; returnId?: string }>;

export type ProductEvent =
  | ProductCreated
  | ProductDetailsChanged
  | ProductPricesChanged
  | ProductPublished
  | ProductMovedToDraft
  | ProductArchived
  | ProductRestored
  | ProductDeleted
  | ProductOrderLimitSet
  | ProductReleaseScheduled
  | ProductReleaseCancelled
  | ProductReleased
  | ProductMembersFromSet
  | StockCounted
  | StockReserved
  | StockReservationReleased
  | StockSold
  | StockReturned;

export type ProductEventType = ProductEvent['type'];

/** The event types of the product stream, for projections that subscribe to them. */
export const PRODUCT_EVENT_TYPES = [
  'ProductCreated',
  'ProductDetailsChanged',
  'ProductPricesChanged',
  'ProductPublished',
  'ProductMovedToDraft',
  'ProductArchived',
  'ProductRestored',
  'ProductDeleted',
  'ProductOrderLimitSet',
  'ProductReleaseScheduled',
  'ProductReleaseCancelled',
  'ProductReleased',
  'ProductMembersFromSet',
  'StockCounted',
  'StockReserved',
  'StockReservationReleased',
  'StockSold',
  'StockReturned',
] as const satisfies readonly ProductEventType[];

// Fails to compile when an event type is added to the union but not to the list above.
const everyEventTypeListed: [Exclude<ProductEventType, (typeof PRODUCT_EVENT_TYPES)[number]>] extends [never] ? true : never = true;
void everyEventTypeListed;

export const PRODUCT_STREAM_CATEGORY = 'product';

export function productStreamName(productId: string): string {
  return `${PRODUCT_STREAM_CATEGORY}-${productId}`;
}
