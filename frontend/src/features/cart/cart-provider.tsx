import type { CartLine, PackSize, Product } from '@brewery/shop-rules';
import {
  addToCart,
  cartTotalCans,
  optimiseProductLines,
  removeFromCart,
  removeUnavailableLines,
  repriceSingles,
  setLineQuantity,
} from '@brewery/shop-rules';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { productsQueryOptions, useLoadedProducts } from '@/shared/api/products/get-products';
import { useToast } from '@/shared/ui/toast/use-toast';
import { CartContext } from './cart-context';
import type { CartContextValue } from './cart-context';
import { serverCart, storedCart, subscribeToCart, writeCart } from './stored-cart';

/** The spec's "about 0.5 s after the cart changes". */
export const REPRICE_DELAY_MS = 500;

/**
 * The customer's pack, kept in local storage under `cart` (see stored-cart.ts). Singles are repriced into packs shortly
 * after each change, and lines of products that left the shop are dropped when the product list loads.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  // The server's HTML knows no pack: a hydrating page draws none first, then the stored one.
  const lines = useSyncExternalStore(subscribeToCart, storedCart, serverCart);
  const { data: products } = useLoadedProducts();
  const queryClient = useQueryClient();
  const toast = useToast();

  useEffect(() => {
    if (products === undefined) return;
    const timer = setTimeout(() => {
      // null means nothing to reprice, which is also what stops this effect from looping.
      const repriced = repriceSingles(storedCart(), products);
      if (repriced !== null) writeCart(repriced);
    }, REPRICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lines, products]);

  // Each loaded product list is checked once, also under StrictMode's double effects.
  const checkedProducts = useRef<readonly Product[] | null>(null);
  useEffect(() => {
    if (products === undefined || checkedProducts.current === products) return;
    checkedProducts.current = products;
    const { lines: kept, removedCount } = removeUnavailableLines(storedCart(), products);
    if (removedCount === 0) return;
    writeCart(kept);
    toast.info('Cart Updated', `${removedCount} unavailable product(s) removed from cart`);
  }, [products, toast]);

  const add = useCallback((line: CartLine) => writeCart(addToCart(storedCart(), line)), []);
  const setQuantity = useCallback(
    (productId: string, packSize: PackSize, quantityInCans: number) =>
      writeCart(setLineQuantity(storedCart(), productId, packSize, quantityInCans)),
    [],
  );
  const remove = useCallback((productId: string, packSize?: PackSize) => writeCart(removeFromCart(storedCart(), productId, packSize)), []);
  const clear = useCallback(() => writeCart([]), []);
  const optimise = useCallback(async () => {
    const list = await queryClient.ensureQueryData(productsQueryOptions());
    writeCart(optimiseProductLines(storedCart(), list));
  }, [queryClient]);

  const value = useMemo<CartContextValue>(
    () => ({ lines, totalCans: cartTotalCans(lines), add, setQuantity, remove, clear, optimise }),
    [lines, add, setQuantity, remove, clear, optimise],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
