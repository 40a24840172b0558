import { LogoutOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Tabs } from 'antd';
// antd's styles for every admin screen as one static sheet (see ADMIN_THEME below).
import 'antd/dist/antd.css';
import type { TabsProps } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { AdminGate } from '@/features/admin-session';
import { AdminSummaryBar, useAdminSummary, type AdminSummary } from '@/features/admin-summary';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { PageLoading } from '@/shared/ui/page-loading';
import './admin.route.css';
import { PageMeta } from '@/shared/ui/page-meta';
import { prefetchOrderTab } from '@/features/admin-orders/prefetch-order-tab';
import { ADMIN_TAB_LOADERS } from './admin-tab-loaders';

/**
 * A tab whose code is its own chunk: the login page stays light and a tab's code arrives when it is first opened
 * (or, for the tab in the address, while the token is checked). The tab shows the page's loading state until its
 * code is here, then the tab at once. No Suspense boundary: React holds back revealing suspended content (up to
 * 300 ms after its fallback showed), a third of the time the operator waits for the first page of orders.
 */
function tabCode<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let ready: ComponentType | null = null;
  const preload = (): Promise<ComponentType> =>
    load().then((module) => {
      ready = pick(module);
      return ready;
    });
  function Tab() {
    const [Ready, setReady] = useState<ComponentType | null>(() => ready);
    const [failed, setFailed] = useState<Error | null>(null);
    useEffect(() => {
      if (Ready !== null) return;
      let mounted = true;
      preload().then(
        (component) => mounted && setReady(() => component),
        (error: unknown) => mounted && setFailed(error instanceof Error ? error : new Error(String(error))),
      );
      return () => {
        mounted = false;
      };
    }, [Ready]);
    // A chunk that cannot be fetched (a deploy replaced it) reaches the route's error page, as a render error does.
    if (failed !== null) throw failed;
    return Ready === null ? <PageLoading /> : <Ready />;
  }
  return { Tab, preload };
}

const products = tabCode(ADMIN_TAB_LOADERS.products, (m) => m.ProductsTab);
const activeOrders = tabCode(ADMIN_TAB_LOADERS.orders, (m) => m.ActiveOrdersTab);
const pendingOrders = tabCode(ADMIN_TAB_LOADERS.orders, (m) => m.PendingOrdersTab);
const shipping = tabCode(ADMIN_TAB_LOADERS.shipping, (m) => m.ShippingTab);
const analytics = tabCode(ADMIN_TAB_LOADERS.analytics, (m) => m.AnalyticsTab);
const orderBackups = tabCode(ADMIN_TAB_LOADERS.orderBackups, (m) => m.OrderBackupsTab);
const system = tabCode(ADMIN_TAB_LOADERS.system, (m) => m.SystemTab);

const TAB_CODE: Readonly<Record<string, { Tab: ComponentType; preload: () => Promise<unknown> }>> = {
  products,
  'active-orders': activeOrders,
  'pending-orders': pendingOrders,
  shipping,
  analytics,
  'order-backups': orderBackups,
  system,
};

// An operator coming back (a token is kept) lands straight on a tab: its code is fetched and run while the
// token is being verified, not after, so the tab shows as soon as the answer comes. Without a token the
// login page loads nothing more.
if (typeof window !== 'undefined' && window.localStorage.getItem(STORAGE_KEYS.adminToken) !== null) {
  const tab = new URLSearchParams(window.location.search).get('tab') ?? 'products';
  void (TAB_CODE[tab] ?? products).preload().catch(() => undefined);
}

/** The code of the tab a `?tab=` names (Products for one it does not know), for the server to draw it at once. */
export function preloadAdminTab(tab: string | null): Promise<unknown> {
  return (TAB_CODE[tab ?? 'products'] ?? products).preload();
}

