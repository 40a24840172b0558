import { hiddenCharacterIn, isOrderStatus, isTrackingReference, type OrderStatus } from '@brewery/shop-rules';
import { OrderErrors } from './order.errors';

export { TrackingMessages } from './order.errors';

export interface TrackingUpdate {
  status: OrderStatus;
  /** Trimmed; null for a pickup's form sent without one (the order's own stays). */
  trackingReference: string | null;
  /**
   * Whether the customer hears of the change by e-mail (the form's box). Absent: the order decider's default
   * (yes, except for a change the customer need not hear of: packed).
   */
  notifyCustomer?: boolean;
  /** Cancelling a paid order and keeping its payment: why. Absent: a paid order cancelled is refunded and restocked. */
  keepPaymentReason?: string;
}

/**
 * The manual status and tracking form as the server accepts it: both fields are required (the spec's
 * 'order update needs both tracking reference and status'), the status is one of the six, the reference is
 * trimmed. An order collected at the cellar door is never posted, so its reference may be left out
 * (`pickup`). Throws a validation DomainError with one readable message.
 */
export function parseTrackingUpdate(
  input: {
    status?: unknown;
    trackingReference?: unknown;
    notifyCustomer?: unknown;
    keepPaymentReason?: unknown;
  },
  pickup = false,
): TrackingUpdate {
  const { status, trackingReference, notifyCustomer, keepPaymentReason } = input;
  const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (blank(status) || (blank(trackingReference) && !pickup)) throw OrderErrors.trackingUpdateRequired();
  if (!isOrderStatus(status)) throw OrderErrors.invalidOrderStatus();
  let reference: string | null = null;
  if (!blank(trackingReference)) {
    if (typeof trackingReference !== 'string') throw OrderErrors.invalidTrackingReference();
    reference = trackingReference.trim();
    if (!isTrackingReference(reference)) throw OrderErrors.invalidTrackingReference();
  }
  if (notifyCustomer !== undefined && typeof notifyCustomer !== 'boolean') throw OrderErrors.invalidNotifyCustomer();
  if (
    keepPaymentReason !== undefined &&
    (typeof keepPaymentReason !== 'string' || keepPaymentReason.trim() === '' || keepPaymentReason.length > 500)
  )
    throw OrderErrors.invalidKeepPaymentReason();
  const hidden = keepPaymentReason === undefined ? null : hiddenCharacterIn(keepPaymentReason.trim(), 'several');
  if (hidden?.kind === 'invisible') throw OrderErrors.hiddenInKeepPaymentReason(hidden.codePoint);
  if (hidden !== null) throw OrderErrors.invalidKeepPaymentReason();
  return {
    status,
    trackingReference: reference,
    ...(notifyCustomer === undefined ? {} : { notifyCustomer }),
    ...(keepPaymentReason === undefined ? {} : { keepPaymentReason: keepPaymentReason.trim() }),
  };
}
