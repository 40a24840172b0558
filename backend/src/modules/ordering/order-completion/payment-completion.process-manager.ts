import { Injectable } from '@nestjs/common';
import { streamId, type RecordedEvent } from '@brewery/eventstore';
import type { ProcessManager } from '../../../platform/projections/projection';
import { OrderCompletion } from './order-completion.service';

/**
 * Payment succeeded -> cans sold, order paid, invoice number, confirmation e-mail; payment failed ->
 * reservation released. Durable checkpoint, idempotent steps: a replay after a crash repeats nothing.
 */
@Injectable()
export class PaymentCompletionProcessManager implements ProcessManager {
  readonly name = 'payment-completion';
  readonly eventTypes = ['PaymentSucceeded', 'PaymentFailed'] as const;

  constructor(private readonly completion: OrderCompletion) {}

  async handle(event: RecordedEvent): Promise<void> {
    const paymentIntentId = streamId(event.streamName);
    const cause = { correlationId: event.metadata.correlationId, causationId: event.id, actor: 'system' as const };
    if (event.type === 'PaymentSucceeded') await this.completion.completePaidOrder(paymentIntentId, cause);
    else if (event.type === 'PaymentFailed') await this.completion.releaseAfterFailure(paymentIntentId, cause);
  }
}
