import { Inject, Injectable, Logger } from '@nestjs/common';
import { causedBy } from '../../../platform/event-sourcing/command-metadata';
import type { RecordedEvent } from '@brewery/eventstore';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import type { ProcessManager } from '../../../platform/projections/projection';
import { DomainError } from '../../../shared-kernel/domain-error';
import { orderDecider, orderStreamName } from '../../orders';
import type { ShippingLabelCreatedData } from '../domain/label.events';

/**
 * A label's consignment becomes the order's tracking reference when the order has none, so the order shows one
 * number and the customer gets one tracking e-mail (the order-update e-mail follows TrackingReferenceSet). A
 * reference the operator set is never replaced. Durable checkpoint; a replay finds the reference set and does
 * nothing.
 */
@Injectable()
export class LabelTrackingProcessManager implements ProcessManager {
  readonly name = 'label-tracking';
  readonly eventTypes = ['ShippingLabelCreated'] as const;
  private readonly logger = new Logger('Shipping');

  constructor(
    @Inject(CommandPipeline) private readonly pipeline: CommandPipeline,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    const label = event.data as ShippingLabelCreatedData;
    try {
      await this.pipeline.run({
        streamName: orderStreamName(label.orderId),
        decider: orderDecider,
        command: { type: 'SetTrackingReferenceIfNone', trackingReference: label.consignmentNumber },
        cause: causedBy(event),
      });
    } catch (error) {
      // An order that cannot take the reference (gone, or a consignment the order rules refuse) keeps its label.
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn({ msg: 'label consignment not set as tracking reference', orderId: label.orderId, reason: error.message });
    }
  }
}
