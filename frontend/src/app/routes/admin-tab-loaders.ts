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

/** The loader of the tab a `?tab=` names (the products tab when it names none it knows). */
export function adminTabLoader(tab: string | null): () => Promise<unknown> {
  switch (tab) {
    case 'active-orders':
    case 'pending-orders':
      return ADMIN_TAB_LOADERS.orders;
    case 'shipping':
      return ADMIN_TAB_LOADERS.shipping;
    case 'analytics':
      return ADMIN_TAB_LOADERS.analytics;
    case 'order-backups':
      return ADMIN_TAB_LOADERS.orderBackups;
    case 'system':
      return ADMIN_TAB_LOADERS.system;
    default:
      return ADMIN_TAB_LOADERS.products;
  }
}
