import { Injectable } from '@nestjs/common';
import { streamId, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';
import { applyFold, type Fold, type FoldedDoc } from '../../../platform/projections/fold';
import type { Projection } from '../../../platform/projections/projection';
import { assertNever } from '../../../shared-kernel/decider';
import { LABEL_EVENT_TYPES, type LabelEvent } from '../domain/label.events';

export const SHIPPING_LABELS = 'shipping-labels';

/** One order's label, keyed by order id, for the admin order list and its detail dialog. */
export interface ShippingLabelDoc extends FoldedDoc {
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

/** Every shipping label made, one per order: the first label of an order stands. */
export const shippingLabelsFold: Fold<ShippingLabelDoc> = {
  collection: SHIPPING_LABELS,
  evolve(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as LabelEvent;
    switch (event.type) {
      case 'ShippingLabelCreated': {
        if (doc !== null) return doc;
        const orderId = streamId(recorded.streamName);
        const { data } = event;
        return {
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
        };
      }
      default:
        return assertNever(event.type);
    }
  },
};

@Injectable()
export class ShippingLabelsProjection implements Projection {
  readonly name = 'shipping-labels';
  readonly collections = [SHIPPING_LABELS];
  /** The labels list, newest first. */
  readonly indexes = { [SHIPPING_LABELS]: [{ createdAt: -1 }] } as const;
  readonly eventTypes = LABEL_EVENT_TYPES;

  apply(event: RecordedEvent, store: DocumentStore): Promise<void> {
    return applyFold(shippingLabelsFold, event, store);
  }
}
