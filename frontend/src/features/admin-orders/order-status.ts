import type { OrderStatus } from './api/get-admin-orders';

/** How each status reads on a badge (spec section 4: packed_awaiting_pickup is 'Packed - Awaiting Pickup'). */
export function orderStatusLabel(status: OrderStatus): string {
  switch (status) {
    case 'pending':
      return 'Payment Pending';
    case 'paid':
      return 'Paid';
    case 'packed_awaiting_pickup':
      return 'Packed - Awaiting Pickup';
    case 'shipped':
      return 'Shipped';
    case 'delivered':
      return 'Delivered';
    case 'cancelled':
      return 'Cancelled';
  }
}

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

/** Australia Post's public tracking page for a reference the operator typed. */
export function auspostTrackingUrl(reference: string): string {
  return `https://auspost.com.au/mypost/track/details/${encodeURIComponent(reference.trim())}`;
}
