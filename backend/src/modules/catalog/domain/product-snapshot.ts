import type { Product } from '@brewery/shop-rules';
import { availableCans, reservedCans, type ProductState, type Reservation } from './product.decider';

/** One product as the write side knows it, for server-side pricing and stock checks. */
export interface ProductSnapshot {
  /** The Product entity with `inventory` = cans a customer can buy now (never negative), as the shop shows it. */
  product: Product;
  /** The operator's stock figure (falls only with a sale). */
  stock: number;
  /** Cans held by checkouts in progress. */
  reserved: number;
  /** stock − reserved; negative when the operator counted fewer cans than are reserved. */
  available: number;
  reservations: readonly Reservation[];
  /** Revision of the product stream's last event. */
  revision: number;
}

/**
 * null when the product does not exist or was deleted. With `at`, holds that expired by then no longer count
 * (the next reservation releases them), so a lapsed checkout never makes a beer look sold out. `replacing`: the
 * customer's own earlier checkouts that a new one will end once it holds its cans; their holds count as free for it.
 */
export function productSnapshot(
  productId: string,
  state: ProductState,
  at?: string,
  replacing: readonly string[] = [],
): ProductSnapshot | null {
  if (state.status !== 'listed') return null;
  if (at !== undefined) {
    const now = Date.parse(at);
    state = { ...state, reservations: state.reservations.filter((r) => Date.parse(r.expiresAt) > now) };
  }
  if (replacing.length > 0) state = { ...state, reservations: state.reservations.filter((r) => !replacing.includes(r.orderId)) };
  const available = availableCans(state);
  return {
    product: { id: productId, ...state.fields, inventory: Math.max(0, available) },
    stock: state.fields.inventory,
    reserved: reservedCans(state),
    available,
    reservations: state.reservations,
    revision: state.revision,
  };
}
