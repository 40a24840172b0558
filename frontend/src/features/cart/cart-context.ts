import type { CartLine, PackSize } from '@brewery/shop-rules';
import { createContext } from 'react';

export interface CartContextValue {
  lines: readonly CartLine[];
  totalCans: number;
  /** Merges into the line of the same product and pack size when there is one. */
  add: (line: CartLine) => void;
  /** Quantity in cans; 0 or less removes the line; a pack line's price scales with its packs. */
  setQuantity: (productId: string, packSize: PackSize, quantityInCans: number) => void;
  /** Without a pack size every line of the product goes. */
  remove: (productId: string, packSize?: PackSize) => void;
  clear: () => void;
  /** Regroups each product's cans by its cheapest per-can tier. */
  optimise: () => Promise<void>;
}

export const CartContext = createContext<CartContextValue | null>(null);
