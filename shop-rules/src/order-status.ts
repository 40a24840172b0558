/** The spec's order lifecycle and how the shop and its e-mails name it. */

export const ORDER_STATUSES = ['pending', 'paid', 'packed_awaiting_pickup', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** How a status reads to people (spec section 4: packed_awaiting_pickup is 'Packed - Awaiting Pickup'). */
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
    default: {
      const unknown: never = status;
      return String(unknown);
    }
  }
}

/** Australia Post article and consignment numbers: letters, digits, and the spaces or dashes people type between groups. */
const TRACKING_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,59}$/;

/** True for a trimmed reference the carrier could have issued (1 to 60 characters). */
export function isTrackingReference(value: string): boolean {
  return value === value.trim() && TRACKING_REFERENCE.test(value);
}

/** Australia Post's public tracking page for a reference or consignment number. */
export function auspostTrackingUrl(reference: string): string {
  return `https://auspost.com.au/mypost/track/details/${encodeURIComponent(reference.trim())}`;
}

/**
 * Whether the customer is e-mailed about a change to this status unless the operator says otherwise: every
 * status but packed, which is the brewery's step, not news for the customer (the shipped e-mail follows).
 */
export function notifiedByDefault(status: OrderStatus, method: 'delivery' | 'pickup' = 'delivery'): boolean {
  // Packed is news only for a customer who collects: it means "ready to collect".
  return status !== 'packed_awaiting_pickup' || method === 'pickup';
}
