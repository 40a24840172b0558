import { Inject, Injectable } from '@nestjs/common';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/persistence/persistence.tokens';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
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
    // Decided on the order's stream first (not pending, paid, or its payment being taken: refused), so a capture
    // claimed at the same moment either lands first and refuses this, or finds the order deleted and is refused.
    const result = await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: { type: 'DeletePendingOrder', deletedAt: this.clock.now().toISOString() },
      metadata: metadataFor(cause, this.clock),
    });
    // Then its cans go back on sale (a crash before this leaves them held until the hold runs out).
    const released = order.reservation === 'held' ? await this.reservations.releaseProducts(order, 'order_deleted', cause) : -1;
    await this.projections.waitForReadModels(Math.max(released, result.position ?? -1));
    return { message: `Order #${orderId} deleted`, orderId };
  }
}
