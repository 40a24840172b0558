import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@brewery/eventstore';
import { decimalString, type PaymentWithoutOrder, type StalePayment } from '@brewery/shop-rules';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { CLOCK, type Clock } from '../../../platform/clock';
import { ORDER_BACKUPS, type OrderBackupDoc } from '../../order-money';
import { ORDERS, type OrderDoc } from '../../order-desk';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../../payments';
import { answerWithin } from '../system-status/answer-within';

/** A payment still "created" this long after its checkout is checked with the provider: its webhook may be lost. */
export const STALE_PAYMENT_MS = 15 * 60 * 1000;
/** Stale payments checked with the provider per look (the oldest first): one call each. */
const STALE_PAYMENTS_CHECKED = 20;

/** A payment that succeeded without a paid order, with what auto-fix needs to decide about it. */
export interface UnmatchedPayment extends PaymentWithoutOrder {
  orderId: string | null;
  /** The order was already flagged for the operator: a recovery would only flag it again. */
  orderNeedsReview: boolean;
}

/** Everything taken has been given back. */
function refundedInFull(backup: OrderBackupDoc): boolean {
  const paid = backup.amountPaidCents ?? backup.totals?.totalCents ?? 0;
  return paid > 0 && backup.amountRefundedCents >= paid;
}

/** Payments and orders matched up: money taken without its order, and checkouts whose webhook may be lost. */
@Injectable()
export class PaymentMatching {
  constructor(
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Succeeded payments whose order was never paid with them (the orders read model includes deleted orders),
   * unless the operator has settled them: refunded in full, or the order's review resolved.
   */
  async withoutOrder(): Promise<UnmatchedPayment[]> {
    const succeeded = await this.documents
      .collection<OrderBackupDoc>(ORDER_BACKUPS)
      .find({ paymentStatus: 'succeeded' }, { sort: { timestamp: 1 } });
    const orderIds = succeeded.map((b) => b.orderId).filter((id): id is string => id !== null);
    const orders = await this.documents.collection<OrderDoc>(ORDERS).find({ _id: { $in: orderIds } });
    const byId = new Map(orders.map((o) => [o._id, o]));
    return succeeded.flatMap((backup): UnmatchedPayment[] => {
      const order = backup.orderId === null ? undefined : byId.get(backup.orderId);
      // Paid with this very intent: whatever status the operator set since, the payment has its order.
      if (order !== undefined && order.paidAt !== null && order.paymentIntentId === backup.paymentIntentId) return [];
      // Settled by the operator: given back in full, or its order's review closed.
      if (refundedInFull(backup)) return [];
      if (order !== undefined && !order.needsReview && (order.reviewResolution ?? null) !== null) return [];
      return [
        {
          paymentIntentId: backup.paymentIntentId,
          amount: decimalString(backup.amountPaidCents ?? backup.totals?.totalCents ?? 0),
          createdAt: backup.timestamp,
          orderId: backup.orderId,
          orderNeedsReview: order?.needsReview ?? false,
        },
      ];
    });
  }

  /**
   * Payments the shop still has as "created" 15 minutes after their checkout (a hold lasts 10, so by then the
   * checkout has normally been paid or ended), each with what the provider reports now: one whose webhook never
   * arrived shows as authorised or succeeded there. The oldest 20 are checked, each within the health timeout.
   */
  async stale(): Promise<StalePayment[]> {
    const cutoff = new Date(this.clock.now().getTime() - STALE_PAYMENT_MS).toISOString();
    const created = await this.documents
      .collection<OrderBackupDoc>(ORDER_BACKUPS)
      .find({ paymentStatus: 'created', timestamp: { $lte: cutoff } }, { sort: { timestamp: 1 }, limit: STALE_PAYMENTS_CHECKED });
    return Promise.all(
      created.map(async (backup) => ({
        paymentIntentId: backup.paymentIntentId,
        orderId: backup.orderId,
        amount: decimalString(backup.totals?.totalCents ?? 0),
        createdAt: backup.timestamp,
        providerStatus: await answerWithin(
          async () => (await this.gateway.retrievePaymentIntent(backup.paymentIntentId))?.status ?? null,
          () => null,
        ),
      })),
    );
  }
}
