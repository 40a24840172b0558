import { Inject, Injectable } from '@nestjs/common';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import { DomainError } from '../../../shared-kernel/domain-error';
import { CatalogStock } from '../../catalog';
import { orderDecider, type PlacedOrder } from '../domain/order.decider';
import { orderStreamName, type ReservationReleaseReason } from '../domain/order.events';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { OrderStreams } from '../order-streams/order-streams.service';

/** Cans per product of an order: one reservation per product and order, as the product streams keep them. */
export function cansByProduct(order: PlacedOrder): Map<string, number> {
  const totals = new Map<string, number>();
  for (const item of order.order.items) totals.set(item.productId, (totals.get(item.productId) ?? 0) + item.quantity);
  return totals;
}

/**
 * Hands an order's reserved cans back to the shop: on each product stream first, then on the order, so a
 * crash in between is finished by the next attempt (each step changes nothing the second time).
 */
@Injectable()
export class OrderReservations {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly orders: OrderStreams,
    private readonly stock: CatalogStock,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Releases the order's reservation on its products, then records that on the order; false when none was held. */
  async release(orderId: string, reason: ReservationReleaseReason, cause: Cause): Promise<boolean> {
    const order = await this.orders.placed(orderId);
    if (order === null || order.reservation !== 'held') return false;
    await this.releaseProducts(order, reason, cause);
    await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: { type: 'RecordReservationReleased', reason },
      cause,
    });
    return true;
  }

  /** Releases the order's reservation on each product stream (a product without one changes nothing). */
  async releaseProducts(order: PlacedOrder, reason: ReservationReleaseReason, cause: Cause): Promise<void> {
    const orderId = order.order.orderId;
    for (const productId of cansByProduct(order).keys()) {
      try {
        await this.stock.release({ productId, orderId, reason }, cause);
      } catch (error) {
        // A product deleted since holds no reservation any more; anything else must be retried.
        if (!(error instanceof DomainError && error.code === 'product_not_found')) throw error;
      }
    }
  }
}
