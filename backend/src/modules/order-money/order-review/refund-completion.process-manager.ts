import { causedBy } from '../../../platform/event-sourcing/command-metadata';
import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@brewery/eventstore';
import type { ProcessManager } from '../../../platform/projections/projection';
import { OrderReview } from './order-review.service';

/**
 * Every refund intention recorded is finished: made at the provider under its own key and recorded on the
 * payment and the order (`OrderReview.completeRefund`). The request that recorded it normally does all that
 * itself; this runs from the log with a durable checkpoint, so a refund cut off by a crash or a lost answer
 * is still recorded (and its customer e-mailed) rather than left made at the provider and unseen in the shop.
 * Every step changes nothing the second time, so running beside the request is harmless.
 */
@Injectable()
export class RefundCompletionProcessManager implements ProcessManager {
  readonly name = 'refund-completion';
  readonly eventTypes = ['RefundRequested'] as const;

  constructor(private readonly review: OrderReview) {}

  async handle(event: RecordedEvent): Promise<void> {
    const cause = causedBy(event);
    await this.review.completeRefund(event.streamName, cause);
  }
}
