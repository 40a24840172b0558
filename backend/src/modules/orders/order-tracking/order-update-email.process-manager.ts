import { Inject, Injectable } from '@nestjs/common';
import { causedBy } from '../../../platform/event-sourcing/command-metadata';
import { streamId, type EventStore, type RecordedEvent } from '@brewery/eventstore';
import { EVENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { CLOCK, type Clock } from '../../../platform/clock';
import type { ProcessManager } from '../../../platform/projections/projection';
import { OrderUpdateNotifier } from './order-update-notifier.service';

/** Two events appended together by one form submission: one change, one e-mail. */
function sameChange(a: RecordedEvent, b: RecordedEvent): boolean {
  return a.metadata.correlationId === b.metadata.correlationId && a.metadata.occurredAt === b.metadata.occurredAt;
}

/**
 * The safety net behind `PUT /api/admin/orders/{id}/tracking`: should the server stop between recording a
 * change and queueing its e-mail, this queues it from the log (durable checkpoint). Normally the request
 * has queued it already and this changes nothing.
 */
@Injectable()
export class OrderUpdateEmailProcessManager implements ProcessManager {
  readonly name = 'order-update-email';
  readonly eventTypes = ['OrderStatusChanged', 'TrackingReferenceSet'] as const;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly notifier: OrderUpdateNotifier,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    // The operator unticked "Notify customer by e-mail".
    if ((event.data as { notifyCustomer?: boolean } | null)?.notifyCustomer === false) return;
    if (event.type === 'OrderStatusChanged') {
      // The decider records the status before the reference: when both changed, the e-mail belongs to the second.
      const [next] = await this.events.readStream(event.streamName, { fromRevision: event.revision + 1, maxCount: 1 });
      if (next?.type === 'TrackingReferenceSet' && sameChange(event, next)) return;
    }
    await this.notifier.notify(streamId(event.streamName), event.revision, causedBy(event));
  }
}
