import Stripe from 'stripe';
import {
  type CreatePaymentIntentInput,
  type CreateSetupIntentInput,
  type OffSessionChargeInput,
  type ProviderSetupIntent,
  type PaymentGateway,
  type ProviderPaymentIntent,
  type ProviderRefund,
  PaymentIntentStateError,
  PaymentProviderError,
} from './payment-gateway.port';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local server; production leaves these unset. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export function fromStripeIntent(intent: Stripe.PaymentIntent): ProviderPaymentIntent {
  const orderId = intent.metadata['orderId'];
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    amountCapturableCents: intent.amount_capturable,
    amountReceivedCents: intent.amount_received,
    currency: intent.currency,
    status: intent.status,
    orderId: orderId === undefined || orderId === '' ? null : orderId,
    lastError: intent.last_payment_error
      ? { code: intent.last_payment_error.code ?? null, message: intent.last_payment_error.message ?? null }
      : null,
  };
}

export function fromStripeSetupIntent(setup: Stripe.SetupIntent): ProviderSetupIntent {
  const method = setup.payment_method;
  const card = typeof method === 'object' && method !== null && method.card ? { brand: method.card.brand, last4: method.card.last4 } : null;
  const memberId = setup.metadata?.['memberId'];
  return {
    id: setup.id,
    clientSecret: setup.client_secret ?? '',
    status: setup.status,
    customerId: typeof setup.customer === 'string' ? setup.customer : (setup.customer?.id ?? null),
    paymentMethodId: typeof method === 'string' ? method : (method?.id ?? null),
    card,
    memberId: memberId === undefined || memberId === '' ? null : memberId,
    lastError: setup.last_setup_error
      ? { code: setup.last_setup_error.code ?? null, message: setup.last_setup_error.message ?? null }
      : null,
  };
}

/** Stripe PaymentIntents in AUD with automatic payment methods; the order number travels in the metadata. */
export class StripePaymentGateway implements PaymentGateway {
  readonly mode = 'stripe' as const;
  readonly webhookSecret: string;
  private readonly stripe: Stripe;

