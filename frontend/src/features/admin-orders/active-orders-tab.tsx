import { EditOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useAdminOrders } from './api/get-admin-orders';
import { OrderCard } from './order-card';
import { OrderDetailDialog } from './order-detail-dialog';
import { isActiveOrder } from './order-status';
import './orders-tab.css';

export const NO_ACTIVE_ORDERS = 'No active orders found';

/** Orders past payment, newest first, each opening the detail dialog. */
export function ActiveOrdersTab() {
  const orders = useAdminOrders();
  const [open, setOpen] = useState<{ orderId: string; focus: 'details' | 'tracking' } | null>(null);
  const active = (orders.data ?? []).filter(isActiveOrder).sort((a, b) => b.number - a.number);
  // Read from the list on every render, so the dialog shows each saved change.
  const openOrder = open === null ? undefined : active.find((order) => order.id === open.orderId);

  return (
    <section className="orders-tab" aria-label="Active orders">
      <header className="orders-tab__header">
        <div>
          <h2 className="orders-tab__title">Active Orders</h2>
          <p className="orders-tab__subtitle">Paid orders and everything after, newest first</p>
        </div>
        <Button icon={<ReloadOutlined />} onClick={() => void orders.refetch()} loading={orders.isFetching}>
          Refresh
        </Button>
      </header>
      {orders.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : orders.isError ? (
        <Alert type="error" showIcon title="Could not load the orders" description={errorMessage(orders.error)} />
      ) : active.length === 0 ? (
        <Empty description={NO_ACTIVE_ORDERS} />
      ) : (
        <div className="orders-tab__list">
          {active.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              timeLabel="Ordered"
              actions={
                <>
                  <Button
                    icon={<EyeOutlined />}
                    onClick={() => setOpen({ orderId: order.id, focus: 'details' })}
                    aria-label={`View Details of order #${order.id}`}
                  >
                    View Details
                  </Button>
                  <Button
                    type="primary"
                    icon={<EditOutlined />}
                    onClick={() => setOpen({ orderId: order.id, focus: 'tracking' })}
                    aria-label={`Update Tracking of order #${order.id}`}
                  >
                    Update Tracking
                  </Button>
                </>
              }
            />
          ))}
        </div>
      )}
      {open !== null && openOrder !== undefined ? (
        <OrderDetailDialog order={openOrder} focus={open.focus} onClose={() => setOpen(null)} />
      ) : null}
    </section>
  );
}
