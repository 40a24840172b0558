import { LogoutOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import type { TabsProps } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { Suspense, lazy, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdminGate } from '@/features/admin-session';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { PageLoading } from '@/shared/ui/page-loading';
import './admin.route.css';
import { PageMeta } from '@/shared/ui/page-meta';
import { prefetchOrderTab } from '@/features/admin-orders/prefetch-order-tab';

// Each tab is its own chunk: the login page stays light and a tab's code arrives when it is first opened.
const loadProducts = () => import('@/features/admin-products');
const loadOrders = () => import('@/features/admin-orders');
const loadShipping = () => import('@/features/admin-shipping');
const loadAnalytics = () => import('@/features/admin-analytics');
const loadBackups = () => import('@/features/admin-backups');
const loadSystem = () => import('@/features/admin-system');
const ProductsTab = lazy(() => loadProducts().then((m) => ({ default: m.ProductsTab })));
const ActiveOrdersTab = lazy(() => loadOrders().then((m) => ({ default: m.ActiveOrdersTab })));
const PendingOrdersTab = lazy(() => loadOrders().then((m) => ({ default: m.PendingOrdersTab })));
const ShippingTab = lazy(() => loadShipping().then((m) => ({ default: m.ShippingTab })));
const AnalyticsTab = lazy(() => loadAnalytics().then((m) => ({ default: m.AnalyticsTab })));
const OrderBackupsTab = lazy(() => loadBackups().then((m) => ({ default: m.OrderBackupsTab })));
const SystemTab = lazy(() => loadSystem().then((m) => ({ default: m.SystemTab })));

const TAB_CODE: Readonly<Record<string, () => Promise<unknown>>> = {
  products: loadProducts,
  'active-orders': loadOrders,
  'pending-orders': loadOrders,
  shipping: loadShipping,
  analytics: loadAnalytics,
  'order-backups': loadBackups,
  system: loadSystem,
};

// An operator coming back (a token is kept) lands straight on a tab: its code is fetched and run while the
// token is being verified, not after, so the tab shows as soon as the answer comes. Without a token the
// login page loads nothing more.
if (typeof window !== 'undefined' && window.localStorage.getItem(STORAGE_KEYS.adminToken) !== null) {
  const tab = new URLSearchParams(window.location.search).get('tab') ?? 'products';
  void (TAB_CODE[tab] ?? loadProducts)().catch(() => undefined);
}

function TabPanel({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** The spec's seven tabs, in its order; the key is kept in `?tab=` so a reload stays on the same tab. */
const TABS = [
  {
    key: 'products',
    label: 'Products',
    children: (
      <TabPanel>
        <ProductsTab />
      </TabPanel>
    ),
  },
  {
    key: 'active-orders',
    label: 'Active Orders',
    children: (
      <TabPanel>
        <ActiveOrdersTab />
      </TabPanel>
    ),
  },
  {
    key: 'pending-orders',
    label: 'Pending Orders',
    children: (
      <TabPanel>
        <PendingOrdersTab />
      </TabPanel>
    ),
  },
  {
    key: 'shipping',
    label: 'Shipping',
    children: (
      <TabPanel>
        <ShippingTab />
      </TabPanel>
    ),
  },
  {
    key: 'analytics',
    label: 'Analytics',
    children: (
      <TabPanel>
        <AnalyticsTab />
      </TabPanel>
    ),
  },
  {
    key: 'order-backups',
    label: 'Order Backups',
    children: (
      <TabPanel>
        <OrderBackupsTab />
      </TabPanel>
    ),
  },
  {
    key: 'system',
    label: 'System',
    children: (
      <TabPanel>
        <SystemTab />
      </TabPanel>
    ),
  },
] as const satisfies TabsProps['items'];

type TabKey = (typeof TABS)[number]['key'];

function isTabKey(value: string | null): value is TabKey {
  return TABS.some((tab) => tab.key === value);
}

function AdminDashboard({ onLogout }: { onLogout: () => Promise<void> }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const activeKey: TabKey = isTabKey(requested) ? requested : 'products';

  return (
    <main id="main-content" className="page admin-dashboard">
      <PageMeta title="Admin Dashboard" noindex />
      <header className="admin-dashboard__header">
        <div>
          <h1 className="page__title admin-dashboard__title">Admin Dashboard</h1>
          <p className="admin-dashboard__subtitle">Manage products and orders</p>
        </div>
        <Button icon={<LogoutOutlined />} onClick={() => void onLogout()}>
          Log out
        </Button>
      </header>
      {/* Inactive tabs mount on first visit only, so each tab asks the server for its data when opened. */}
      <Tabs
        className="admin-dashboard__tabs"
        activeKey={activeKey}
        onChange={(key) => setSearchParams({ tab: key }, { replace: true })}
        items={[...TABS]}
      />
    </main>
  );
}

/** /admin: the login without a valid token, otherwise the dashboard. A lazy chunk the shop never loads. */
export function Component() {
  const queryClient = useQueryClient();
  // An order tab's first page is asked for beside the token's verification, not after it.
  useEffect(() => {
    // The prefetch's code is small and comes with this page; the tab's table comes in its own chunk meanwhile.
    prefetchOrderTab(queryClient, new URLSearchParams(window.location.search));
  }, [queryClient]);
  return <AdminGate>{({ logout }) => <AdminDashboard onLogout={logout} />}</AdminGate>;
}
