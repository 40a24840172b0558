import { isOpenToMembers, isReleased } from '@brewery/shop-rules';
import { assertNever, type Decider } from '../../../shared-kernel/decider';
import { normalizeProductFields } from './product-fields';
import { ProductErrors } from './product.errors';
import type { ProductCommand } from './product.commands';
import {
  DETAIL_FIELDS,
  PRICE_FIELDS,
  type ProductDetails,
  type ProductEvent,
  type ProductFields,
  type ProductPrices,
} from './product.events';

export interface Reservation {
  orderId: string;
  quantity: number;
  expiresAt: string;
}

export interface ListedProduct {
  status: 'listed';
  /** Revision of the stream's last event. */
  revision: number;
  /** `inventory` is the operator's figure: it falls only with a sale. */
  fields: ProductFields;
  reservations: readonly Reservation[];
  /** Orders already sold from this product, so a repeated sale is recognised. */
  soldOrders: readonly string[];
  /** What each sold order bought, by order id, until its cans are returned. */
  soldCans?: Readonly<Record<string, number>>;
  /** Orders whose cans came back (a cancelled order), so a repeated return is recognised. */
  returnedOrders?: readonly string[];
  /** Cans each order's customer sent back (returns of some cans), by order id. */
  partlyReturned?: Readonly<Record<string, number>>;
  /** The returns of some cans recorded, as `<orderId>/<returnId>`, so a repeated return is recognised. */
  returnIds?: readonly string[];
  /** The release time whose coming was recorded (`ProductReleased`), if any. */
  releasedAt?: string | null;
}

export type ProductState = { status: 'absent' } | ListedProduct | { status: 'deleted'; revision: number };

export function reservedCans(product: ListedProduct): number {
  return product.reservations.reduce((sum, r) => sum + r.quantity, 0);
}

/** What the shop can still sell: stock less the cans held by checkouts in progress (negative after a recount below them). */
export function availableCans(product: ListedProduct): number {
  return product.fields.inventory - reservedCans(product);
}

export const productDecider: Decider<ProductState, ProductCommand, ProductEvent> = {
  initialState: { status: 'absent' },
  evolve,
  decide,
};

function decide(command: ProductCommand, state: ProductState): ProductEvent[] {
  if (command.type === 'CreateProduct') {
    if (state.status !== 'absent') throw ProductErrors.alreadyExists(command.productId);
    return [{ type: 'ProductCreated', data: normalizeProductFields(command.fields) }];
  }
  if (state.status !== 'listed') throw ProductErrors.notFound(command.productId);
  switch (command.type) {
    case 'UpdateProduct':
      if (command.expectedRevision !== undefined && command.expectedRevision !== state.revision) {
        throw ProductErrors.changedSinceRead(state.fields.name);
      }
      return diff(state.fields, normalizeProductFields(command.fields));
    case 'SetProductActive':
      if (command.isActive === state.fields.isActive) return [];
      return [command.isActive ? { type: 'ProductPublished', data: {} } : { type: 'ProductMovedToDraft', data: {} }];
    case 'RecordRelease': {
      const releaseAt = state.fields.releaseAt ?? null;
      if (releaseAt === null || state.releasedAt === releaseAt || !isReleased(state.fields, new Date(command.at))) return [];
      return [{ type: 'ProductReleased', data: { releaseAt } }];
    }
    case 'DeleteProduct': {
      const reserved = reservedCans(state);
      if (reserved > 0) throw ProductErrors.stillReserved(state.fields.name, reserved);
      return [{ type: 'ProductDeleted', data: {} }];
    }
    case 'CountStock':
      if (!Number.isSafeInteger(command.inventory) || command.inventory < 0) {
        throw ProductErrors.invalid('inventory must be a whole number of cans, 0 or more');
      }
      if (command.inventory === state.fields.inventory) return [];
      return [{ type: 'StockCounted', data: { inventory: command.inventory, previous: state.fields.inventory, reason: command.reason } }];
    case 'ReserveStock':
      return reserve(state, command);
    case 'ReleaseReservation': {
      const held = state.reservations.find((r) => r.orderId === command.orderId);
      if (!held) return [];
      return [{ type: 'StockReservationReleased', data: { orderId: command.orderId, quantity: held.quantity, reason: command.reason } }];
    }
    case 'HoldForClub':
      return holdForClub(state, command);
    case 'PassHold': {
      if (state.soldOrders.includes(command.to) || state.reservations.some((r) => r.orderId === command.to)) return [];
      const held = state.reservations.find((r) => r.orderId === command.from);
      if (!held) throw ProductErrors.holdMissing(state.fields.name, command.from);
      return [
        { type: 'StockReservationReleased', data: { orderId: command.from, quantity: held.quantity, reason: 'passed_to_order' } },
        { type: 'StockReserved', data: { orderId: command.to, quantity: held.quantity, expiresAt: command.expiresAt } },
      ];
    }
    case 'SellStock':
      return sell(state, command);
    case 'ReturnStock':
      return returnCans(state, command);
    default:
      return assertNever(command);
  }
}

