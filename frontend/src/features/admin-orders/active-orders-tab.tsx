import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { ORDER_STATUSES, type AdminOrder } from './api/get-admin-orders';
import { OrderDetailDialog } from './order-detail-dialog';
import { OrdersTable } from './orders-table';

export const NO_ACTIVE_ORDERS = 'No active orders found';

/** Every status past the checkout's: the Active tab's orders (cancelled ones show only while they need review). */
export const ACTIVE_STATUSES = ORDER_STATUSES.filter((status) => status !== 'pending');

function tracking(order: AdminOrder) {
  if (!order.trackingReference) return <Tag>No tracking</Tag>;
  return (
    <Tag color="geekblue">
      {order.trackingUrl ? (
        <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
          {order.trackingReference}
        </a>
      ) : (
        order.trackingReference
      )}
    </Tag>
  );
}

/** Orders past payment, newest first by default, each opening the detail dialog. */
export function ActiveOrdersTab() {
  // The order as it was when opened, in case a change takes it off the page (a new status outside the filter).
  const [open, setOpen] = useState<{ order: AdminOrder; focus: 'details' | 'tracking' } | null>(null);
  return (
    <OrdersTable
      tab="active-orders"
      label="Active orders"
      title="Active Orders"
      subtitle="Paid orders and everything after"
      emptyText={NO_ACTIVE_ORDERS}
      statuses={ACTIVE_STATUSES}
      timeLabel="Ordered"
      extraColumn={{ title: 'Tracking', render: tracking }}
      actions={(order) => (
        <>
          <Button
            size="small"
            icon={<EyeOutlined />}
            onClick={() => setOpen({ order, focus: 'details' })}
            aria-label={`View Details of order #${order.id}`}
          >
            View Details
          </Button>
          <Button
            size="small"
            type="primary"
            icon={<EditOutlined />}
            onClick={() => setOpen({ order, focus: 'tracking' })}
            aria-label={`Update Tracking of order #${order.id}`}
          >
            Update Tracking
          </Button>
        </>
      )}
      renderDialog={(find) =>
        open === null ? null : (
          // Read from the page on every render, so the dialog shows each saved change.
          <OrderDetailDialog order={find(open.order.id) ?? open.order} focus={open.focus} onClose={() => setOpen(null)} />
        )
      }
    />
  );
}
