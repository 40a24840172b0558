/** What other parts of the server may use from payments. */
export { PaymentsModule } from './payments.module';
export { authorisationToCapture, checkoutPaymentEnding, moneyTaken, paymentDecider, type PaymentState } from './domain/payment.decider';
export { PAYMENT_EVENT_TYPES, paymentStreamName, type PaymentCancelReason, type PaymentEvent } from './domain/payment.events';
export {
  PAYMENT_GATEWAY,
  PaymentIntentStateError,
  PaymentProviderError,
  type PaymentGateway,
  type ProviderPaymentIntent,
} from './gateway/payment-gateway.port';
export { CARD_SETUP_EVENT_TYPES, type CardSaved, type SavedCard } from './domain/card-setup';
export { PaymentWebhookService } from './webhook/payment-webhook.service';
export { clientSecretDigest } from './payment-status/client-secret-digest';
export { paymentBackupOf } from './domain/payment-backup';
export { WebhookRecoveryService } from './webhook-recovery/webhook-recovery.service';
export { PaymentErrors } from './domain/payment.errors';
