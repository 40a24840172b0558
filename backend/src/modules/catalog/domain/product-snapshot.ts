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

/** null when the product does not exist or was deleted. */
export function productSnapshot(productId: string, state: ProductState): ProductSnapshot | null {
  if (state.status !== 'listed') return null;
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
