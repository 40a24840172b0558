import type { CartLine, PackSize, Product } from '@brewery/shop-rules';
import {
  addToCart,
  cartTotalCans,
  optimiseProductLines,
  removeFromCart,
  removeUnavailableLines,
  repriceSingles,
  sanitizeStoredCart,
  setLineQuantity,
} from '@brewery/shop-rules';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { productsQueryOptions, useLoadedProducts } from '@/shared/api/products/get-products';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { useToast } from '@/shared/ui/toast/use-toast';
import { CartContext } from './cart-context';
import type { CartContextValue } from './cart-context';

/** The spec's "about 0.5 s after the cart changes". */
export const REPRICE_DELAY_MS = 500;

function readStoredCart(): CartLine[] {
  return sanitizeStoredCart(localStorage.getItem(STORAGE_KEYS.cart));
}

/**
 * The customer's pack, kept in local storage under `cart`. Singles are repriced into packs shortly
 * after each change, and lines of products that left the shop are dropped when the product list loads.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [lines, setLines] = useState<CartLine[]>(readStoredCart);
  const { data: products } = useLoadedProducts();
  const queryClient = useQueryClient();
  const toast = useToast();

  useEffect(() => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(lines));
  }, [lines]);

  // Another tab changed the pack: follow it rather than overwrite it on the next change here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.cart) setLines(sanitizeStoredCart(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    if (products === undefined) return;
    const timer = setTimeout(() => {
      // null means nothing to reprice, which is also what stops this effect from looping.
      const repriced = repriceSingles(lines, products);
      if (repriced !== null) setLines(repriced);
    }, REPRICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lines, products]);

  const linesRef = useRef(lines);
  useEffect(() => {
    linesRef.current = lines;
  }, [lines]);
  // Each loaded product list is checked once, also under StrictMode's double effects.
  const checkedProducts = useRef<readonly Product[] | null>(null);
  useEffect(() => {
    if (products === undefined || checkedProducts.current === products) return;
    checkedProducts.current = products;
    const { lines: kept, removedCount } = removeUnavailableLines(linesRef.current, products);
    if (removedCount === 0) return;
    setLines(kept);
    toast.info('Cart Updated', `${removedCount} unavailable product(s) removed from cart`);
  }, [products, toast]);

  const add = useCallback((line: CartLine) => setLines((current) => addToCart(current, line)), []);
  const setQuantity = useCallback(
    (productId: string, packSize: PackSize, quantityInCans: number) =>
      setLines((current) => setLineQuantity(current, productId, packSize, quantityInCans)),
    [],
  );
  const remove = useCallback(
    (productId: string, packSize?: PackSize) => setLines((current) => removeFromCart(current, productId, packSize)),
    [],
  );
  const clear = useCallback(() => setLines([]), []);
  const optimise = useCallback(async () => {
    const list = await queryClient.ensureQueryData(productsQueryOptions());
    setLines((current) => optimiseProductLines(current, list));
  }, [queryClient]);

  const value = useMemo<CartContextValue>(
    () => ({ lines, totalCans: cartTotalCans(lines), add, setQuantity, remove, clear, optimise }),
    [lines, add, setQuantity, remove, clear, optimise],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
