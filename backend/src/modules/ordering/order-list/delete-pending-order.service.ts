import { Inject, Injectable } from '@nestjs/common';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/persistence/persistence.tokens';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { DomainError } from '../../../shared-kernel/domain-error';
import { paymentDecider } from '../../payments/domain/payment.decider';
import { paymentStreamName } from '../../payments/domain/payment.events';
import { orderDecider } from '../domain/order.decider';
import { OrderErrors } from '../domain/order.errors';
import { orderStreamName } from '../domain/order.events';
import { metadataFor, type Cause } from '../numbering/command-metadata';
import { OrderReservations } from '../reservations/order-reservations.service';

/** The operator deletes a pending order: its cans go back to the shop, the order leaves the lists (and stays in the log). */
@Injectable()
export class DeletePendingOrder {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly reservations: OrderReservations,
    private readonly projections: ProjectionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async delete(orderId: string, cause: Cause): Promise<{ message: string; orderId: string }> {
    const order = /^\d{1,12}$/.test(orderId) ? await this.reservations.loadOrder(orderId) : null;
    if (order === null) throw OrderErrors.notFound(orderId);
    if (!order.deleted && order.status !== 'pending') throw OrderErrors.notPending(orderId, order.status);
    if (!order.deleted && order.paidWith === null && order.paymentIntentId !== null) {
      // A card authorised or charged a moment ago: the order is being paid, not abandoned.
      const { state: payment } = await this.pipeline.load(paymentStreamName(order.paymentIntentId), paymentDecider);
      if (payment.status === 'authorised' || payment.status === 'succeeded') {
        throw new DomainError(
          'payment_under_way',
          `Order #${orderId} is being paid right now (the customer's card was ${payment.status === 'succeeded' ? 'charged' : 'authorised'}): it cannot be deleted`,
          'conflict',
        );
      }
    }
    const released = order.reservation === 'held' ? await this.reservations.releaseProducts(order, 'order_deleted', cause) : -1;
    const result = await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: { type: 'DeletePendingOrder', deletedAt: this.clock.now().toISOString() },
      metadata: metadataFor(cause, this.clock),
    });
    await this.projections.waitForReadModels(Math.max(released, result.position ?? -1));
    return { message: `Order #${orderId} deleted`, orderId };
  }
}
