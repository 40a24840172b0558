import { Inject, Injectable } from '@nestjs/common';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import { orderDecider } from '../domain/order.decider';
import { orderStreamName } from '../domain/order.events';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { parseNote, ReviewMessages } from '../order-input/order-review-input';

/** Internal notes on an order: recorded on its stream (so in its history), read by the shop's people only. */
@Injectable()
export class OrderNotes {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async add(orderId: string, body: { note?: unknown }, cause: Cause): Promise<{ message: string }> {
    const note = parseNote(body.note, true, ReviewMessages.orderNote);
    await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: { type: 'AddOrderNote', note },
      cause,
    });
    return { message: `Note added to order #${orderId}` };
  }
}
