import { orderNumberFrom } from '../../../shared-kernel/order-number';
import { Inject, Injectable } from '@nestjs/common';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import { orderDecider } from '../domain/order.decider';
import { OrderErrors } from '../domain/order.errors';
import { orderStreamName } from '../domain/order.events';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { OrderReservations } from '../reservations/order-reservations.service';
import { OrderStreams } from '../order-streams/order-streams.service';

/** The operator deletes a pending order: its cans go back to the shop, the order leaves the lists (and stays in the log). */
@Injectable()
export class DeletePendingOrder {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly orders: OrderStreams,
    private readonly reservations: OrderReservations,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async delete(asked: string, cause: Cause): Promise<{ message: string; orderId: string }> {
    const orderId = orderNumberFrom(asked);
    const order = orderId === null ? null : await this.orders.placed(orderId);
    if (orderId === null || order === null) throw OrderErrors.notFound(orderId ?? asked);
    // Decided on the order's stream first (not pending, paid, or its payment being taken: refused), so a capture
    // claimed at the same moment either lands first and refuses this, or finds the order deleted and is refused.
    await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: { type: 'DeletePendingOrder', deletedAt: this.clock.now().toISOString() },
      cause,
    });
    // Then its cans go back on sale (a crash before this leaves them held until the hold runs out).
    if (order.reservation === 'held') await this.reservations.releaseProducts(order, 'order_deleted', cause);
    return { message: `Order #${orderId} deleted`, orderId };
  }
}
