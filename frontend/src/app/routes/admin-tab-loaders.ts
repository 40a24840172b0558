/**
 * Each admin tab's code, its own chunk. Here rather than in the admin page, so that the early start of a
 * returning operator's visit can ask for the tab in the address beside the page itself, not after it.
 */
export const ADMIN_TAB_LOADERS = {
  products: () => import('@/features/admin-products'),
  orders: () => import('@/features/admin-orders'),
  shipping: () => import('@/features/admin-shipping'),
  analytics: () => import('@/features/admin-analytics'),
  orderBackups: () => import('@/features/admin-backups'),
  system: () => import('@/features/admin-system'),
} as const;

/** Each `?tab=` and the code it draws. */
const LOADER_OF_TAB: ReadonlyMap<string, () => Promise<unknown>> = new Map<string, () => Promise<unknown>>([
  ['products', ADMIN_TAB_LOADERS.products],
  ['active-orders', ADMIN_TAB_LOADERS.orders],
  ['pending-orders', ADMIN_TAB_LOADERS.orders],
  ['shipping', ADMIN_TAB_LOADERS.shipping],
  ['analytics', ADMIN_TAB_LOADERS.analytics],
  ['order-backups', ADMIN_TAB_LOADERS.orderBackups],
  ['system', ADMIN_TAB_LOADERS.system],
]);

/** The loader of the tab a `?tab=` names (the products tab when it names none it knows). */
export function adminTabLoader(tab: string | null): () => Promise<unknown> {
  return LOADER_OF_TAB.get(tab ?? '') ?? ADMIN_TAB_LOADERS.products;
}
