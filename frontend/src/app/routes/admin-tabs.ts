import type { ComponentType } from 'react';

/**
 * The spec's seven admin tabs, in its order, and the only list of them: the key kept in `?tab=` (a reload stays
 * on the same tab), the label, the tab's code (its own chunk: the login page stays light, a tab's code arrives
 * when it is first opened, or beside the page for the tab in the address) and that code's module as Vite's
 * manifest names it (the server preloads it in the admin's shell). No JSX here: the early start of a returning
 * operator's visit reads it from every page's script.
 */
export const ADMIN_TABS = [
  {
    key: 'products',
    label: 'Products',
    module: 'src/features/admin-products/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-products').then((m) => m.ProductsTab),
  },
  {
    key: 'active-orders',
    label: 'Active Orders',
    module: 'src/features/admin-orders/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-orders').then((m) => m.ActiveOrdersTab),
  },
  {
    key: 'pending-orders',
    label: 'Pending Orders',
    module: 'src/features/admin-orders/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-orders').then((m) => m.PendingOrdersTab),
  },
  {
    key: 'shipping',
    label: 'Shipping',
    module: 'src/features/admin-shipping/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-shipping').then((m) => m.ShippingTab),
  },
  {
    key: 'analytics',
    label: 'Analytics',
    module: 'src/features/admin-analytics/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-analytics').then((m) => m.AnalyticsTab),
  },
  {
    key: 'order-backups',
    label: 'Order Backups',
    module: 'src/features/admin-backups/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-backups').then((m) => m.OrderBackupsTab),
  },
  {
    key: 'system',
    label: 'System',
    module: 'src/features/admin-system/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-system').then((m) => m.SystemTab),
  },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number];
export type AdminTabKey = AdminTab['key'];

/** The tab a `?tab=` names; Products for one it does not name. */
export function adminTab(key: string | null): AdminTab {
  return ADMIN_TABS.find((tab) => tab.key === key) ?? ADMIN_TABS[0];
}
