import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useAdminOrders } from './api/get-admin-orders';
import { OrderCard } from './order-card';
import { OrderDetailDialog } from './order-detail-dialog';
import { isActiveOrder } from './order-status';
import { OrdersTabLayout } from './orders-tab-layout';

export const NO_ACTIVE_ORDERS = 'No active orders found';

/** Orders past payment, newest first, each opening the detail dialog. */
export function ActiveOrdersTab() {
  const orders = useAdminOrders();
  const [open, setOpen] = useState<{ orderId: string; focus: 'details' | 'tracking' } | null>(null);
  const active = (orders.data ?? []).filter(isActiveOrder).sort((a, b) => b.number - a.number);
  // Read from the list on every render, so the dialog shows each saved change.
  const openOrder = open === null ? undefined : active.find((order) => order.id === open.orderId);

  return (
    <OrdersTabLayout
      label="Active orders"
      title="Active Orders"
      subtitle="Paid orders and everything after, newest first"
      emptyText={NO_ACTIVE_ORDERS}
      orders={orders}
      shown={active}
      renderOrder={(order) => (
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
      )}
    >
      {open !== null && openOrder !== undefined ? (
        <OrderDetailDialog order={openOrder} focus={open.focus} onClose={() => setOpen(null)} />
      ) : null}
    </OrdersTabLayout>
  );
}
