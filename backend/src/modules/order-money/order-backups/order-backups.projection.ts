import { DELIVERY, type Fulfilment, type OrderBackup, decimalString } from '@brewery/shop-rules';
import { Injectable } from '@nestjs/common';
import { streamId, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';
import { applyFold, type Fold, type FoldedDoc } from '../../../platform/projections/fold';
import type { Projection } from '../../../platform/projections/projection';
import { assertNever } from '../../../shared-kernel/decider';
import { PAYMENT_EVENT_TYPES, type PaymentCancelReason, type PaymentEvent } from '../../payments';

export const ORDER_BACKUPS = 'order-backups';

/**
 * The spec's order backup: one per payment intent, what the customer was charged for and how the payment went. Money
 * in cents, written as dollars at the edge (`orderBackupOf`).
 */
export interface OrderBackupDoc extends FoldedDoc {
  orderId: string | null;
  customerInfo: { name: string; email: string } | null;
  paymentIntentId: string;
  /** `cancelled`: the intent was cancelled at the provider (nothing charged); the spec's screens treat it as failed. */
  paymentStatus: 'created' | 'succeeded' | 'failed' | 'cancelled';
  timestamp: string;
  /** quantity = units bought (cans for single lines, packs otherwise), at unitPriceCents each. */
  orderItems: { quantity: number; productName: string; unitPriceCents: number; packSize: string; cans: number }[];
  totals: { subtotalCents: number; shippingCents: number; discountCents?: number; totalCents: number } | null;
  discountCode?: string;
  /** Posted or collected at the cellar door (absent on backups kept before pickups: delivery). */
  fulfilment?: Fulfilment;
  amountPaidCents: number | null;
  /** Given back to the customer so far. */
  amountRefundedCents: number;
  succeededAt: string | null;
  failureMessage: string | null;
}

/** The edge of the backups read model: its cents written as the API's dollars, its storage fields left out. */
export function orderBackupOf(doc: OrderBackupDoc): OrderBackup {
  const { _id: _key, revision: _revision, orderItems, totals, amountPaidCents, amountRefundedCents, ...kept } = doc;
  return {
    ...kept,
    orderItems: orderItems.map(({ unitPriceCents, ...item }) => ({ ...item, unitPrice: decimalString(unitPriceCents) })),
    totals:
      totals === null
        ? null
        : {
            subtotal: decimalString(totals.subtotalCents),
            shipping: decimalString(totals.shippingCents),
            ...(totals.discountCents === undefined ? {} : { discount: decimalString(totals.discountCents) }),
            total: decimalString(totals.totalCents),
          },
    amountPaid: amountPaidCents === null ? null : decimalString(amountPaidCents),
    amountRefunded: decimalString(amountRefundedCents),
  };
}

/** A payment's stream folded into its backup; a provider event may be the first thing recorded of an intent. */
export const orderBackupsFold: Fold<OrderBackupDoc> = {
  collection: ORDER_BACKUPS,
  evolve(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as PaymentEvent;
    const backup: OrderBackupDoc = doc ?? {
      _id: streamId(recorded.streamName),
      revision: recorded.revision,
      paymentIntentId: streamId(recorded.streamName),
      orderId: 'orderId' in event.data ? event.data.orderId : null,
      customerInfo: null,
      paymentStatus: 'created',
      orderItems: [],
      totals: null,
      timestamp: recorded.metadata.occurredAt,
      amountPaidCents: null,
      amountRefundedCents: 0,
      succeededAt: null,
      failureMessage: null,
    };
    switch (event.type) {
      case 'PaymentIntentCreated': {
        const { data } = event;
        return {
          ...backup,
          orderId: data.orderId,
          customerInfo: { name: data.customer.name, email: data.customer.email },
          timestamp: data.createdAt,
          orderItems: data.items.map((item) => ({
            quantity: item.packs,
            productName: item.productName,
            unitPriceCents: item.unitPriceCents,
            packSize: item.packSize,
            cans: item.quantity,
          })),
          totals: {
            subtotalCents: data.subtotalCents,
            shippingCents: data.shippingCents,
            ...(data.discount === undefined ? {} : { discountCents: data.discount.cents }),
            totalCents: data.totalCents,
          },
          ...(data.discount === undefined ? {} : { discountCode: data.discount.code }),
          fulfilment: data.fulfilment ?? DELIVERY,
        };
      }
      case 'PaymentSucceeded':
        return {
          ...backup,
          paymentStatus: 'succeeded',
          amountPaidCents: event.data.amountCents,
          succeededAt: event.data.at,
          failureMessage: null,
        };
      case 'PaymentFailed':
        return { ...backup, paymentStatus: 'failed', failureMessage: event.data.failureMessage };
      case 'PaymentCancelled':
        return { ...backup, paymentStatus: 'cancelled', failureMessage: cancelledMessage(event.data.reason) };
      case 'PaymentRefunded':
        return doc === null ? null : { ...backup, amountRefundedCents: backup.amountRefundedCents + event.data.amountCents };
      // An authorisation is captured within moments by the shop; the backup shows the capture, not the hold.
      case 'PaymentAuthorised':
      case 'ProviderEventIgnored':
        return doc;
      default:
        return assertNever(event);
    }
  },
};

@Injectable()
export class OrderBackupsProjection implements Projection {
  readonly name = 'order-backups';
  readonly collections = [ORDER_BACKUPS];
  /** The System tab lists succeeded payments, and payments still "created" by age. */
  readonly indexes = { [ORDER_BACKUPS]: [{ paymentStatus: 1, timestamp: 1 }, { timestamp: -1 }] } as const;
  readonly eventTypes = PAYMENT_EVENT_TYPES;

  apply(event: RecordedEvent, store: DocumentStore): Promise<void> {
    return applyFold(orderBackupsFold, event, store);
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
    case 'discount_unavailable':
      return 'Cancelled: the order’s discount code could not be held for it (used up meanwhile). The authorisation was released; nothing was charged.';
    case 'club_charge_ended':
      return 'Cancelled: the club run’s charge ended unpaid (every try failed, or the member cancelled). Nothing was charged.';
    case 'order_not_payable':
      return 'Cancelled: the order could no longer be paid. The authorisation was released; nothing was charged.';
    case 'provider':
      return 'Cancelled at the payment provider. Nothing was charged.';
    default:
      return assertNever(reason);
  }
}
