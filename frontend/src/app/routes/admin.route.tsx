import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, ConfigProvider } from 'antd';
// antd's styles for every admin screen as one static sheet (see ADMIN_THEME below).
import 'antd/dist/antd.css';
import { useSearchParams } from 'react-router-dom';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import { AdminGate } from '@/features/admin-session';
import { AdminSummaryBar, useAdminSummary, type AdminSummary } from '@/features/admin-summary';
import { PageLoading } from '@/shared/ui/page-loading';
import './admin.route.css';
import { PageMeta } from '@/shared/ui/page-meta';
import { useToastsAtBottom } from '@/shared/ui/toast/use-toast';
import { AdminPermissionsContext } from '@/shared/admin-access/admin-permissions';
import { useAdminMe } from '@/shared/api/admin-me/get-admin-me';
import { staffRoleLabel } from '@/shared/format/staff-role';
import { ADMIN_TABS, adminTab, allowedTabs, shownTabKey, type AdminTabKey } from './admin-tabs';
import { AdminTabStrip, type AdminTabItem } from './admin-tab-strip';

/**
 * A tab drawn from its code: the page's loading state until the code is here, then the tab at once. Every tab
 * loads through this one loader, from the tabs' table (`ADMIN_TABS[].load`). It is not react-router's route
 * `lazy` (a tab is chosen by `?tab=`, not by a path) nor `React.lazy`, which cannot do two things the admin needs:
 * - Draw the tab in the very first render once `preload` has settled. A lazy component suspends on its first
 *   render even when its code is already here, and the server's `renderToString` of a drawn order tab
 *   (`renderAdminPage`) cannot wait for it; the browser's hydration of that markup, and a returning operator's
 *   first render, must draw the same whole page rather than a loading frame.
 * - Need no Suspense boundary: React holds back revealing suspended content (up to 300 ms after its fallback
 *   showed), a third of the time the operator waits for the first page of orders.
 */
function tabCode(load: () => Promise<ComponentType>) {
  let ready: ComponentType | null = null;
  const preload = (): Promise<ComponentType> =>
    load().then((component) => {
      ready = component;
      return component;
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

/** Each tab of the table with its code. */
const TABS = ADMIN_TABS.map((tab) => {
  const { Tab, preload } = tabCode(tab.load);
  return { key: tab.key, label: tab.label, panel: <Tab />, preload };
});

/** The component of the tab a `?tab=` names (Products for one it does not know), ready to draw at once. */
export function preloadAdminTab(tab: string | null): Promise<unknown> {
  const key = adminTab(tab).key;
  return TABS.find((item) => item.key === key)?.preload() ?? Promise.resolve();
}

/**
 * A tab with the count of what it lists, from the summary (the order tabs). The count is drawn, not read out: the
 * tab keeps its name for a screen reader, and the summary above says the same figures in words.
 */
function withCount(tab: (typeof TABS)[number], summary: AdminSummary | null | undefined): AdminTabItem<AdminTabKey> {
  const count = tab.key === 'active-orders' || tab.key === 'pending-orders' ? summary?.tabCounts[tab.key] : undefined;
  return { key: tab.key, label: tab.label, panel: tab.panel, ...(count === undefined ? {} : { count }) };
}

const subscribeToNothing = () => () => undefined;

/**
 * Whether this dashboard took over HTML the server drew (true on the server too): React reads the server's value
 * while hydrating, and the first value is kept for the dashboard's life.
 */
function useDrawnByServer(): boolean {
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  const [drawn] = useState(hydrating);
  return drawn;
}

function AdminDashboard({ onLogout }: { onLogout: () => Promise<void> }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  // Who is signed in and what their role allows: the tabs shown, and inside them the actions (a context the tabs
  // read). Hiding is a courtesy: the server refuses what a role may not do, whatever the page shows.
  const meQuery = useAdminMe();
  const me = meQuery.data ?? null;
  // Drawn in the browser alone, the tabs wait for the answer (a packer never sees Staff flash by); a page the server
  // drew keeps every tab it drew until then, as taking its HTML over needs the very same page.
  const drawnByServer = useDrawnByServer();
  const waiting = me === null && meQuery.isPending && !drawnByServer;
  const setupRequired = me !== null && me.twoFactor.required && !me.twoFactor.enabled;
  const allowed = allowedTabs(me?.permissions ?? null, setupRequired);
  const activeKey = shownTabKey(requested, allowed);
  // The day at a glance is a report: asked for once the role is known to allow it (or could not be read).
  const mayReport = me === null ? meQuery.isError : !setupRequired && me.permissions.includes('reports');
  const summary = useAdminSummary(mayReport);

  // A tab the person may not open (an old link, a role changed since, codes still to set up) gives way to their
  // first one, and the address follows: once the codes are set up, My account (with its recovery codes) stays open.
  const fellBack = me !== null && requested !== activeKey && (requested !== null || setupRequired);
  useEffect(() => {
    if (fellBack) setSearchParams({ tab: activeKey }, { replace: true });
  }, [fellBack, activeKey, setSearchParams]);

  return (
    <main id="main-content" className="page admin-dashboard">
      <PageMeta title="Admin Dashboard" noindex />
      {/* Log out sits at the left, beside the heading, where no toast goes; who is signed in just before it. */}
      <header className="admin-dashboard__header">
        <h1 className="page__title admin-dashboard__title">Admin Dashboard</h1>
        <p className="admin-dashboard__subtitle">Manage products and orders</p>
        <span className="admin-dashboard__account">
          {me === null ? null : (
            <span className="admin-dashboard__who">
              <UserOutlined aria-hidden /> <span className="admin-dashboard__name">{me.name}</span> · {staffRoleLabel(me.role)}
            </span>
          )}
          <Button size="small" icon={<LogoutOutlined aria-hidden />} onClick={() => void onLogout()}>
            Log out
          </Button>
        </span>
      </header>
      {waiting ? (
        <PageLoading />
      ) : (
        <>
          {me === null || mayReport ? <AdminSummaryBar summary={summary.data} /> : null}
          <AdminPermissionsContext value={me?.permissions ?? null}>
            {/* Every tab in view at any width; inactive tabs mount on first visit only, so each asks for its data when opened. */}
            <AdminTabStrip
              activeKey={activeKey}
              onSelect={(key) => setSearchParams({ tab: key }, { replace: true })}
              items={TABS.filter((tab) => allowed.some((shown) => shown.key === tab.key)).map((tab) => withCount(tab, summary.data))}
            />
          </AdminPermissionsContext>
        </>
      )}
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
  // The admin's toasts keep a strip at the bottom of the screen, clear of every control (toast-space.ts).
  useToastsAtBottom();
  return (
    <ConfigProvider theme={ADMIN_THEME}>
      <AdminGate>{({ logout }) => <AdminDashboard onLogout={logout} />}</AdminGate>
    </ConfigProvider>
  );
}
