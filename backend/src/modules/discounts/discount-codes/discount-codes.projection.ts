import { Injectable } from '@nestjs/common';
import { streamId, type Doc, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { EventActor } from '@brewery/shop-rules';
import { applyFold, type Fold, type FoldedDoc } from '../../../platform/projections/fold';
import type { Projection } from '../../../platform/projections/projection';
import type { DiscountCodeDefinition, DiscountCodeEvent } from '../domain/discount-code.events';
import { DISCOUNT_CODE_EVENT_TYPES } from '../domain/discount-code.events';

export const DISCOUNT_CODES = 'discount-codes';
/** Which code each order held or paid with: a refund of the order is counted against its code. */
export const DISCOUNT_CODE_ORDERS = 'discount-code-orders';
const STREAM_PREFIX = 'discount-code-';

/** One code as the admin list shows it: its terms, and the orders holding and paid with it. */
export interface DiscountCodeDoc extends FoldedDoc, DiscountCodeDefinition {
  createdAt: string;
  createdBy: EventActor;
  disabledAt: string | null;
  heldOrders: string[];
  paidOrders: string[];
  /** What the paid orders with the code took, and what the code took off them, in cents. */
  revenueCents: number;
  discountGivenCents: number;
  /** Refunds of orders with the code, by order id, and the refund ids counted (absent on documents before refunds were). */
  refundedCents?: Readonly<Record<string, number>>;
  refundIds?: readonly string[];
}

interface DiscountCodeOrderDoc extends Doc {
  _id: string;
  code: string;
}

/** Each code's figures, folded from its stream (a redelivered event is skipped by its revision). */
export const discountCodesFold: Fold<DiscountCodeDoc> = {
  collection: DISCOUNT_CODES,
  documentOf: (event) =>
    event.streamName.startsWith(STREAM_PREFIX) ? { id: event.streamName.slice(STREAM_PREFIX.length), ownStream: true } : null,
  evolve(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as DiscountCodeEvent;
    if (event.type === 'DiscountCodeCreated') {
      if (doc !== null) return doc;
      const { createdAt, ...definition } = event.data;
      return {
        _id: definition.code,
        revision: recorded.revision,
        ...definition,
        createdAt,
        createdBy: recorded.metadata.actor,
        disabledAt: null,
        heldOrders: [],
        paidOrders: [],
        revenueCents: 0,
        discountGivenCents: 0,
      };
    }
    if (doc === null) return null;
    switch (event.type) {
      case 'DiscountCodeDisabled':
        return { ...doc, disabledAt: event.data.disabledAt };
      case 'DiscountUseHeld': {
        const ended = new Set([...event.data.replaced, event.data.orderId]);
        return { ...doc, heldOrders: [...doc.heldOrders.filter((id) => !ended.has(id)), event.data.orderId] };
      }
      case 'DiscountUseReleased':
        return { ...doc, heldOrders: doc.heldOrders.filter((id) => id !== event.data.orderId) };
      case 'DiscountUseRedeemed':
        return {
          ...doc,
          heldOrders: doc.heldOrders.filter((id) => id !== event.data.orderId),
          paidOrders: [...doc.paidOrders, event.data.orderId],
          revenueCents: doc.revenueCents + event.data.totalCents,
          discountGivenCents: doc.discountGivenCents + event.data.discountCents,
        };
      default:
        return doc;
    }
  },
};

@Injectable()
export class DiscountCodesProjection implements Projection {
  readonly name = 'discount-codes';
  readonly collections = [DISCOUNT_CODES, DISCOUNT_CODE_ORDERS];
  readonly indexes = { [DISCOUNT_CODES]: [{ createdAt: -1 }] } as const;
  readonly eventTypes = [...DISCOUNT_CODE_EVENT_TYPES, 'OrderRefunded'];

  async apply(event: RecordedEvent, store: DocumentStore): Promise<void> {
    if (event.type === 'OrderRefunded') return this.refunded(event, store);
    await applyFold(discountCodesFold, event, store);
    if (event.type === 'DiscountUseHeld' || event.type === 'DiscountUseRedeemed') {
      const orderId = (event.data as { orderId: string }).orderId;
      await store
        .collection<DiscountCodeOrderDoc>(DISCOUNT_CODE_ORDERS)
        .replaceOne({ _id: orderId, code: streamId(event.streamName).slice('code-'.length) });
    }
  }

  /** A refund of an order with a code: counted once (by its refund id) against the code's revenue. */
  private async refunded(event: RecordedEvent, store: DocumentStore): Promise<void> {
    const orderId = streamId(event.streamName);
    const link = await store.collection<DiscountCodeOrderDoc>(DISCOUNT_CODE_ORDERS).findOne({ _id: orderId });
    if (link === null) return;
    const codes = store.collection<DiscountCodeDoc>(DISCOUNT_CODES);
    const doc = await codes.findOne({ _id: link.code });
    const { refundId, amountCents } = event.data as { refundId: string; amountCents: number };
    if (doc === null || (doc.refundIds ?? []).includes(refundId)) return;
    const refundedCents = { ...doc.refundedCents, [orderId]: (doc.refundedCents?.[orderId] ?? 0) + amountCents };
    await codes.replaceOne({ ...doc, refundedCents, refundIds: [...(doc.refundIds ?? []), refundId] });
  }
}
