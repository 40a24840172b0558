import { DomainError } from '../../../shared-kernel/domain-error';
import { ORDER_STATUSES, isOrderStatus, isTrackingReference, type OrderStatus } from '@brewery/shop-rules';

export const TrackingMessages = {
  required: 'Tracking reference and status are required',
  invalidStatus: `Status must be one of: ${ORDER_STATUSES.join(', ')}`,
  invalidReference: 'Tracking reference must be 1 to 60 letters, digits, spaces or dashes',
  invalidNotify: 'notifyCustomer must be true or false',
  invalidKeepPayment: 'keepPaymentReason must be a reason of 1 to 500 characters (cancelling a paid order and keeping its payment)',
} as const;

export interface TrackingUpdate {
  status: OrderStatus;
  /** Trimmed. */
  trackingReference: string;
  /** Whether the customer hears of the change by e-mail (the form's box; true unless the operator unticks it). */
  notifyCustomer: boolean;
  /** Cancelling a paid order and keeping its payment: why. Absent: a paid order cancelled is refunded and restocked. */
  keepPaymentReason?: string;
}

/**
 * The manual status and tracking form as the server accepts it: both fields are required (the spec's
 * 'order update needs both tracking reference and status'), the status is one of the six, the reference is
 * trimmed. Throws a validation DomainError with one readable message.
 */
export function parseTrackingUpdate(input: {
  status?: unknown;
  trackingReference?: unknown;
  notifyCustomer?: unknown;
  keepPaymentReason?: unknown;
}): TrackingUpdate {
  const { status, trackingReference, notifyCustomer, keepPaymentReason } = input;
  const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (blank(status) || blank(trackingReference)) throw new DomainError('tracking_update_required', TrackingMessages.required);
  if (!isOrderStatus(status)) throw new DomainError('invalid_order_status', TrackingMessages.invalidStatus);
  if (typeof trackingReference !== 'string') throw new DomainError('invalid_tracking_reference', TrackingMessages.invalidReference);
  const reference = trackingReference.trim();
  if (!isTrackingReference(reference)) throw new DomainError('invalid_tracking_reference', TrackingMessages.invalidReference);
  if (notifyCustomer !== undefined && typeof notifyCustomer !== 'boolean')
    throw new DomainError('invalid_notify_customer', TrackingMessages.invalidNotify);
  if (
    keepPaymentReason !== undefined &&
    (typeof keepPaymentReason !== 'string' || keepPaymentReason.trim() === '' || keepPaymentReason.length > 500)
  )
    throw new DomainError('invalid_keep_payment_reason', TrackingMessages.invalidKeepPayment);
  return {
    status,
    trackingReference: reference,
    notifyCustomer: notifyCustomer ?? true,
    ...(keepPaymentReason === undefined ? {} : { keepPaymentReason: keepPaymentReason.trim() }),
  };
}
