import { LogoutOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import type { TabsProps } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { AnalyticsTab } from '@/features/admin-analytics';
import { OrderBackupsTab } from '@/features/admin-backups';
import { ActiveOrdersTab, PendingOrdersTab } from '@/features/admin-orders';
import { ProductsTab } from '@/features/admin-products';
import { AdminGate } from '@/features/admin-session';
import { ShippingTab } from '@/features/admin-shipping';
import { SystemTab } from '@/features/admin-system';
import './admin.route.css';

/** The spec's seven tabs, in its order; the key is kept in `?tab=` so a reload stays on the same tab. */
const TABS = [
  { key: 'products', label: 'Products', children: <ProductsTab /> },
  { key: 'active-orders', label: 'Active Orders', children: <ActiveOrdersTab /> },
  { key: 'pending-orders', label: 'Pending Orders', children: <PendingOrdersTab /> },
  { key: 'shipping', label: 'Shipping', children: <ShippingTab /> },
  { key: 'analytics', label: 'Analytics', children: <AnalyticsTab /> },
  { key: 'order-backups', label: 'Order Backups', children: <OrderBackupsTab /> },
  { key: 'system', label: 'System', children: <SystemTab /> },
] as const satisfies TabsProps['items'];

type TabKey = (typeof TABS)[number]['key'];

function isTabKey(value: string | null): value is TabKey {
  return TABS.some((tab) => tab.key === value);
}

function AdminDashboard({ onLogout }: { onLogout: () => void }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const activeKey: TabKey = isTabKey(requested) ? requested : 'products';

  return (
    <main id="main-content" className="page admin-dashboard">
      <title>Admin Dashboard</title>
      <header className="admin-dashboard__header">
        <div>
          <h1 className="page__title admin-dashboard__title">Admin Dashboard</h1>
          <p className="admin-dashboard__subtitle">Manage products and orders</p>
        </div>
        <Button icon={<LogoutOutlined />} onClick={onLogout}>
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
  return <AdminGate>{({ logout }) => <AdminDashboard onLogout={logout} />}</AdminGate>;
}
