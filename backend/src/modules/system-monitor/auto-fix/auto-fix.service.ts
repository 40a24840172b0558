import type { AutoFixResult } from '@brewery/shop-rules';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../../platform/clock';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { assertNever } from '../../../shared-kernel/decider';
import { DomainError } from '../../../shared-kernel/domain-error';
import { EmailService } from '../../notifications';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { RecoverOrder } from '../../order-money';
import { ReservationExpiry } from '../../checkout';
import { WebhookRecoveryService } from '../../payments';
import { FailedEmails } from '../failed-emails/failed-emails';
import { PaymentMatching } from '../payment-matching/payment-matching';
import { ReadModelHealth } from '../read-model-health/read-model-health';

/**
 * The System tab's 'Auto-Fix Issues': the fixes that are safe to run unattended, each idempotent, so a
 * second run straight after applies nothing. Read models first (the rest reads them), then payments
 * without their order, payments whose webhook never arrived (recovered when the provider has them
 * authorised or paid, recorded when it cancelled them), expired reservations, failed e-mails. What needs a person (a payment flagged for
 * review, a payment for an unknown order) stays listed in the status for the operator.
 */
@Injectable()
export class AutoFix {
  constructor(
    private readonly readModelHealth: ReadModelHealth,
    private readonly payments: PaymentMatching,
    private readonly failedEmails: FailedEmails,
    private readonly runner: ProjectionRunner,
    private readonly recovery: RecoverOrder,
    private readonly reservations: ReservationExpiry,
    private readonly emails: EmailService,
    private readonly provider: WebhookRecoveryService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async run(cause: Cause): Promise<AutoFixResult> {
    const fixes: string[] = [];

    const problem = await this.readModelHealth.problem();
    if (problem !== null) {
      const rebuilt = await this.runner.rebuildReadModels();
      fixes.push(`Rebuilt the read models from ${rebuilt.events} events because ${problem}`);
    }

    for (const payment of await this.payments.withoutOrder()) {
      if (payment.orderNeedsReview) continue;
      try {
        const result = await this.recovery.attempt(payment.paymentIntentId, cause);
        switch (result.kind) {
          case 'recovered':
            fixes.push(`Payment ${payment.paymentIntentId} ($${payment.amount}): ${result.message}`);
            break;
          case 'needs_review':
            // Said only when this run flagged it: a review already open or closed by the operator is no fix.
            if (result.flagged)
              fixes.push(
                `Payment ${payment.paymentIntentId} ($${payment.amount}) could not complete its order, so it was flagged: ${result.message}`,
              );
            break;
          case 'already_complete':
            break;
          default:
            assertNever(result);
        }
      } catch (error) {
        // Not recoverable unattended (no order recorded for it, say): it stays in the status for the operator.
        if (!(error instanceof DomainError)) throw error;
      }
    }

    for (const payment of await this.payments.stale()) {
      const { paymentIntentId, amount, providerStatus } = payment;
      try {
        if (providerStatus === 'succeeded' || providerStatus === 'requires_capture') {
          const result = await this.recovery.attempt(paymentIntentId, cause);
          fixes.push(
            `Payment ${paymentIntentId} ($${amount}) never reached the shop, though the payment provider has it ${providerStatus}: ${result.message}`,
          );
        } else if (providerStatus === 'canceled') {
          const { recorded } = await this.provider.reconcile(paymentIntentId);
          if (recorded === 'cancelled')
            fixes.push(`Payment ${paymentIntentId} ($${amount}) was cancelled at the payment provider: recorded as cancelled`);
        }
      } catch (error) {
        // Not recoverable unattended: it stays in the status for the operator.
        if (!(error instanceof DomainError)) throw error;
      }
    }

    const { released } = await this.reservations.releaseExpired(cause);
    for (const orderId of released) {
      fixes.push(`Ended the expired checkout of Order #${orderId}: its payment can no longer be made and its cans are back on sale`);
    }

    for (const email of await this.failedEmails.list()) {
      if (await this.emails.retry(email.key, cause)) fixes.push(`Queued the e-mail “${email.subject}” to ${email.to} for another attempt`);
    }
    return { fixes_applied: fixes };
  }
}
