import { slugify, type Product } from '@brewery/shop-rules';
import { compareNames, compareText } from '../../../shared-kernel/collation';
import { assertNever } from '../../../shared-kernel/decider';
import type { Reservation } from '../domain/product.decider';
import type { ProductEvent, ProductFields } from '../domain/product.events';

export const PRODUCTS_COLLECTION = 'products';

/**
 * One document per product stream: every Product field (`inventory` is the operator's stock figure), the
 * cans reserved by pending checkouts, and the stream revision it reflects (the projection's idempotency
 * guard). A deleted product stays as a tombstone so a late, repeated event cannot bring it back.
 */
export type ProductViewDoc = ProductFields & {
  _id: string;
  id: string;
  reserved: number;
  reservations: Reservation[];
  revision: number;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
  /** The beer page's address part (`/shop/<slug>`), unique among products; older documents may lack it. */
  slug?: string;
  /** Slugs the product had before a rename: their addresses redirect to the current one. */
  formerSlugs?: string[];
  /** The release time whose coming was recorded (`ProductReleased`): the release sweep skips it. */
  releasedAt?: string | null;
};

/** The product list for the admin: the stock figure, what is reserved and what is left to sell. */
export type AdminProduct = Product & {
  reserved: number;
  available: number;
  revision: number;
  createdAt: string;
  updatedAt: string;
  /** Confirmed addresses waiting to hear the beer is back ("Tell me when it's back"); set by the admin list's query. */
  waiting?: number;
  /** Sign-ups for that list still waiting for their address to confirm (not lapsed); set by the same query. */
  waitingToConfirm?: number;
};

/** The next version of a product's document after one of its events (null: nothing to keep yet). */
export function evolveProductView(
  doc: ProductViewDoc | null,
  productId: string,
  event: ProductEvent,
  revision: number,
  occurredAt: string,
): ProductViewDoc | null {
  if (event.type === 'ProductCreated') {
    return {
      _id: productId,
      id: productId,
      ...event.data,
      maxPerOrder: event.data.maxPerOrder ?? null,
      reserved: 0,
      reservations: [],
      revision,
      deleted: false,
      createdAt: occurredAt,
      updatedAt: occurredAt,
    };
  }
  if (doc === null) return null;
  const next: ProductViewDoc = { ...doc, revision, updatedAt: occurredAt };
  switch (event.type) {
    case 'ProductDetailsChanged':
    case 'ProductPricesChanged':
      return { ...next, ...event.data };
    case 'ProductPublished':
      return { ...next, isActive: true };
    case 'ProductMovedToDraft':
      return { ...next, isActive: false };
    case 'ProductArchived':
      return { ...next, archived: true };
    case 'ProductRestored':
      return { ...next, archived: false };
    case 'ProductDeleted':
      return { ...next, deleted: true };
    case 'StockCounted':
      return { ...next, inventory: event.data.inventory };
    case 'ProductOrderLimitSet':
      return { ...next, maxPerOrder: event.data.maxPerOrder };
    case 'ProductReleaseScheduled':
      return { ...next, releaseAt: event.data.releaseAt };
    case 'ProductReleaseCancelled':
      return { ...next, releaseAt: null };
    case 'ProductReleased':
      return { ...next, releasedAt: event.data.releaseAt };
    case 'ProductMembersFromSet':
      return { ...next, membersFrom: event.data.membersFrom };
    case 'StockReserved':
      return withReservations(next, [...next.reservations.filter((r) => r.orderId !== event.data.orderId), { ...event.data }]);
    case 'StockReservationReleased':
      return withReservations(
        next,
        next.reservations.filter((r) => r.orderId !== event.data.orderId),
      );
    case 'StockSold':
      return withReservations(
        { ...next, inventory: next.inventory - event.data.quantity },
        next.reservations.filter((r) => r.orderId !== event.data.orderId),
      );
    case 'StockReturned':
      return { ...next, inventory: next.inventory + event.data.quantity };
    default:
      return assertNever(event);
  }
}

function withReservations(doc: ProductViewDoc, reservations: Reservation[]): ProductViewDoc {
  return { ...doc, reservations, reserved: reservations.reduce((sum, r) => sum + r.quantity, 0) };
}

function productOf(doc: ProductViewDoc): Product {
  return {
    id: doc.id,
    name: doc.name,
    style: doc.style,
    description: doc.description,
    abv: doc.abv,
    beerType: doc.beerType,
    imageUrl: doc.imageUrl,
    inventory: doc.inventory,
    isActive: doc.isActive,
    archived: doc.archived,
    price: doc.price,
    price4Pack: doc.price4Pack,
    price8Pack: doc.price8Pack,
    price16Pack: doc.price16Pack,
    enable4Pack: doc.enable4Pack,
    enable8Pack: doc.enable8Pack,
    enable16Pack: doc.enable16Pack,
    // Documents written before the limit existed have none.
    maxPerOrder: doc.maxPerOrder ?? null,
    releaseAt: doc.releaseAt ?? null,
    // Only a beer with early access for club members says so.
    ...(doc.membersFrom ? { membersFrom: doc.membersFrom } : {}),
    slug: doc.slug ?? slugify(doc.name),
  };
}

/** What the shop shows: `inventory` is what a customer can buy now (stock less reservations, never negative). */
export function toShopProduct(doc: ProductViewDoc): Product {
  return { ...productOf(doc), inventory: Math.max(0, doc.inventory - doc.reserved) };
}

export function toAdminProduct(doc: ProductViewDoc): AdminProduct {
  return {
    ...productOf(doc),
    reserved: doc.reserved,
    available: doc.inventory - doc.reserved,
    revision: doc.revision,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** Archived products go to the bottom; otherwise by name, then id so equal names keep a stable order. */
export function compareForListing(a: ProductViewDoc, b: ProductViewDoc): number {
  return Number(a.archived) - Number(b.archived) || compareNames(a.name, b.name) || compareText(a.id, b.id);
}
