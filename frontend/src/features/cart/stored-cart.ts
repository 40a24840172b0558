import type { CartLine } from '@brewery/shop-rules';
import { sanitizeStoredCart } from '@brewery/shop-rules';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';

/**
 * The pack lives in local storage under `cart` (the spec's key), and this module is its only writer in the
 * page. Components read it through `useSyncExternalStore`: the same list object while the stored text is
 * the same, an empty pack for the server's HTML (which knows no visitor's pack), and every tab follows
 * another tab's change through the `storage` event.
 */
const NO_LINES: CartLine[] = [];
const listeners = new Set<() => void>();
let lastRaw: string | null | undefined;
let lastLines: CartLine[] = NO_LINES;

export function storedCart(): CartLine[] {
  const raw = localStorage.getItem(STORAGE_KEYS.cart);
  if (raw !== lastRaw) {
    lastRaw = raw;
    const lines = sanitizeStoredCart(raw);
    // An empty pack is the very object the server's HTML was drawn with: hydration then has nothing to redo.
    lastLines = lines.length === 0 ? NO_LINES : lines;
  }
  return lastLines;
}

/** What the server draws: no pack. */
export function serverCart(): CartLine[] {
  return NO_LINES;
}

export function writeCart(lines: readonly CartLine[]): void {
  localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(lines));
  for (const listener of listeners) listener();
}

export function subscribeToCart(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.cart || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
