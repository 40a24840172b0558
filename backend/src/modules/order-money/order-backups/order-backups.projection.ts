import { DELIVERY, type Fulfilment, decimalString } from '@brewery/shop-rules';
import { Injectable } from '@nestjs/common';
import { streamId, type Doc, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { Projection } from '../../../platform/projections/projection';
import { assertNever } from '../../../shared-kernel/decider';
import { PAYMENT_EVENT_TYPES, type PaymentCancelReason, type PaymentEvent } from '../../payments';

export const ORDER_BACKUPS = 'order-backups';

/** The spec's order backup: one per payment intent, what the customer was charged for and how the payment went. */
export interface OrderBackupDoc extends Doc {
  _id: string;
  /** Revision of the payment stream's last event applied: the idempotency guard. */
  revision: number;
  orderId: string | null;
  customerInfo: { name: string; email: string } | null;
  paymentIntentId: string;
  /** `cancelled`: the intent was cancelled at the provider (nothing charged); the spec's screens treat it as failed. */
  paymentStatus: 'created' | 'succeeded' | 'failed' | 'cancelled';
  timestamp: string;
  /** quantity = units bought (cans for single lines, packs otherwise), at unitPrice each. */
  orderItems: { quantity: number; productName: string; unitPrice: string; packSize: string; cans: number }[];
  totals: { subtotal: string; shipping: string; total: string } | null;
  /** Posted or collected at the cellar door (absent on backups kept before pickups: delivery). */
  fulfilment?: Fulfilment;
  amountPaid: string | null;
  /** Given back to the customer so far, in dollars (absent: none). */
  amountRefunded?: string;
  succeededAt: string | null;
  failureMessage: string | null;
}

@Injectable()
export class OrderBackupsProjection implements Projection {
  readonly name = 'order-backups';
  readonly collections = [ORDER_BACKUPS];
  /** The System tab lists succeeded payments, and payments still "created" by age. */
  readonly indexes = { [ORDER_BACKUPS]: [{ paymentStatus: 1, timestamp: 1 }, { timestamp: -1 }] } as const;
  readonly eventTypes = PAYMENT_EVENT_TYPES;

  async apply(recorded: RecordedEvent, store: DocumentStore): Promise<void> {
    const backups = store.collection<OrderBackupDoc>(ORDER_BACKUPS);
    const paymentIntentId = streamId(recorded.streamName);
    const event = { type: recorded.type, data: recorded.data } as PaymentEvent;
    // Upserts: a provider event may be the first thing recorded about an intent (the backup came later, or never).
    const guard = { _id: paymentIntentId, revision: { $lt: recorded.revision } };
    const onInsert = {
      paymentIntentId,
      orderId: null,
      customerInfo: null,
      orderItems: [],
      totals: null,
      timestamp: recorded.metadata.occurredAt,
      amountPaid: null,
      succeededAt: null,
      failureMessage: null,
    };
    const without = (fields: Record<string, unknown>): Record<string, unknown> =>
      Object.fromEntries(Object.entries(onInsert).filter(([key]) => !(key in fields)));
    switch (event.type) {
      case 'PaymentIntentCreated': {
        const { data } = event;
        const fields = {
          orderId: data.orderId,
          customerInfo: { name: data.customer.name, email: data.customer.email },
          timestamp: data.createdAt,
          orderItems: data.items.map((item) => ({
            quantity: item.packs,
            productName: item.productName,
            unitPrice: decimalString(item.unitPriceCents),
            packSize: item.packSize,
            cans: item.quantity,
          })),
          totals: {
            subtotal: decimalString(data.subtotalCents),
            shipping: decimalString(data.shippingCents),
            total: decimalString(data.totalCents),
          },
          fulfilment: data.fulfilment ?? DELIVERY,
        };
        await backups.updateOne(
          guard,
          { $set: { ...fields, revision: recorded.revision }, $setOnInsert: { ...without(fields), paymentStatus: 'created' } },
          { upsert: true },
        );
        return;
      }
      case 'PaymentSucceeded': {
        const fields = {
          paymentStatus: 'succeeded',
          amountPaid: decimalString(event.data.amountCents),
          succeededAt: event.data.at,
          failureMessage: null,
        };
        await backups.updateOne(
          guard,
          { $set: { ...fields, revision: recorded.revision }, $setOnInsert: { ...without(fields), orderId: event.data.orderId } },
          { upsert: true },
        );
        return;
      }
      case 'PaymentFailed': {
        const fields = { paymentStatus: 'failed', failureMessage: event.data.failureMessage };
        await backups.updateOne(
          guard,
          { $set: { ...fields, revision: recorded.revision }, $setOnInsert: { ...without(fields), orderId: event.data.orderId } },
          { upsert: true },
        );
        return;
      }
      case 'PaymentCancelled': {
        const fields = { paymentStatus: 'cancelled', failureMessage: cancelledMessage(event.data.reason) };
        await backups.updateOne(
          guard,
          { $set: { ...fields, revision: recorded.revision }, $setOnInsert: { ...without(fields), orderId: event.data.orderId } },
          { upsert: true },
        );
        return;
      }
      case 'PaymentRefunded': {
        const backup = await backups.findOne({ _id: paymentIntentId });
        const refundedCents = Math.round(Number(backup?.amountRefunded ?? '0') * 100) + event.data.amountCents;
        await backups.updateOne(guard, { $set: { revision: recorded.revision, amountRefunded: decimalString(refundedCents) } });
        return;
      }
      // An authorisation is captured within moments by the shop; the backup shows the capture, not the hold.
      case 'PaymentAuthorised':
      case 'ProviderEventIgnored':
        await backups.updateOne(guard, { $set: { revision: recorded.revision } });
        return;
      default:
        assertNever(event);
    }
  }
}

/** What the operator reads beside a cancelled payment. */
export function cancelledMessage(reason: PaymentCancelReason): string {
  switch (reason) {
    case 'expired':
      return 'Cancelled: the checkout’s hold on its cans expired before payment. Nothing was charged.';
    case 'superseded':
      return 'Cancelled: the customer checked out again from the same browser. Nothing was charged.';
    case 'checkout_cancelled':
      return 'Cancelled: the customer left before the checkout finished. Nothing was charged.';
    case 'sold_out':
      return 'Cancelled: the cans sold out before the card was authorised. The authorisation was released; nothing was charged.';
    case 'not_released':
      return 'Cancelled: a beer of the order was not on sale yet when the card was authorised. The authorisation was released; nothing was charged.';
    case 'amount_mismatch':
      return 'Cancelled: the authorised amount was not the order total. The authorisation was released; nothing was charged.';
    case 'order_not_payable':
      return 'Cancelled: the order could no longer be paid. The authorisation was released; nothing was charged.';
    case 'provider':
      return 'Cancelled at the payment provider. Nothing was charged.';
    default:
      return assertNever(reason);
  }
}
