import { formatCents } from '@brewery/shop-rules';
import { DomainError } from '../../../shared-kernel/domain-error';

/** What the browser hears when it tries to pay an intent the shop has cancelled. */
export const CHECKOUT_ENDED_MESSAGE =
  'This checkout has ended (it expired or was replaced), so it can no longer be paid. Nothing was charged.';

/** The operator's webhook recovery wording, shared by its refusals and the request's validation. */
export const RecoveryMessages = {
  required: 'Payment intent ID is required',
  unknown: (id: string): string => `No payment intent ${id} at the payment provider`,
  nothingToRecord: (id: string, status: string): string =>
    `The payment provider reports ${id} as ${status}: there is no payment to record yet`,
} as const;

/** The payments module's refusals, with stable codes. */
export const PaymentErrors = {
  /** The payment stream's refusals of a refund. */
  notRefundable: (status: string): DomainError =>
    new DomainError('payment_not_refundable', `Only a payment that was taken can be refunded: this one is ${status}`, 'conflict'),
  refundNotPositive: (): DomainError => new DomainError('invalid_refund_amount', 'A refund must be more than $0.00', 'validation'),
  refundTooLarge: (refundable: number): DomainError =>
    new DomainError(
      'refund_too_large',
      refundable === 0
        ? 'This payment has been refunded in full'
        : `At most ${formatCents(refundable)} of this payment can still be refunded`,
      'conflict',
    ),

  /** A provider webhook the shop cannot read or trust. */
  webhookBodyMissing: (): DomainError => new DomainError('webhook_body_missing', 'Webhook body is missing', 'validation'),
  webhookSignatureMissing: (): DomainError => new DomainError('webhook_signature_missing', 'Missing Stripe-Signature header', 'validation'),
  webhookSignatureInvalid: (): DomainError =>
    new DomainError('webhook_signature_invalid', 'Webhook signature verification failed', 'validation'),
  webhookEventMalformed: (): DomainError =>
    new DomainError('webhook_event_malformed', 'Webhook event is missing its time or its payment intent', 'validation'),

  /** The checkout page's payment status question, asked with parameters that cannot name a payment. */
  paymentIntentInvalid: (): DomainError =>
    new DomainError('payment_intent_invalid', 'payment_intent must be a payment intent id (pi_...)', 'validation'),
  clientSecretInvalid: (): DomainError =>
    new DomainError('client_secret_invalid', 'client_secret must be the payment’s client secret', 'validation'),

  /** The operator's recovery of a missed webhook. */
  recoveryIntentRequired: (): DomainError => new DomainError('payment_intent_required', RecoveryMessages.required, 'validation'),
  providerIntentUnknown: (id: string): DomainError => new DomainError('payment_intent_unknown', RecoveryMessages.unknown(id), 'not_found'),
  notSettled: (id: string, status: string): DomainError =>
    new DomainError('payment_not_settled', RecoveryMessages.nothingToRecord(id, status), 'conflict'),

  /** The local test gateway: its routes when another gateway runs, its intents and its card form. */
  testGatewayOff: (): DomainError => new DomainError('not_found', 'Not found', 'not_found'),
  testIntentUnknown: (id: string): DomainError => new DomainError('payment_intent_unknown', `No test payment intent ${id}`, 'not_found'),
  invalidClientSecret: (): DomainError =>
    new DomainError('invalid_client_secret', 'The client secret does not belong to this payment intent', 'validation'),
  checkoutEnded: (): DomainError => new DomainError('payment_intent_unexpected_state', CHECKOUT_ENDED_MESSAGE, 'conflict'),
  /** A test card number the local gateway refuses; `message` is what a card form would say. */
  incorrectNumber: (message: string): DomainError => new DomainError('incorrect_number', message, 'validation'),
} as const;
