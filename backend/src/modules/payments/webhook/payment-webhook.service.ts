import { Inject, Injectable, Logger } from '@nestjs/common';
import { deterministicEventId, type Actor } from '@brewery/eventstore';
import Stripe from 'stripe';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import { paymentDecider, type PaymentState } from '../domain/payment.decider';
import { outcomeAmountCents } from '../domain/provider-report';
import { PaymentErrors } from '../domain/payment.errors';
import { paymentStreamName, type PaymentCancelReason, type PaymentOutcomeData, type ProviderOutcomeKind } from '../domain/payment.events';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../gateway/payment-gateway.port';
import { cardSetupDecider, cardSetupStreamName } from '../domain/card-setup';

export interface ProviderOutcome {
  outcome: ProviderOutcomeKind;
  report: PaymentOutcomeData;
  failureCode: string | null;
  failureMessage: string | null;
  /** With `cancelled`: why (the shop's own reason when it cancelled; `provider` otherwise). */
  cancelReason?: PaymentCancelReason;
  /** Who reports it: the provider (default), or the shop recording the answer to its own capture or cancel. */
  actor?: Actor;
}

/** The provider's event types the shop records, and what each says about the payment. */
const RECORDED_EVENTS: Partial<Record<Stripe.Event.Type, ProviderOutcomeKind>> = {
  'payment_intent.amount_capturable_updated': 'authorised',
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'cancelled',
};

export interface WebhookResult {
  received: true;
  /** The provider event's type, and whether it changed the payment's stream. */
  type: string;
  recorded: boolean;
  paymentIntentId: string | null;
  status: PaymentState['status'] | null;
}

/**
 * The one way provider facts enter the shop: Stripe's webhooks, the local gateway's signed events, and the
 * operator's manual recovery all end in `recordOutcome`. Each provider event is appended once, ever: its
 * event id is derived from the provider's, and the payment decider skips an id it has seen.
 */
/** How old a webhook's signature may be (Stripe's own default, 5 minutes). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** How far ahead of this server's clock a signature may be dated: clock skew between two hosts, no more. */
export const FUTURE_TOLERANCE_SECONDS = 60;

@Injectable()
export class PaymentWebhookService {
  private readonly logger = new Logger('PaymentWebhook');

  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Verifies the signature against the exact bytes received, then records the event. */
  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<WebhookResult> {
    if (rawBody === undefined || rawBody.length === 0) throw PaymentErrors.webhookBodyMissing();
    if (signature === undefined || signature.trim() === '') throw PaymentErrors.webhookSignatureMissing();
    let event: Stripe.Event;
    try {
      // The SDK refuses a signature older than its tolerance but takes one dated in the future; a signature made
      // ahead (a stolen secret, a replay kept for later) is refused here the same way.
      const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
      if (Number.isFinite(signedAt) && signedAt * 1000 > Date.now() + FUTURE_TOLERANCE_SECONDS * 1000)
        throw new Error(`signature dated ${signedAt}, in the future`);
      event = Stripe.webhooks.constructEvent(rawBody, signature, this.gateway.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
    } catch (error) {
      this.logger.warn({ msg: 'webhook signature rejected', error: error instanceof Error ? error.message : String(error) });
      throw PaymentErrors.webhookSignatureInvalid();
    }
    return this.recordEvent(event);
  }

  private async recordEvent(event: Stripe.Event): Promise<WebhookResult> {
    if (event.type === 'setup_intent.succeeded') {
      const id = (event.data?.object as { id?: unknown } | undefined)?.id;
      if (typeof id !== 'string') throw PaymentErrors.webhookEventMalformed();
      const recorded = await this.recordSavedCard(id);
      return { received: true, type: event.type, recorded, paymentIntentId: null, status: null };
    }
    const outcome = RECORDED_EVENTS[event.type];
    if (outcome === undefined || !event.type.startsWith('payment_intent.')) {
      // Acknowledged so the provider stops retrying; nothing in the shop depends on other event types.
      return { received: true, type: event.type, recorded: false, paymentIntentId: null, status: null };
    }
    // A signed event is still checked for the shape the shop reads: no time or no intent is a malformed event.
    if (
      !Number.isSafeInteger(event.created) ||
      event.created <= 0 ||
      typeof (event.data?.object as { id?: unknown } | undefined)?.id !== 'string'
    )
      throw PaymentErrors.webhookEventMalformed();
    const intent = event.data.object as Stripe.PaymentIntent;
    const orderId = intent.metadata['orderId'];
    const failed = outcome === 'failed';
    const amountCents = outcomeAmountCents(outcome, {
      amountCents: intent.amount,
      capturableCents: intent.amount_capturable,
      receivedCents: intent.amount_received,
    });
    const state = await this.recordOutcome({
      outcome,
      report: {
        paymentIntentId: intent.id,
        providerEventId: event.id,
        orderId: orderId === undefined || orderId === '' ? null : orderId,
        amountCents,
        currency: intent.currency,
        at: new Date(event.created * 1000).toISOString(),
      },
      failureCode: failed ? (intent.last_payment_error?.code ?? null) : null,
      failureMessage: failed ? (intent.last_payment_error?.message ?? null) : null,
      cancelReason: 'provider',
    });
    return { received: true, type: event.type, recorded: state.recorded, paymentIntentId: intent.id, status: state.status };
  }

  /**
   * A card saved for the club: the provider is asked for the SetupIntent (the event's copy is not trusted for the card
   * it names) and, when it succeeded for a member, `CardSaved` is recorded on `card-setup-<id>` once. Whether anything
   * new was recorded.
   */
  async recordSavedCard(setupIntentId: string): Promise<boolean> {
    const setup = await this.gateway.retrieveSetupIntent(setupIntentId);
    if (setup === null || setup.status !== 'succeeded' || setup.memberId === null || setup.paymentMethodId === null) return false;
    const result = await this.pipeline.run({
      streamName: cardSetupStreamName(setup.id),
      decider: cardSetupDecider,
      command: {
        type: 'RecordCardSaved',
        card: {
          setupIntentId: setup.id,
          memberId: setup.memberId,
          customerId: setup.customerId ?? '',
          paymentMethodId: setup.paymentMethodId,
          brand: setup.card?.brand ?? 'card',
          last4: setup.card?.last4 ?? '',
          at: this.clock.now().toISOString(),
        },
      },
      cause: { correlationId: `setup-${setup.id}`, actor: 'stripe' },
    });
    return result.events.length > 0;
  }

  /** Appends what the provider reported to `payment-<id>` (once per provider event id) and waits for the read models. */
  async recordOutcome(input: ProviderOutcome): Promise<{ recorded: boolean; status: PaymentState['status']; position: number | null }> {
    const result = await this.pipeline.run({
      streamName: paymentStreamName(input.report.paymentIntentId),
      decider: paymentDecider,
      command: {
        type: 'RecordProviderOutcome',
        outcome: input.outcome,
        report: input.report,
        failureCode: input.failureCode,
        failureMessage: input.failureMessage,
        ...(input.cancelReason === undefined ? {} : { cancelReason: input.cancelReason }),
      },
      cause: { correlationId: input.report.providerEventId, actor: input.actor ?? 'stripe' },
      eventId: () => deterministicEventId('stripe', input.report.providerEventId),
    });
    return { recorded: result.events.length > 0, status: result.state.status, position: result.position };
  }
}
