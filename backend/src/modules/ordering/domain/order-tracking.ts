import { assertNever } from '../../../shared-kernel/decider';
import { DomainError } from '../../../shared-kernel/domain-error';
import { ORDER_STATUSES, type OrderStatus } from './order.events';

export const TrackingMessages = {
  required: 'Tracking reference and status are required',
  invalidStatus: `Status must be one of: ${ORDER_STATUSES.join(', ')}`,
  invalidReference: 'Tracking reference must be 1 to 60 letters, digits, spaces or dashes',
} as const;

/** Australia Post article and consignment numbers: letters, digits, and the spaces or dashes people type between groups. */
const TRACKING_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,59}$/;

export interface TrackingUpdate {
  status: OrderStatus;
  /** Trimmed. */
  trackingReference: string;
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** True for a trimmed reference the carrier could have issued. */
export function isTrackingReference(value: string): boolean {
  return value === value.trim() && TRACKING_REFERENCE.test(value);
}

/**
 * The manual status and tracking form as the server accepts it: both fields are required (the spec's
 * 'order update needs both tracking reference and status'), the status is one of the six, the reference is
 * trimmed. Throws a validation DomainError with one readable message.
 */
export function parseTrackingUpdate(input: { status?: unknown; trackingReference?: unknown }): TrackingUpdate {
  const { status, trackingReference } = input;
  const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (blank(status) || blank(trackingReference)) throw new DomainError('tracking_update_required', TrackingMessages.required);
  if (!isOrderStatus(status)) throw new DomainError('invalid_order_status', TrackingMessages.invalidStatus);
  if (typeof trackingReference !== 'string') throw new DomainError('invalid_tracking_reference', TrackingMessages.invalidReference);
  const reference = trackingReference.trim();
  if (!isTrackingReference(reference)) throw new DomainError('invalid_tracking_reference', TrackingMessages.invalidReference);
  return { status, trackingReference: reference };
}

/** How a status reads to people (spec section 4: packed_awaiting_pickup is 'Packed - Awaiting Pickup'). */
export function orderStatusInWords(status: OrderStatus): string {
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
    default:
      return assertNever(status);
  }
}

/** Australia Post's public tracking page for a reference (the admin screen builds the same link). */
export function auspostTrackingUrl(reference: string): string {
  return `https://auspost.com.au/mypost/track/details/${encodeURIComponent(reference.trim())}`;
}
