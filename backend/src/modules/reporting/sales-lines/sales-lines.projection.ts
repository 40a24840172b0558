import { type AppliedDiscount, beerDiscountCents, fulfilmentOf, type FulfilmentMethod } from '@brewery/shop-rules';
import { Injectable } from '@nestjs/common';
import { streamCategory, streamId, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { Projection } from '../../../platform/projections/projection';
import { assertNever } from '../../../shared-kernel/decider';
import { type OrderCancelled, type OrderDeleted, type OrderPaid, type OrderPlaced, type OrderRefunded } from '../../orders';
import { discountLineOf, refundLineOf, salesLinesOf, type SalesLine, type SoldItem } from '../domain/sales-line';

export const SALES_LINES = 'sales-lines';
/** What the projection keeps of each order between OrderPlaced and OrderPaid. */
export const SALES_ORDERS = 'sales-line-orders';

export type SalesLineDoc = SalesLine & { _id: string };

export interface SalesOrderDoc {
  _id: string;
  /** Revision of the order stream's last event applied: the idempotency guard. */
  revision: number;
  /** pending: placed, not paid; paid: its lines are written; void: cancelled or deleted, it never sells. */
  status: 'pending' | 'paid' | 'void';
  placedAt: string;
  paidAt: string | null;
  /** Kept only while the order is pending. */
  items: SoldItem[];
  /** Posted or collected at the cellar door (absent on documents kept before pickups: delivery). */
  fulfilment?: FulfilmentMethod;
  /** The discount code the order was priced with (null or absent: none; absent on documents kept before codes). */
  discount?: AppliedDiscount | null;
  /** Refunds of the order so far (absent: none). */
  refunds?: number;
  /** The beer the order paid for, in cents (its lines' total less what its discount code took off the beer; shipping is not beer revenue). */
  beerCents?: number;
  /** What refunds have taken off that beer so far. */
  beerRefundedCents?: number;
  [key: string]: unknown;
}

type SalesLineEvent = OrderPlaced | OrderPaid | OrderCancelled | OrderDeleted | OrderRefunded;
const ORDER_STREAM_CATEGORY = 'order';

/**
 * The `sales-lines` read model: one document per item of a paid order, for the sales report, its CSV and
 * the analytics e-mail, one negative line for what the order's discount code took off its beer (on the day it was
 * paid), and one negative line per refund (on the day it was made). The items come from OrderPlaced (kept in `sales-line-orders` until the payment),
 * the date from OrderPaid. Idempotent: events at or below the revision an order's document reflects change
 * nothing, and lines are written under their item id, so writing them twice writes the same documents.
 */
@Injectable()
export class SalesLinesProjection implements Projection {
  readonly name = 'sales-lines';
  readonly collections = [SALES_LINES, SALES_ORDERS] as const;
  /** The sales report by date range; the day's pending orders. */
  readonly indexes = { [SALES_LINES]: [{ date: 1 }], [SALES_ORDERS]: [{ status: 1 }] } as const;
  readonly eventTypes: readonly SalesLineEvent['type'][] = ['OrderPlaced', 'OrderPaid', 'OrderCancelled', 'OrderDeleted', 'OrderRefunded'];

  async apply(recorded: RecordedEvent, store: DocumentStore): Promise<void> {
    if (streamCategory(recorded.streamName) !== ORDER_STREAM_CATEGORY) return;
    const orderId = streamId(recorded.streamName);
    const orders = store.collection<SalesOrderDoc>(SALES_ORDERS);
    const current = await orders.findOne({ _id: orderId });
    if (current !== null && current.revision >= recorded.revision) return;
    const guard = { _id: orderId, revision: { $lt: recorded.revision } };
    const event = { type: recorded.type, data: recorded.data } as SalesLineEvent;
    switch (event.type) {
      case 'OrderPlaced':
        if (current !== null) return;
        await orders.updateOne(
          guard,
          {
            $set: {
              revision: recorded.revision,
              status: 'pending',
              placedAt: event.data.placedAt,
              paidAt: null,
              items: event.data.items.map(soldItem),
              fulfilment: fulfilmentOf(event.data).method,
              discount: event.data.discount ?? null,
            },
          },
          { upsert: true },
        );
        return;
      case 'OrderPaid': {
        if (current === null || current.status !== 'pending') return;
        const lines = store.collection<SalesLineDoc>(SALES_LINES);
        const discountLine = discountLineOf(orderId, current.discount, event.data.paidAt, current.items.length);
        for (const line of [
          ...salesLinesOf(orderId, current.items, event.data.paidAt, current.fulfilment),
          ...(discountLine ? [discountLine] : []),
        ])
          await lines.replaceOne({ _id: line.id, ...line });
        // Written after the lines: a crash in between delivers OrderPaid again and rewrites the same lines.
        const beerCents = current.items.reduce((sum, item) => sum + item.lineTotalCents, 0) - beerDiscountCents(current.discount);
        await orders.updateOne(guard, {
          $set: { revision: recorded.revision, status: 'paid', paidAt: event.data.paidAt, items: [], beerCents, beerRefundedCents: 0 },
        });
        return;
      }
      case 'OrderCancelled':
      case 'OrderDeleted':
        if (current === null || current.status !== 'pending') return;
        await orders.updateOne(guard, { $set: { revision: recorded.revision, status: 'void', items: [] } });
        return;
      case 'OrderRefunded': {
        // Only what was counted as a sale is taken off again (money taken for an order that was never paid, and
        // given back, was never revenue), and only up to the beer: a refund beyond it gives back shipping, which
        // the report does not count either.
        if (current === null || current.status !== 'paid') return;
        const nth = (current.refunds ?? 0) + 1;
        const { refundId, amountCents, note } = event.data;
        const beerLeft = (current.beerCents ?? amountCents) - (current.beerRefundedCents ?? 0);
        const fromBeer = Math.max(0, Math.min(amountCents, beerLeft));
        if (fromBeer > 0) {
          const line = refundLineOf(orderId, { refundId, amountCents: fromBeer, note, at: recorded.metadata.occurredAt, nth });
          await store.collection<SalesLineDoc>(SALES_LINES).replaceOne({ _id: line.id, ...line });
        }
        await orders.updateOne(guard, {
          $set: { revision: recorded.revision, refunds: nth, beerRefundedCents: (current.beerRefundedCents ?? 0) + fromBeer },
        });
        return;
      }
      default:
        assertNever(event);
    }
  }
}

function soldItem(item: OrderPlaced['data']['items'][number]): SoldItem {
  return {
    id: item.id,
    productId: item.productId,
    productName: item.productName,
    style: item.style,
    packSize: item.packSize,
    packQuantity: item.packQuantity,
    packs: item.packs,
    quantity: item.quantity,
    unitPriceCents: item.unitPriceCents,
    lineTotalCents: item.lineTotalCents,
  };
}
