import { causedBy } from '../../../platform/event-sourcing/command-metadata';
import { Injectable } from '@nestjs/common';
import { streamId, type RecordedEvent } from '@brewery/eventstore';
import type { ProcessManager } from '../../../platform/projections/projection';
import { DomainError } from '../../../shared-kernel/domain-error';
import { CatalogStock } from '../../catalog';
import { type PaidOrderCancelled, cansByProduct, OrderStreams } from '../../orders';
import { OrderReview } from '../order-review/order-review.service';

/**
 * A paid order the operator cancelled without keeping the payment: what remained paid is refunded through the
 * payment provider (once, under the cancellation's own key) and the order's cans go back on the shelf (once per
 * product). Runs from the log with a durable checkpoint, so a crash between the decision and either step is
 * finished, never repeated.
 */
@Injectable()
export class PaidOrderCancellationProcessManager implements ProcessManager {
  readonly name = 'paid-order-cancellation';
  readonly eventTypes = ['PaidOrderCancelled'] as const;

  constructor(
    private readonly review: OrderReview,
    private readonly stock: CatalogStock,
    private readonly orders: OrderStreams,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    const data = (event as RecordedEvent<PaidOrderCancelled>).data;
    if (data.keptReason !== null) return;
    const orderId = streamId(event.streamName);
    const cause = causedBy(event);
    await this.review.refundCancelledOrder(orderId, event.revision, cause);
    const order = await this.orders.placed(orderId);
    if (order === null) return;
    for (const productId of cansByProduct(order).keys()) {
      try {
        await this.stock.returnCans({ productId, orderId }, cause);
      } catch (error) {
        // A beer deleted since has no shelf to return to; anything else is tried again.
        if (!(error instanceof DomainError && error.code === 'product_not_found')) throw error;
      }
    }
  }
}
