import { Injectable } from '@nestjs/common';
import { streamId, type RecordedEvent } from '@brewery/eventstore';
import { causedBy } from '../../../platform/event-sourcing/command-metadata';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import type { ProcessManager } from '../../../platform/projections/projection';
import { OrderStreams, type OrderPaid } from '../../orders';
import { clubMemberDecider } from '../domain/club-member.decider';
import { clubMemberStreamName } from '../domain/club-member.events';

/** A run's order paid (its capture went through like any checkout's): the member's share of the run is charged. */
@Injectable()
export class ClubOrderPaidProcessManager implements ProcessManager {
  readonly name = 'club-order-paid';
  readonly eventTypes = ['OrderPaid'] as const;

  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly orders: OrderStreams,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    const orderId = streamId(event.streamName);
    const club = (await this.orders.placed(orderId))?.order.club;
    if (club === undefined) return;
    const paid = event.data as OrderPaid['data'];
    await this.pipeline.run({
      streamName: clubMemberStreamName(club.memberId),
      decider: clubMemberDecider,
      command: { type: 'RecordCharged', runId: club.runId, orderId, amountCents: paid.amountCents, at: paid.paidAt },
      cause: causedBy(event),
    });
  }
}
