import { DomainError } from '../../../shared-kernel/domain-error';

/** The operator's order recovery wording, shared by its refusals and the request's validation. */
export const RecoverOrderMessages = {
  required: 'Payment intent ID is required',
  unknown: (id: string): string => `No order backup for payment intent ${id}`,
  notSucceeded: (id: string, status: string, providerStatus?: string | null): string =>
    `Payment ${id} has not succeeded (${status}${providerStatus === undefined ? '' : `; the payment provider reports ${providerStatus ?? 'no such payment'}`}): there is no paid order to recover`,
} as const;

/** The order recovery's refusals, with stable codes. */
export const RecoverOrderErrors = {
  /** The recovery flagged the order (or found it flagged): `message` says why it needs the operator. */
  needsReview: (message: string): DomainError => new DomainError('order_needs_review', message, 'conflict'),
  paymentIntentRequired: (): DomainError => new DomainError('payment_intent_required', RecoverOrderMessages.required, 'validation'),
  backupNotFound: (id: string): DomainError => new DomainError('backup_not_found', RecoverOrderMessages.unknown(id), 'not_found'),
  paymentNotSucceeded: (id: string, status: string, providerStatus?: string | null): DomainError =>
    new DomainError('payment_not_succeeded', RecoverOrderMessages.notSucceeded(id, status, providerStatus), 'conflict'),
  orderUnknown: (id: string, orderId: string | null): DomainError =>
    new DomainError(
      'order_unknown',
      `Payment ${id} succeeded, but no order ${orderId ?? '(no order number)'} was recorded for it: fulfil it by hand from the backup or refund it`,
      'conflict',
    ),
} as const;
