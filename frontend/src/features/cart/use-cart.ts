import { useContext } from 'react';
import { CartContext } from './cart-context';
import type { CartContextValue } from './cart-context';

export const CART_OUTSIDE_PROVIDER = 'useCart must be used within a CartProvider';

export function useCart(): CartContextValue {
  const cart = useContext(CartContext);
  if (cart === null) throw new Error(CART_OUTSIDE_PROVIDER);
  return cart;
}
