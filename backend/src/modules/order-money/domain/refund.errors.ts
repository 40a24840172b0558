import { DomainError } from '../../../shared-kernel/domain-error';

/** A refund's refusals, from its own stream and from the payment provider, with stable codes. */
export const RefundErrors = {
  keyReused: (orderId: string): DomainError =>
    new DomainError(
      'idempotency_key_reused',
      `This Idempotency-Key was used for another refund of Order #${orderId} (another amount): use a new key for a new refund`,
      'conflict',
    ),
  notRequested: (): DomainError => new DomainError('refund_not_requested', 'No refund was asked for under this key', 'conflict'),
  /** The provider would not make the refund; `reason` is its own message. */
  refusedByProvider: (reason: string): DomainError =>
    new DomainError('refund_refused', `The payment provider refused the refund: ${reason}`, 'conflict'),
  /** A refund asked again under a key the provider refused before: `reason` is the refusal recorded then. */
  refusedBefore: (reason: string): DomainError =>
    new DomainError('refund_refused', `This refund was refused before, and nothing was refunded: ${reason}`, 'conflict'),
  /** The provider made another refund under the same key at the same moment. */
  inProgress: (orderId: string): DomainError =>
    new DomainError(
      'refund_in_progress',
      `Another refund of Order #${orderId} was made at the same moment: look at the order's refunds, then refund again if more is due`,
      'conflict',
    ),
  /** The operator asks for a refund of a payment refunded in full (the same words as the payment's own refusal). */
  refundedInFull: (): DomainError => new DomainError('refund_too_large', 'This payment has been refunded in full', 'conflict'),
  noPaymentTaken: (orderId: string): DomainError =>
    new DomainError('payment_not_refundable', `Order #${orderId} has no payment that was taken, so there is nothing to refund`, 'conflict'),
} as const;
