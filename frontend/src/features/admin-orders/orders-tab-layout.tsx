import { ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import type { AdminOrder } from './api/get-admin-orders';
import './orders-tab.css';

export interface OrdersTabLayoutProps {
  /** The section's accessible name. */
  label: string;
  title: string;
  subtitle: string;
  emptyText: string;
  /** The admin order list, for its loading, error and refresh states. */
  orders: UseQueryResult<AdminOrder[]>;
  /** The orders this tab shows, in order. */
  shown: AdminOrder[];
  renderOrder: (order: AdminOrder) => ReactNode;
  /** Anything the tab adds after the list (a dialog). */
  children?: ReactNode;
}

/** What every order tab has: a title with Refresh, then a skeleton, an error, an empty state or the cards. */
export function OrdersTabLayout({ label, title, subtitle, emptyText, orders, shown, renderOrder, children }: OrdersTabLayoutProps) {
  return (
    <section className="orders-tab" aria-label={label}>
      <header className="orders-tab__header">
        <div>
          <h2 className="orders-tab__title">{title}</h2>
          <p className="orders-tab__subtitle">{subtitle}</p>
        </div>
        <Button icon={<ReloadOutlined />} onClick={() => void orders.refetch()} loading={orders.isFetching}>
          Refresh
        </Button>
      </header>
      {orders.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : orders.isError ? (
        <Alert type="error" showIcon title="Could not load the orders" description={errorMessage(orders.error)} />
      ) : shown.length === 0 ? (
        <Empty description={emptyText} />
      ) : (
        <div className="orders-tab__list">{shown.map(renderOrder)}</div>
      )}
      {children}
    </section>
  );
}
