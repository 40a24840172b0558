import type { OrderStatus } from './api/get-admin-orders';

export { auspostTrackingUrl, notifiedByDefault, orderStatusLabel } from '@brewery/shop-rules';

export function orderStatusColor(status: OrderStatus): string {
  switch (status) {
    case 'pending':
      return 'gold';
    case 'paid':
      return 'blue';
    case 'packed_awaiting_pickup':
      return 'purple';
    case 'shipped':
      return 'cyan';
    case 'delivered':
      return 'green';
    case 'cancelled':
      return 'red';
  }
}

/** Active Orders lists everything past payment; pending orders have a tab of their own. */
export function isActiveOrder(order: { status: OrderStatus }): boolean {
  return order.status !== 'pending';
}