  constructor(options: StripeGatewayOptions) {
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20000,
      ...(options.host === undefined ? {} : { host: options.host }),
      ...(options.port === undefined ? {} : { port: options.port }),
      ...(options.protocol === undefined ? {} : { protocol: options.protocol }),
    });
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProviderPaymentIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          // Authorise only: the shop captures once the cans are sold, and cancels when they are gone.
          capture_method: 'manual',
          automatic_payment_methods: { enabled: true },
          metadata: { orderId: input.orderId, orderNumber: input.orderId },
          receipt_email: input.customerEmail,
          description: input.description,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return fromStripeIntent(intent);
    } catch (error) {
      throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
    }
  }

  async retrievePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent | null> {
    try {
      return fromStripeIntent(await this.stripe.paymentIntents.retrieve(paymentIntentId));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
    }
  }

  async capturePaymentIntent(paymentIntentId: string, idempotencyKey: string): Promise<ProviderPaymentIntent> {
    try {
      return fromStripeIntent(await this.stripe.paymentIntents.capture(paymentIntentId, {}, { idempotencyKey }));
    } catch (error) {
      return this.alreadyThere(paymentIntentId, error, 'succeeded');
    }
  }

  async cancelPaymentIntent(
    paymentIntentId: string,
    idempotencyKey: string,
    options: { keepAuthorised?: boolean } = {},
  ): Promise<ProviderPaymentIntent> {
    if (options.keepAuthorised === true) {
      // Stripe cancels an authorised intent too, and has no conditional cancel: asked right before, which leaves
      // one round trip in which a card confirmed in the browser can still be voided.
      const current = await this.retrievePaymentIntent(paymentIntentId);
      if (current !== null && AUTHORISED_OR_CHARGING.has(current.status)) {
        throw new PaymentIntentStateError(
          paymentIntentId,
          current.status,
          `The payment intent is ${current.status}: its card went through.`,
        );
      }
    }
    try {
      return fromStripeIntent(
        await this.stripe.paymentIntents.cancel(paymentIntentId, { cancellation_reason: 'abandoned' }, { idempotencyKey }),
      );
    } catch (error) {
      return this.alreadyThere(paymentIntentId, error, 'canceled');
    }
  }

  async refundPaymentIntent(paymentIntentId: string, amountCents: number, idempotencyKey: string): Promise<ProviderRefund> {
    try {
      const refund = await this.stripe.refunds.create({ payment_intent: paymentIntentId, amount: amountCents }, { idempotencyKey });
      return { id: refund.id, amountCents: refund.amount, status: refund.status ?? 'pending' };
    } catch (error) {
      // Stripe's word for a refund it will not make (more than is left, a payment not captured) is the operator's.
      // A key reused for another amount (two refunds asked for at once): refused, and said so.
      if (error instanceof Stripe.errors.StripeIdempotencyError)
        throw new PaymentIntentStateError(paymentIntentId, 'idempotency_conflict', error.message);
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new PaymentIntentStateError(paymentIntentId, 'refund_refused', error.message);
      throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
    }
  }

  /**
   * Stripe refuses a capture or cancel in the wrong state with `payment_intent_unexpected_state`. When the
   * intent is already where we wanted it (a repeated call), that is no error: the caller gets it back.
   * Otherwise the refusal becomes a PaymentIntentStateError; anything else a PaymentProviderError.
   */
  private async alreadyThere(paymentIntentId: string, error: unknown, wanted: Stripe.PaymentIntent.Status): Promise<ProviderPaymentIntent> {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') {
      const current = error.payment_intent ?? (await this.stripe.paymentIntents.retrieve(paymentIntentId).catch(() => null));
      if (current?.status === wanted) return fromStripeIntent(current);
      throw new PaymentIntentStateError(paymentIntentId, current?.status ?? 'unknown', error.message);
    }
    throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
  }

  async createSetupIntent(input: CreateSetupIntentInput): Promise<ProviderSetupIntent> {
    try {
      const customer = await this.stripe.customers.create(
        { email: input.customerEmail, name: input.customerName, metadata: { memberId: input.memberId } },
        { idempotencyKey: `${input.idempotencyKey}-customer` },
      );
      const setup = await this.stripe.setupIntents.create(
        { customer: customer.id, usage: 'off_session', metadata: { memberId: input.memberId } },
        { idempotencyKey: input.idempotencyKey },
      );
      return fromStripeSetupIntent(setup);
    } catch (error) {
      throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
    }
  }

  async retrieveSetupIntent(setupIntentId: string): Promise<ProviderSetupIntent | null> {
    try {
      return fromStripeSetupIntent(await this.stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] }));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
    }
  }

  /**
   * Stripe answers a declined off-session confirmation with a card error carrying the intent (left
   * `requires_payment_method`, its `last_payment_error` saying `card_declined` or `authentication_required`): that is
   * the answer, not a failure of ours.
   */
  async chargeOffSession(input: OffSessionChargeInput): Promise<ProviderPaymentIntent> {
    try {
      const intent =
        input.paymentIntentId === null
          ? await this.stripe.paymentIntents.create(
              {
                amount: input.amountCents,
                currency: input.currency,
                capture_method: 'manual',
                customer: input.customerId,
                payment_method: input.paymentMethodId,
                off_session: true,
                confirm: true,
                metadata: { orderId: input.orderId, orderNumber: input.orderId },
                receipt_email: input.customerEmail,
                description: input.description,
              },
              { idempotencyKey: input.idempotencyKey },
            )
          : await this.stripe.paymentIntents.confirm(
              input.paymentIntentId,
              { payment_method: input.paymentMethodId, off_session: true },
              { idempotencyKey: input.attemptKey },
            );
      return fromStripeIntent(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) return fromStripeIntent(error.payment_intent);
      throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
    }
  }

  async health(): Promise<{ ok: boolean; detail: string }> {
    try {
      await this.stripe.balance.retrieve();
      return { ok: true, detail: 'Stripe API answers' };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }
}

/** Stripe's statuses of an intent whose card went through (authorised, being charged, or charged). */
const AUTHORISED_OR_CHARGING: ReadonlySet<string> = new Set(['requires_capture', 'processing', 'succeeded']);
