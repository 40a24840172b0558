import { causedBy } from '../../../platform/event-sourcing/command-metadata';
import { Injectable } from '@nestjs/common';
import { streamId, type RecordedEvent } from '@brewery/eventstore';
import type { ProcessManager } from '../../../platform/projections/projection';
import { OrderCompletion } from './order-completion.service';

/**
 * Card authorised -> cans held and sold, money captured (or the authorisation cancelled when the cans are
 * gone); payment succeeded -> order paid, invoice number, confirmation e-mail. A declined card keeps its
 * hold until it expires, so the customer can try another card for the same cans. Durable checkpoint,
 * idempotent steps: a replay after a crash repeats nothing.
 */
@Injectable()
export class PaymentCompletionProcessManager implements ProcessManager {
  readonly name = 'payment-completion';
  readonly eventTypes = ['PaymentAuthorised', 'PaymentSucceeded'] as const;

  constructor(private readonly completion: OrderCompletion) {}

  async handle(event: RecordedEvent): Promise<void> {
    const paymentIntentId = streamId(event.streamName);
    const cause = causedBy(event);
    if (event.type === 'PaymentAuthorised') await this.completion.captureAuthorisedPayment(paymentIntentId, cause);
    else if (event.type === 'PaymentSucceeded') await this.completion.completePaidOrder(paymentIntentId, cause);
  }
}