/**
 * Sets cans aside for one order. Holds of other orders that have expired by the command's time are handed
 * back in the same decision, so a lapsed checkout never makes a beer look sold out to the next customer
 * (the expiry sweep then finds nothing left to release on this product).
 */
function reserve(state: ListedProduct, command: Extract<ProductCommand, { type: 'ReserveStock' }>): ProductEvent[] {
  assertQuantity(command.quantity);
  if (Number.isNaN(Date.parse(command.expiresAt))) throw ProductErrors.invalidExpiry(command.expiresAt);
  if (Number.isNaN(Date.parse(command.at))) throw ProductErrors.invalidExpiry(command.at);
  if (state.soldOrders.includes(command.orderId)) return [];
  // Before anything else: a hold taken before a release was scheduled does not carry the order past it.
  const onSale =
    command.member === true ? isOpenToMembers(state.fields, new Date(command.at)) : isReleased(state.fields, new Date(command.at));
  if (!onSale) throw ProductErrors.notReleased(state.fields.name, state.fields.releaseAt ?? '');
  const held = state.reservations.find((r) => r.orderId === command.orderId);
  if (held) {
    if (held.quantity === command.quantity) return [];
    throw ProductErrors.reservationMismatch(state.fields.name, command.orderId, held.quantity, command.quantity);
  }
  if (!state.fields.isActive || state.fields.archived) throw ProductErrors.unavailable(state.fields.name);
  const limit = state.fields.maxPerOrder;
  if (limit !== null && command.quantity > limit) throw ProductErrors.overOrderLimit(state.fields.name, limit, command.quantity);
  const now = Date.parse(command.at);
  const lapsed = state.reservations.filter((r) => Date.parse(r.expiresAt) <= now);
  const releases: ProductEvent[] = lapsed.map((r) => ({
    type: 'StockReservationReleased',
    data: { orderId: r.orderId, quantity: r.quantity, reason: 'expired' },
  }));
  const replacing = new Set(command.replacing ?? []);
  const ownEarlier = state.reservations.filter((r) => Date.parse(r.expiresAt) > now && replacing.has(r.orderId));
  const available = availableCans(state) + [...lapsed, ...ownEarlier].reduce((sum, r) => sum + r.quantity, 0);
  if (command.quantity > available) {
    // Refused: nothing is appended, the lapsed holds included (the sweep releases them).
    throw ProductErrors.insufficientStock(state.fields.name, available, command.quantity);
  }
  return [
    ...releases,
    { type: 'StockReserved', data: { orderId: command.orderId, quantity: command.quantity, expiresAt: command.expiresAt } },
  ];
}

/**
 * A club run's holds, all or none. The beer must be on sale by `at` (or open to members by then); each member's hold is
 * one reservation, so it is passed to their order, or handed back, on its own. Lapsed holds of others are released
 * first, as for a checkout.
 */
function holdForClub(state: ListedProduct, command: Extract<ProductCommand, { type: 'HoldForClub' }>): ProductEvent[] {
  if (Number.isNaN(Date.parse(command.expiresAt)) || Number.isNaN(Date.parse(command.at)))
    throw ProductErrors.invalidExpiry(command.expiresAt);
  for (const hold of command.holds) assertQuantity(hold.quantity);
  const fresh = command.holds.filter((hold) => !state.reservations.some((r) => r.orderId === hold.holdId));
  if (fresh.length === 0) return [];
  if (!isOpenToMembers(state.fields, new Date(command.at))) {
    throw ProductErrors.notReleased(state.fields.name, state.fields.membersFrom ?? state.fields.releaseAt ?? '');
  }
  if (!state.fields.isActive || state.fields.archived) throw ProductErrors.unavailable(state.fields.name);
  const now = Date.parse(command.at);
  const lapsed = state.reservations.filter((r) => Date.parse(r.expiresAt) <= now);
  const available = availableCans(state) + lapsed.reduce((sum, r) => sum + r.quantity, 0);
  const wanted = fresh.reduce((sum, hold) => sum + hold.quantity, 0);
  if (wanted > available) throw ProductErrors.insufficientStock(state.fields.name, available, wanted);
  return [
    ...lapsed.map((r): ProductEvent => ({
      type: 'StockReservationReleased',
      data: { orderId: r.orderId, quantity: r.quantity, reason: 'expired' },
    })),
    ...fresh.map((hold): ProductEvent => ({
      type: 'StockReserved',
      data: { orderId: hold.holdId, quantity: hold.quantity, expiresAt: command.expiresAt },
    })),
  ];
}

