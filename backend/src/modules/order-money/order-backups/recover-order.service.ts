import { Injectable } from '@nestjs/common';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { assertNever } from '../../../shared-kernel/decider';
import { moneyTaken, paymentDecider, paymentStreamName, WebhookRecoveryService } from '../../payments';
import { RecoverOrderErrors } from '../domain/recover-order.errors';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { OrderCompletion } from '../order-completion/order-completion.service';

export { RecoverOrderMessages } from '../domain/recover-order.errors';

/** What one recovery did, for callers that report rather than throw (the System tab's auto-fix). */
export type RecoveryResult =
  | { kind: 'recovered'; orderId: string; message: string }
  | { kind: 'already_complete'; orderId: string; message: string }
  /** `flagged`: this recovery flagged it; false when it was flagged already (nothing changed). */
  | { kind: 'needs_review'; orderId: string; message: string; flagged: boolean };

/**
 * The operator's recovery: the payment process manager's steps, run again on demand; repeating it changes
 * nothing. A payment the shop has not seen succeed is first checked with the provider (its webhook may never
 * have arrived): what the provider reports is recorded as its webhook would have been, and an authorised
 * card is captured once its cans are sold, as on any other payment.
 */
@Injectable()
export class RecoverOrder {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly completion: OrderCompletion,
    private readonly provider: WebhookRecoveryService,
  ) {}

  async recover(paymentIntentId: string | undefined, cause: Cause): Promise<{ message: string }> {
    const result = await this.attempt(paymentIntentId, cause);
    if (result.kind === 'needs_review') throw RecoverOrderErrors.needsReview(result.message);
    return { message: result.message };
  }

  /**
   * Runs the completion steps for a succeeded payment and says what came of it; refuses (throws) only
   * what cannot be recovered at all: no such payment, a payment that has not succeeded, no order for it.
   */
  async attempt(paymentIntentId: string | undefined, cause: Cause): Promise<RecoveryResult> {
    const id = paymentIntentId?.trim() ?? '';
    if (id === '') throw RecoverOrderErrors.paymentIntentRequired();
    const { state, revision } = await this.pipeline.load(paymentStreamName(id), paymentDecider);
    if (revision === -1) throw RecoverOrderErrors.backupNotFound(id);
    // What the provider reports and the shop had not recorded: the recovery itself, even when the payment
    // process manager, woken by it, completes the order before the steps below run.
    let heardFromProvider = false;
    if (moneyTaken(state) === null) {
      const check = await this.provider.reconcile(id);
      heardFromProvider = check.recorded !== null && check.recorded !== state.status;
      if (check.recorded === 'authorised') await this.completion.captureAuthorisedPayment(id, cause);
      const { state: now } = await this.pipeline.load(paymentStreamName(id), paymentDecider);
      if (moneyTaken(now) === null) throw RecoverOrderErrors.paymentNotSucceeded(id, now.status, check.providerStatus);
    }

    const outcome = await this.completion.completePaidOrder(id, cause);
    switch (outcome.kind) {
      case 'completed':
        return outcome.changed || heardFromProvider
          ? {
              kind: 'recovered',
              orderId: outcome.orderId,
              message: `Order #${outcome.orderId} recovered: paid, invoice ${outcome.invoiceNumber}, confirmation e-mail queued`,
            }
          : {
              kind: 'already_complete',
              orderId: outcome.orderId,
              message: `Order #${outcome.orderId} was already complete (invoice ${outcome.invoiceNumber}): nothing changed`,
            };
      case 'needs_review':
        return {
          kind: 'needs_review',
          orderId: outcome.orderId,
          message: `Order #${outcome.orderId} needs review: ${outcome.reason}`,
          flagged: outcome.flagged,
        };
      case 'order_unknown':
        throw RecoverOrderErrors.orderUnknown(id, outcome.orderId);
      case 'payment_not_succeeded':
        throw RecoverOrderErrors.paymentNotSucceeded(id, outcome.status);
      default:
        return assertNever(outcome);
    }
  }
}
