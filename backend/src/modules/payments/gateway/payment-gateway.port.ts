import type { PaymentProvider } from '../domain/payment.events';

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');

export interface CreatePaymentIntentInput {
  orderId: string;
  amountCents: number;
  currency: 'aud';
  /** The provider creates one intent per key, however often we ask (a retried checkout gets the same one). */
  idempotencyKey: string;
  customerEmail: string;
  description: string;
}

/** A payment intent as the provider reports it, in Stripe's vocabulary (the local gateway speaks it too). */
export interface ProviderPaymentIntent {
  id: string;
  clientSecret: string;
  amountCents: number;
  /** Authorised and not yet captured. */
  amountCapturableCents: number;
  /** Captured. */
  amountReceivedCents: number;
  currency: string;
  /** Stripe's statuses: requires_payment_method, requires_confirmation, requires_action, processing, succeeded, canceled… */
  status: string;
  /** Order number from the intent's metadata. */
  orderId: string | null;
  lastError: { code: string | null; message: string | null } | null;
}

/** A card saved for later (a Stripe SetupIntent for off-session use), as the provider reports it. */
export interface ProviderSetupIntent {
  id: string;
  clientSecret: string;
  /** Stripe's statuses: requires_payment_method, requires_action, processing, succeeded, canceled. */
  status: string;
  /** The provider's customer the card is saved on. */
  customerId: string | null;
  /** The saved card, once the setup succeeded. */
  paymentMethodId: string | null;
  card: { brand: string; last4: string } | null;
  /** The club member it is for, from its metadata. */
  memberId: string | null;
  lastError: { code: string | null; message: string | null } | null;
}

export interface CreateSetupIntentInput {
  memberId: string;
  /** One setup (and one provider customer) per key, however often we ask. */
  idempotencyKey: string;
  customerEmail: string;
  customerName: string;
}

/**
 * A charge of a saved card with the customer away (a club run): one intent per `idempotencyKey`, authorised only
 * (manual capture, as every checkout), confirmed once per `attemptKey`. `paymentIntentId`: the intent of an earlier
 * attempt, confirmed again (a retry after a decline); null for the first.
 */
export interface OffSessionChargeInput extends CreatePaymentIntentInput {
  paymentIntentId: string | null;
  attemptKey: string;
  customerId: string;
  paymentMethodId: string;
}

/** The card payment provider. Adapters: Stripe (keys configured) and the local test gateway (no keys). */
export interface PaymentGateway {
  readonly mode: PaymentProvider;
  /** The secret provider events are signed with (Stripe's whsec_…, or the local gateway's own). */
  readonly webhookSecret: string;
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProviderPaymentIntent>;
  /** null when the provider does not know the id. */
  retrievePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent | null>;
  /**
   * Takes the authorised money (the intent is created with manual capture). An intent already captured is
   * answered as it is; one that cannot be captured (not authorised, cancelled) throws PaymentIntentStateError.
   */
  capturePaymentIntent(paymentIntentId: string, idempotencyKey: string): Promise<ProviderPaymentIntent>;
  /**
   * Cancels an intent that has not taken money, releasing any authorisation; it can never be paid after.
   * An intent already cancelled is answered as it is; a succeeded one throws PaymentIntentStateError.
   * `keepAuthorised`: an intent whose card is authorised (or being charged) is left as it is and throws
   * PaymentIntentStateError too; the shop ends a checkout it no longer needs this way, never voiding a card that
   * went through meanwhile.
   */
  cancelPaymentIntent(
    paymentIntentId: string,
    idempotencyKey: string,
    options?: { keepAuthorised?: boolean },
  ): Promise<ProviderPaymentIntent>;
  /**
   * Gives back `amountCents` of a captured payment. The provider makes one refund per idempotency key, however
   * often it is asked (a retried refund is answered with the same one). Refuses (PaymentIntentStateError) a
   * payment that was not captured, or more than is left of it.
   */
  refundPaymentIntent(paymentIntentId: string, amountCents: number, idempotencyKey: string): Promise<ProviderRefund>;
  /** A SetupIntent saving a card for off-session charges (the beer club), with its own provider customer. */
  createSetupIntent(input: CreateSetupIntentInput): Promise<ProviderSetupIntent>;
  /** null when the provider does not know the id. */
  retrieveSetupIntent(setupIntentId: string): Promise<ProviderSetupIntent | null>;
  /**
   * Charges a saved card off-session. A decline or a card that needs the customer to authenticate is no error: the
   * intent comes back `requires_payment_method` with `lastError.code` `card_declined` or `authentication_required`.
   */
  chargeOffSession(input: OffSessionChargeInput): Promise<ProviderPaymentIntent>;
  health(): Promise<{ ok: boolean; detail: string }>;
}

/** A refund as the provider reports it. */
export interface ProviderRefund {
  id: string;
  amountCents: number;
  /** Stripe's statuses: succeeded, pending (the bank has still to confirm), failed, canceled. */
  status: string;
}

export class PaymentProviderError extends Error {
  override readonly name: string = 'PaymentProviderError';
}

/** The provider refused because of the intent's state (capture of a cancelled intent, cancel of a paid one). */
export class PaymentIntentStateError extends PaymentProviderError {
  override readonly name = 'PaymentIntentStateError';
  constructor(
    readonly paymentIntentId: string,
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}
