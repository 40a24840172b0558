import { Injectable } from '@nestjs/common';
import { streamId, type RecordedEvent } from '@brewery/eventstore';
import { causedBy } from '../../../platform/event-sourcing/command-metadata';
import type { ProcessManager } from '../../../platform/projections/projection';
import { OrderStreams } from '../../orders';
import { DiscountCodes } from './discount-codes.service';

/**
 * A checkout that ends unpaid gives its code's use back with its cans, whatever ended it (its hold expired, a newer
 * checkout superseded it, the customer left, the operator cancelled or deleted it, or its cans were handed back
 * while the operator had moved it on by hand). The order's stream says whether it is over and unpaid; a paid order
 * keeps its use, even when refunded, and one whose card is being captured keeps it too (the capture holds it again
 * if it must). Durable checkpoint, idempotent steps.
 */
@Injectable()
export class DiscountUseReleaseProcessManager implements ProcessManager {
  readonly name = 'discount-use-release';
  readonly eventTypes = ['OrderCancelled', 'OrderDeleted', 'OrderStatusChanged', 'OrderReservationReleased'] as const;

  constructor(
    private readonly orders: OrderStreams,
    private readonly codes: DiscountCodes,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    if (event.type === 'OrderStatusChanged' && (event.data as { to?: unknown }).to !== 'cancelled') return;
    const orderId = streamId(event.streamName);
    const order = await this.orders.placed(orderId);
    const discount = order?.order.discount;
    if (order === null || discount === undefined) return;
    if (order.paidWith !== null || order.captureClaim !== null) return;
    if (order.status !== 'cancelled' && order.reservation === 'held') return;
    const given = (event.data as { reason?: unknown }).reason;
    const reason = typeof given === 'string' ? given : event.type === 'OrderDeleted' ? 'order_deleted' : 'order_cancelled';
    // Named after whoever ended the order (a person deleting it, the customer's newer checkout), as the order's history is.
    await this.codes.release(discount.code, orderId, reason, { ...causedBy(event), actor: event.metadata.actor });
  }
}
