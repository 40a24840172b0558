import type { Permission } from '@brewery/shop-rules';
import type { ComponentType } from 'react';

interface AdminTabEntry {
  key: string;
  label: string;
  /** What the person's role must allow for the tab to show (`GET /api/admin/me`'s permissions). */
  permission: Permission;
  module: string;
  load: () => Promise<ComponentType>;
}

/**
 * The admin tabs, in order (the spec's seven, then discount codes, the beer club, the staff's and the person's own), and the only list of them:
 * the key kept in `?tab=` (a reload stays on the same tab), the label, the permission a role needs to see it (from
 * the one table in `@brewery/shop-rules`), the tab's code (its own chunk: the login page stays light, a tab's code arrives
 * when it is first opened, or beside the page for the tab in the address) and that code's module as Vite's
 * manifest names it (the server preloads it in the admin's shell). No JSX here: the early start of a returning
 * operator's visit reads it from every page's script.
 */
export const ADMIN_TABS = [
  {
    key: 'products',
    label: 'Products',
    permission: 'products.view',
    module: 'src/features/admin-products/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-products').then((m) => m.ProductsTab),
  },
  {
    key: 'active-orders',
    label: 'Active Orders',
    permission: 'orders.view',
    module: 'src/features/admin-orders/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-orders').then((m) => m.ActiveOrdersTab),
  },
  {
    key: 'pending-orders',
    label: 'Pending Orders',
    permission: 'orders.view',
    module: 'src/features/admin-orders/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-orders').then((m) => m.PendingOrdersTab),
  },
  {
    key: 'shipping',
    label: 'Shipping',
    permission: 'orders.fulfil',
    module: 'src/features/admin-shipping/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-shipping').then((m) => m.ShippingTab),
  },
  {
    key: 'analytics',
    label: 'Analytics',
    permission: 'reports',
    module: 'src/features/admin-analytics/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-analytics').then((m) => m.AnalyticsTab),
  },
  {
    key: 'order-backups',
    label: 'Order Backups',
    permission: 'recovery',
    module: 'src/features/admin-backups/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-backups').then((m) => m.OrderBackupsTab),
  },
  {
    key: 'system',
    label: 'System',
    permission: 'system',
    module: 'src/features/admin-system/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-system').then((m) => m.SystemTab),
  },
  {
    key: 'discounts',
    label: 'Discounts',
    permission: 'discounts',
    module: 'src/features/admin-discounts/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-discounts').then((m) => m.DiscountsTab),
  },
  {
    key: 'club',
    label: 'Club',
    permission: 'club',
    module: 'src/features/admin-club/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-club').then((m) => m.ClubTab),
  },
  {
    key: 'staff',
    label: 'Staff',
    permission: 'staff',
    module: 'src/features/admin-staff/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-staff').then((m) => m.StaffTab),
  },
  {
    key: 'account',
    label: 'My account',
    permission: 'self',
    module: 'src/features/admin-staff/index.ts',
    load: (): Promise<ComponentType> => import('@/features/admin-staff').then((m) => m.AccountTab),
  },
] as const satisfies readonly AdminTabEntry[];

export type AdminTab = (typeof ADMIN_TABS)[number];
export type AdminTabKey = AdminTab['key'];

/** The tab a `?tab=` names; Products for one it does not name. */
export function adminTab(key: string | null): AdminTab {
  return ADMIN_TABS.find((tab) => tab.key === key) ?? ADMIN_TABS[0];
}

/**
 * The tabs a person may open, in the table's order: those their permissions allow, or only My account while the
 * owner requires two-factor codes and this person has none yet (the server refuses the rest until then). Every tab
 * while the permissions are not known (null): the server refuses what a role does not allow.
 */
export function allowedTabs(permissions: readonly Permission[] | null, twoFactorSetupRequired = false): AdminTab[] {
  if (twoFactorSetupRequired) return ADMIN_TABS.filter((tab) => tab.key === 'account');
  return ADMIN_TABS.filter((tab) => permissions === null || permissions.includes(tab.permission));
}

/** The tab to show for a `?tab=`: the one it names when the person may open it, else their first allowed one. */
export function shownTabKey(requested: string | null, allowed: readonly AdminTab[]): AdminTabKey {
  return (allowed.find((tab) => tab.key === requested) ?? allowed[0] ?? ADMIN_TABS[0]).key;
}
