import { causedBy } from '../../../platform/event-sourcing/command-metadata';
import { Injectable } from '@nestjs/common';
import { streamId, type RecordedEvent } from '@brewery/eventstore';
import type { ProcessManager } from '../../../platform/projections/projection';
import type { OrderItemsReturned } from '../../orders';
import { OrderReturns } from './order-returns.service';

/**
 * Every return recorded is finished: its cans back on each product's shelf and its refund made, once each
 * (`OrderReturns.complete`). The request that recorded it normally does both itself; this runs from the log with a
 * durable checkpoint, so a return cut off by a crash still reaches the shelf and the customer's card.
 */
@Injectable()
export class OrderReturnProcessManager implements ProcessManager {
  readonly name = 'order-return';
  readonly eventTypes = ['OrderItemsReturned'] as const;

  constructor(private readonly returns: OrderReturns) {}

  async handle(event: RecordedEvent): Promise<void> {
    const { returnId } = (event as RecordedEvent<OrderItemsReturned>).data;
    const cause = causedBy(event);
    await this.returns.completeFromLog(streamId(event.streamName), returnId, cause);
  }
}
