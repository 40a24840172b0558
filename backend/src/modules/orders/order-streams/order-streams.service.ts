import { Injectable } from '@nestjs/common';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { orderDecider, type PlacedOrder } from '../domain/order.decider';
import { orderStreamName } from '../domain/order.events';

/** An order as its stream says, for the use cases of other modules that read it before they decide on it. */
@Injectable()
export class OrderStreams {
  constructor(private readonly pipeline: CommandPipeline) {}

  /** The order placed under `orderId`, or null when its stream holds none. */
  async placed(orderId: string): Promise<PlacedOrder | null> {
    const { state } = await this.pipeline.load(orderStreamName(orderId), orderDecider);
    return state.kind === 'placed' ? state : null;
  }
}