/**
 * A paid order takes its cans whatever the product's visibility now (the customer has paid). With a
 * reservation the cans were set aside, so only the stock figure must cover them; without one (it lapsed)
 * they must be available like any new demand. Stock never goes below zero.
 */
function sell(state: ListedProduct, command: Extract<ProductCommand, { type: 'SellStock' }>): ProductEvent[] {
  assertQuantity(command.quantity);
  if (state.soldOrders.includes(command.orderId)) return [];
  const held = state.reservations.find((r) => r.orderId === command.orderId);
  const availableToOrder = availableCans(state) + (held?.quantity ?? 0);
  const limit = held !== undefined && command.quantity <= held.quantity ? state.fields.inventory : availableToOrder;
  if (command.quantity > limit) throw ProductErrors.insufficientStock(state.fields.name, limit, command.quantity);
  return [
    {
      type: 'StockSold',
      data: {
        orderId: command.orderId,
        quantity: command.quantity,
        paymentIntentId: command.paymentIntentId,
        fromReservation: held !== undefined,
      },
    },
  ];
}

/**
 * Cans of an order back on the shelf, only for an order sold from this product. The whole order (a paid
 * cancellation) returns what it still has, once; a return of some cans (`returnId`) is recorded once per return and
 * never for more cans than the order still has.
 */
function returnCans(state: ListedProduct, command: Extract<ProductCommand, { type: 'ReturnStock' }>): ProductEvent[] {
  const { orderId, returnId } = command;
  const sold = state.soldCans?.[orderId];
  if (returnId === undefined) {
    if (state.returnedOrders?.includes(orderId) || sold === undefined) return [];
    const quantity = sold - (state.partlyReturned?.[orderId] ?? 0);
    return quantity > 0 ? [{ type: 'StockReturned', data: { orderId, quantity } }] : [];
  }
  if (state.returnIds?.includes(`${orderId}/${returnId}`)) return [];
  const quantity = command.quantity ?? 0;
  assertQuantity(quantity);
  if (sold === undefined) return [];
  const left = state.returnedOrders?.includes(orderId) ? 0 : sold - (state.partlyReturned?.[orderId] ?? 0);
  if (quantity > left) throw ProductErrors.returnExceedsSold(state.fields.name, orderId, left, quantity);
  return [{ type: 'StockReturned', data: { orderId, quantity, returnId } }];
}

function assertQuantity(quantity: number): void {
  if (!Number.isSafeInteger(quantity) || quantity <= 0) throw ProductErrors.invalidQuantity(quantity);
}