/** The spec's seven tabs, in its order; the key is kept in `?tab=` so a reload stays on the same tab. */
const TABS = [
  {
    key: 'products',
    label: 'Products',
    children: <products.Tab />,
  },
  {
    key: 'active-orders',
    label: 'Active Orders',
    children: <activeOrders.Tab />,
  },
  {
    key: 'pending-orders',
    label: 'Pending Orders',
    children: <pendingOrders.Tab />,
  },
  {
    key: 'shipping',
    label: 'Shipping',
    children: <shipping.Tab />,
  },
  {
    key: 'analytics',
    label: 'Analytics',
    children: <analytics.Tab />,
  },
  {
    key: 'order-backups',
    label: 'Order Backups',
    children: <orderBackups.Tab />,
  },
  {
    key: 'system',
    label: 'System',
    children: <system.Tab />,
  },
] as const satisfies TabsProps['items'];

type TabKey = (typeof TABS)[number]['key'];

function isTabKey(value: string | null): value is TabKey {
  return TABS.some((tab) => tab.key === value);
}

/**
 * A tab's label with the count of what it lists, from the summary (the order tabs). The count is drawn, not
 * read out: the tab keeps its name for a screen reader, and the summary above says the same figures in words.
 */
function withCount(tab: (typeof TABS)[number], summary: AdminSummary | null | undefined) {
  const count = tab.key === 'active-orders' || tab.key === 'pending-orders' ? summary?.tabCounts[tab.key] : undefined;
  if (count === undefined) return tab;
  return {
    ...tab,
    label: (
      <>
        {tab.label}{' '}
        <span className="admin-dashboard__tab-count" aria-hidden>
          {count}
        </span>
      </>
    ),
  };
}

function AdminDashboard({ onLogout }: { onLogout: () => Promise<void> }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const activeKey: TabKey = isTabKey(requested) ? requested : 'products';
  const summary = useAdminSummary();

  return (
    <main id="main-content" className="page admin-dashboard">
      <PageMeta title="Admin Dashboard" noindex />
      {/* Log out sits at the left, beside the heading: a toast (top right) never covers it. */}
      <header className="admin-dashboard__header">
        <h1 className="page__title admin-dashboard__title">Admin Dashboard</h1>
        <p className="admin-dashboard__subtitle">Manage products and orders</p>
        <Button size="small" icon={<LogoutOutlined aria-hidden />} onClick={() => void onLogout()}>
          Log out
        </Button>
      </header>
      <AdminSummaryBar summary={summary.data} />
      {/* Inactive tabs mount on first visit only, so each tab asks the server for its data when opened. */}
      <Tabs
        className="admin-dashboard__tabs"
        activeKey={activeKey}
        onChange={(key) => setSearchParams({ tab: key }, { replace: true })}
        items={TABS.map((tab) => withCount(tab, summary.data))}
      />
    </main>
  );
}

/**
 * The admin screens take antd's styles from its static sheet instead of computing each component's CSS in the
 * browser as it first draws (zero-runtime mode). The brand's colours, sizes and component tokens still apply:
 * antd sets them as CSS variables, which the sheet reads. A returning operator's first page of orders draws
 * about a third of a second sooner on a cold visit (docs/benchmarks.md); the storefront keeps run-time styles,
 * which its server rendering writes into the page.
 */
const ADMIN_THEME = { zeroRuntime: true } as const;

/** /admin: the login without a valid token, otherwise the dashboard. A lazy chunk the shop never loads. */
export function Component() {
  const queryClient = useQueryClient();
  // An order tab's first page is asked for beside the token's verification, not after it.
  useEffect(() => {
    // The prefetch's code is small and comes with this page; the tab's table comes in its own chunk meanwhile.
    prefetchOrderTab(queryClient, new URLSearchParams(window.location.search));
  }, [queryClient]);
  return (
    <ConfigProvider theme={ADMIN_THEME}>
      <AdminGate>{({ logout }) => <AdminDashboard onLogout={logout} />}</AdminGate>
    </ConfigProvider>
  );
}
