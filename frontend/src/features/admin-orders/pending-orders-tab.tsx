import { CloseCircleOutlined, DeleteOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { PENDING_STATUSES } from './order-tab-statuses';
import { errorMessage } from '@/shared/api/api-error';
import { useAdminPermissions } from '@/shared/admin-access/admin-permissions';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useDeleteOrder } from './api/delete-order';
import type { AdminOrder } from './api/get-admin-orders';
import { dateTime, itemQuantityText } from './order-display';
import { OrdersTable } from './orders-table';

export const NO_PENDING_ORDERS = 'No pending orders';
export const PENDING_ORDER_DELETED = 'Pending order deleted successfully';
export { PENDING_STATUSES } from './order-tab-statuses';

/** What the pending order's cans are doing now, in words that stay true after the hold ends. */
export function reservationNote(order: Pick<AdminOrder, 'reservation' | 'reservationExpiresAt'>): string {
  const rule = 'Inventory is reduced only when payment succeeds.';
  switch (order.reservation) {
    case 'released':
      return `${rule} This checkout no longer holds its cans: they are back on sale.`;
    case 'sold':
      return `${rule} These cans were sold with this order's payment.`;
    default:
      return `${rule} Until then these cans are reserved; the reservation ends ${dateTime(order.reservationExpiresAt)} if the customer does not pay.`;
  }
}

/** A checkout whose card was declined is not one in progress: say so, with the bank's words. */
export function declinedNote(declined: { message: string; at: string }): string {
  return `Card declined ${dateTime(declined.at)}: ${declined.message} The customer can try another card while the reservation lasts.`;
}

export function deleteOrderPrompt(orderId: string): string {
  return `Are you sure you want to delete Order #${orderId}? This action cannot be undone.`;
}

/**
 * Checkouts whose payment has not completed: their cans are reserved, not sold. Deleting one is a money matter
 * (`orders.money`): a role without it sees the list alone.
 */
export function PendingOrdersTab() {
  const mayDelete = useAdminPermissions().may('orders.money');
  const remove = useDeleteOrder();
  const toast = useToast();
  // The confirmation dialog renders through this tab's own holder, inside the shop's theme.
  const [modal, modalHolder] = Modal.useModal();

  const confirmDelete = (order: AdminOrder) => {
    void modal.confirm({
      title: `Delete Order #${order.id}`,
      content: deleteOrderPrompt(order.id),
      okText: 'Delete Order',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () =>
        remove.mutateAsync(order.id).then(
          () => toast.success(PENDING_ORDER_DELETED),
          (error: unknown) => toast.error(errorMessage(error)),
        ),
    });
  };

  return (
    <>
      {modalHolder}
      <OrdersTable
        tab="pending-orders"
        label="Pending orders"
        title="Pending Orders"
        subtitle="Checkouts waiting for payment"
        emptyText={NO_PENDING_ORDERS}
        statuses={PENDING_STATUSES}
        fulfilmentFilter
        timeLabel="Created"
        extraColumn={{
          title: 'Items and cans',
          render: (order) => (
            <div className="orders-table__pending">
              <ul className="orders-table__items" aria-label={`Items of order #${order.id}`}>
                {order.items.map((item) => (
                  <li key={item.id}>
                    <span>{item.product.name}</span> <span className="orders-table__muted">{itemQuantityText(item)}</span>
                  </li>
                ))}
              </ul>
              {order.paymentDeclined ? (
                <p className="orders-tab__note orders-tab__note--declined">
                  <CloseCircleOutlined aria-hidden /> {declinedNote(order.paymentDeclined)}
                </p>
              ) : null}
              <p className="orders-tab__note">
                <InfoCircleOutlined aria-hidden /> {reservationNote(order)}
              </p>
            </div>
          ),
        }}
        actions={(order) =>
          mayDelete ? (
            <Button
              size="small"
              danger
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => confirmDelete(order)}
              aria-label={`Delete Order #${order.id}`}
            >
              Delete Order
            </Button>
          ) : null
        }
      />
    </>
  );
}