/** The admin form sends every field; record only what changed, one event per kind of change. */
function diff(current: ProductFields, next: ProductFields): ProductEvent[] {
  const events: ProductEvent[] = [];
  const details: Partial<ProductDetails> = {};
  for (const key of DETAIL_FIELDS) {
    if (current[key] !== next[key]) Object.assign(details, { [key]: next[key] });
  }
  if (Object.keys(details).length > 0) events.push({ type: 'ProductDetailsChanged', data: details });
  if (PRICE_FIELDS.some((key) => current[key] !== next[key])) {
    const prices = Object.fromEntries(PRICE_FIELDS.map((key) => [key, next[key]])) as unknown as ProductPrices;
    events.push({ type: 'ProductPricesChanged', data: prices });
  }
  if (current.isActive !== next.isActive) events.push({ type: next.isActive ? 'ProductPublished' : 'ProductMovedToDraft', data: {} });
  if (current.archived !== next.archived) events.push({ type: next.archived ? 'ProductArchived' : 'ProductRestored', data: {} });
  if (current.maxPerOrder !== next.maxPerOrder) events.push({ type: 'ProductOrderLimitSet', data: { maxPerOrder: next.maxPerOrder } });
  const previous = current.releaseAt ?? null;
  if (next.releaseAt !== undefined && next.releaseAt !== previous) {
    events.push(
      next.releaseAt === null
        ? { type: 'ProductReleaseCancelled', data: { previous: previous ?? '' } }
        : { type: 'ProductReleaseScheduled', data: { releaseAt: next.releaseAt, previous } },
    );
  }
  const membersBefore = current.membersFrom ?? null;
  // A release cancelled or moved to before the early access ends the early access with it.
  const membersAfter = next.membersFrom === undefined ? membersBefore : next.membersFrom;
  const releaseAfter = next.releaseAt === undefined ? (current.releaseAt ?? null) : next.releaseAt;
  const kept = membersAfter !== null && releaseAfter !== null && Date.parse(membersAfter) < Date.parse(releaseAfter) ? membersAfter : null;
  if (kept !== membersBefore) events.push({ type: 'ProductMembersFromSet', data: { membersFrom: kept, previous: membersBefore } });
  if (current.inventory !== next.inventory) {
    events.push({ type: 'StockCounted', data: { inventory: next.inventory, previous: current.inventory, reason: 'admin-edit' } });
  }
  return events;
}

function evolve(state: ProductState, event: ProductEvent): ProductState {
  if (event.type === 'ProductCreated') {
    return {
      status: 'listed',
      revision: 0,
      fields: { ...event.data, maxPerOrder: event.data.maxPerOrder ?? null },
      reservations: [],
      soldOrders: [],
    };
  }
  if (state.status !== 'listed') return state;
  const next: ListedProduct = { ...state, revision: state.revision + 1 };
  switch (event.type) {
    case 'ProductDetailsChanged':
      return { ...next, fields: { ...next.fields, ...event.data } };
    case 'ProductPricesChanged':
      return { ...next, fields: { ...next.fields, ...event.data } };
    case 'ProductPublished':
      return { ...next, fields: { ...next.fields, isActive: true } };
    case 'ProductMovedToDraft':
      return { ...next, fields: { ...next.fields, isActive: false } };
    case 'ProductArchived':
      return { ...next, fields: { ...next.fields, archived: true } };
    case 'ProductRestored':
      return { ...next, fields: { ...next.fields, archived: false } };
    case 'ProductDeleted':
      return { status: 'deleted', revision: next.revision };
    case 'StockCounted':
      return { ...next, fields: { ...next.fields, inventory: event.data.inventory } };
    case 'ProductOrderLimitSet':
      return { ...next, fields: { ...next.fields, maxPerOrder: event.data.maxPerOrder } };
    case 'ProductReleaseScheduled':
      return { ...next, fields: { ...next.fields, releaseAt: event.data.releaseAt } };
    case 'ProductReleaseCancelled':
      return { ...next, fields: { ...next.fields, releaseAt: null } };
    case 'ProductReleased':
      return { ...next, releasedAt: event.data.releaseAt };
    case 'ProductMembersFromSet':
      return { ...next, fields: { ...next.fields, membersFrom: event.data.membersFrom } };
    case 'StockReserved':
      return { ...next, reservations: [...next.reservations, { ...event.data }] };
    case 'StockReservationReleased':
      return { ...next, reservations: next.reservations.filter((r) => r.orderId !== event.data.orderId) };
    case 'StockSold':
      return {
        ...next,
        fields: { ...next.fields, inventory: next.fields.inventory - event.data.quantity },
        reservations: next.reservations.filter((r) => r.orderId !== event.data.orderId),
        soldOrders: [...next.soldOrders, event.data.orderId],
        soldCans: { ...next.soldCans, [event.data.orderId]: event.data.quantity },
      };
    case 'StockReturned': {
      const { orderId, quantity, returnId } = event.data;
      const inventory = { ...next.fields, inventory: next.fields.inventory + quantity };
      if (returnId === undefined) return { ...next, fields: inventory, returnedOrders: [...(next.returnedOrders ?? []), orderId] };
      return {
        ...next,
        fields: inventory,
        partlyReturned: { ...next.partlyReturned, [orderId]: (next.partlyReturned?.[orderId] ?? 0) + quantity },
        returnIds: [...(next.returnIds ?? []), `${orderId}/${returnId}`],
      };
    }
    default:
      return assertNever(event);
  }
}
