import { Inject, Injectable } from '@nestjs/common';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import { orderDecider, ID_TYPE_LABELS, orderStreamName } from '../../orders';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { parseCollection } from './collection-request';

/** The hand-over of a pickup at the cellar door: recorded on the order's stream, which decides whether it may be. */
@Injectable()
export class OrderCollection {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async collect(
    orderId: string,
    body: { idChecked?: unknown; idType?: unknown; collectedBy?: unknown },
    cause: Cause,
  ): Promise<{ message: string; orderId: string; status: 'delivered' }> {
    const asked = parseCollection(body);
    const { events } = await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: { type: 'RecordCollection', ...asked, at: this.clock.now().toISOString() },
      cause,
    });
    const who = asked.collectedBy === null ? 'the customer' : asked.collectedBy;
    return {
      message:
        events.length === 0
          ? `Order #${orderId} was already collected`
          : `Order #${orderId} collected by ${who} (${ID_TYPE_LABELS[asked.idType]} checked)`,
      orderId,
      status: 'delivered',
    };
  }
}
