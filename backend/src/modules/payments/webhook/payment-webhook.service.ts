import { Inject, Injectable, Logger } from '@nestjs/common';
import { deterministicEventId } from '@brewery/eventstore';
import Stripe from 'stripe';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/persistence/persistence.tokens';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { DomainError } from '../../../shared-kernel/domain-error';
import { paymentDecider, type PaymentState } from '../domain/payment.decider';
import { paymentStreamName, type PaymentOutcomeData } from '../domain/payment.events';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../gateway/payment-gateway.port';

export interface ProviderOutcome {
  outcome: 'succeeded' | 'failed';
  report: PaymentOutcomeData;
  failureCode: string | null;
  failureMessage: string | null;
}

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
@Injectable()
export class PaymentWebhookService {
  private readonly logger = new Logger('PaymentWebhook');

  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly projections: ProjectionRunner,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Verifies the signature against the exact bytes received, then records the event. */
  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<WebhookResult> {
    if (rawBody === undefined || rawBody.length === 0)
      throw new DomainError('webhook_body_missing', 'Webhook body is missing', 'validation');
    if (signature === undefined || signature.trim() === '')
      throw new DomainError('webhook_signature_missing', 'Missing Stripe-Signature header', 'validation');
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, this.gateway.webhookSecret);
    } catch (error) {
      this.logger.warn({ msg: 'webhook signature rejected', error: error instanceof Error ? error.message : String(error) });
      throw new DomainError('webhook_signature_invalid', 'Webhook signature verification failed', 'validation');
    }
    return this.recordEvent(event);
  }

  private async recordEvent(event: Stripe.Event): Promise<WebhookResult> {
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        const orderId = intent.metadata['orderId'];
        const failed = event.type === 'payment_intent.payment_failed';
        const state = await this.recordOutcome({
          outcome: failed ? 'failed' : 'succeeded',
          report: {
            paymentIntentId: intent.id,
            providerEventId: event.id,
            orderId: orderId === undefined || orderId === '' ? null : orderId,
            amountCents: failed ? intent.amount : intent.amount_received || intent.amount,
            currency: intent.currency,
            at: new Date(event.created * 1000).toISOString(),
          },
          failureCode: failed ? (intent.last_payment_error?.code ?? null) : null,
          failureMessage: failed ? (intent.last_payment_error?.message ?? null) : null,
        });
        return { received: true, type: event.type, recorded: state.recorded, paymentIntentId: intent.id, status: state.status };
      }
      default:
        // Acknowledged so the provider stops retrying; nothing in the shop depends on other event types.
        return { received: true, type: event.type, recorded: false, paymentIntentId: null, status: null };
    }
  }

  /** Appends what the provider reported to `payment-<id>` (once per provider event id) and waits for the read models. */
  async recordOutcome(input: ProviderOutcome): Promise<{ recorded: boolean; status: PaymentState['status'] }> {
    const result = await this.pipeline.run({
      streamName: paymentStreamName(input.report.paymentIntentId),
      decider: paymentDecider,
      command: {
        type: 'RecordProviderOutcome',
        outcome: input.outcome,
        report: input.report,
        failureCode: input.failureCode,
        failureMessage: input.failureMessage,
      },
      metadata: {
        correlationId: input.report.providerEventId,
        causationId: null,
        actor: 'stripe',
        occurredAt: this.clock.now().toISOString(),
      },
      eventId: () => deterministicEventId('stripe', input.report.providerEventId),
    });
    await this.projections.waitForReadModels(result.position);
    return { recorded: result.events.length > 0, status: result.state.status };
  }
}
