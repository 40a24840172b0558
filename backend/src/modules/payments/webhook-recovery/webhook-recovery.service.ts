import { Inject, Injectable } from '@nestjs/common';
import { PaymentErrors } from '../domain/payment.errors';
import { TEST_CARDS } from '../domain/test-cards';
import { outcomeAmountCents, providerOutcomeOf } from '../domain/provider-report';
import { CLOCK, type Clock } from '../../../platform/clock';
import { PAYMENT_GATEWAY, type PaymentGateway, type ProviderPaymentIntent } from '../gateway/payment-gateway.port';
import { TestPaymentGateway } from '../gateway/test-payment-gateway';
import { PaymentWebhookService } from '../webhook/payment-webhook.service';

export { RecoveryMessages } from '../domain/payment.errors';

/**
 * The operator's manual recovery of a missed webhook, through the same path as a provider event. With
 * Stripe we ask Stripe what happened and record only that (never a success Stripe does not show); the
 * local gateway completes its test payment with the succeeding card, or redelivers the event it sent.
 */
@Injectable()
export class WebhookRecoveryService {
  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly webhooks: PaymentWebhookService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async simulate(paymentIntentId: string | undefined): Promise<{ message: string; status: string }> {
    const id = paymentIntentId?.trim() ?? '';
    if (id === '') throw PaymentErrors.recoveryIntentRequired();
    const intent = await this.gateway.retrievePaymentIntent(id);
    if (intent === null) throw PaymentErrors.providerIntentUnknown(id);

    if (this.gateway instanceof TestPaymentGateway) {
      const settled = intent.status === 'succeeded' || intent.status === 'requires_capture' || intent.status === 'canceled';
      const event = settled ? await this.gateway.latestEvent(id) : ((await this.gateway.confirm(id, TEST_CARDS.success))?.event ?? null);
      if (event === null) throw PaymentErrors.providerIntentUnknown(id);
      const result = await this.webhooks.receive(Buffer.from(event.payload), event.signature);
      return { message: `Webhook processed: payment ${id} ${result.status ?? 'unchanged'}`, status: result.status ?? 'unknown' };
    }

    const recorded = await this.recordProviderView(intent);
    if (recorded !== null) return { message: `Webhook processed: payment ${id} ${recorded}`, status: recorded };
    throw PaymentErrors.notSettled(id, intent.status);
  }

  /**
   * Asks the provider what became of a payment and records it through the same path as its webhook: for a
   * payment whose webhook never arrived (the shop's record still "created" while the provider has it
   * authorised or paid). Never simulates a payment, whatever the gateway; recording twice changes nothing.
   */
  async reconcile(paymentIntentId: string): Promise<ProviderCheck> {
    const intent = await this.gateway.retrievePaymentIntent(paymentIntentId);
    if (intent === null) return { providerStatus: null, recorded: null };
    return { providerStatus: intent.status, recorded: await this.recordProviderView(intent) };
  }

  /** Records what the provider's view of an intent says happened; the shop's status after it, or null. */
  private async recordProviderView(intent: ProviderPaymentIntent): Promise<string | null> {
    const id = intent.id;
    const outcome = providerOutcomeOf(intent.status, intent.lastError !== null);
    if (outcome !== null) {
      const failed = outcome === 'failed';
      const result = await this.webhooks.recordOutcome({
        outcome,
        report: {
          paymentIntentId: id,
          // A recovery has no provider event id; this one is stable, so repeating the recovery records nothing new.
          providerEventId: `recovery:${id}:${failed ? `failed:${intent.lastError?.code ?? 'unknown'}` : outcome}`,
          orderId: intent.orderId,
          amountCents: outcomeAmountCents(outcome, {
            amountCents: intent.amountCents,
            capturableCents: intent.amountCapturableCents,
            receivedCents: intent.amountReceivedCents,
          }),
          currency: intent.currency,
          at: this.clock.now().toISOString(),
        },
        failureCode: failed ? (intent.lastError?.code ?? null) : null,
        failureMessage: failed ? (intent.lastError?.message ?? null) : null,
        cancelReason: 'provider',
      });
      return result.status;
    }
    return null;
  }
}

/** What the provider reports of an intent, and what the shop recorded of it (null: nothing to record yet). */
export interface ProviderCheck {
  /** The provider's status (Stripe's words), or null when the provider does not know the id. */
  providerStatus: string | null;
  /** The payment's status in the shop after recording what the provider reports, or null when nothing was. */
  recorded: string | null;
}
