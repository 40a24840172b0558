import { Injectable } from '@nestjs/common';
import { streamId, type Doc, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { Projection } from '../../../platform/projections/projection';
import { assertNever } from '../../../shared-kernel/decider';
import { LABEL_EVENT_TYPES, type LabelEvent } from '../domain/label.events';

export const SHIPPING_LABELS = 'shipping-labels';

/** One order's label, keyed by order id, for the admin order list and its detail dialog. */
export interface ShippingLabelDoc extends Doc {
  /** The order id. */
  _id: string;
  orderId: string;
  consignmentNumber: string;
  trackingUrl: string;
  carrier: string;
  cans: number;
  weightKg: number;
  recipientName: string;
  createdAt: string;
  /** Revision of the label stream's last event applied: the idempotency guard. */
  revision: number;
}

/** Every shipping label made, one per order. */
@Injectable()
export class ShippingLabelsProjection implements Projection {
  readonly name = 'shipping-labels';
  readonly collections = [SHIPPING_LABELS];
  /** The labels list, newest first. */
  readonly indexes = { [SHIPPING_LABELS]: [{ createdAt: -1 }] } as const;
  readonly eventTypes = LABEL_EVENT_TYPES;

  async apply(recorded: RecordedEvent, store: DocumentStore): Promise<void> {
    const labels = store.collection<ShippingLabelDoc>(SHIPPING_LABELS);
    const orderId = streamId(recorded.streamName);
    const event = { type: recorded.type, data: recorded.data } as LabelEvent;
    switch (event.type) {
      case 'ShippingLabelCreated': {
        // The first label of an order stands: a redelivered or replayed event changes nothing.
        if (await labels.findOne({ _id: orderId })) return;
        const { data } = event;
        await labels.replaceOne({
          _id: orderId,
          orderId,
          consignmentNumber: data.consignmentNumber,
          trackingUrl: data.trackingUrl,
          carrier: data.carrier,
          cans: data.cans,
          weightKg: data.weightKg,
          recipientName: data.recipient.name,
          createdAt: data.createdAt,
          revision: recorded.revision,
        });
        return;
      }
      default:
        assertNever(event.type);
    }
  }
}
