import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore, EventStore } from '@brewery/eventstore';
import { stockLevel } from '@brewery/shop-rules';
import { CLOCK, DOCUMENT_STORE, EVENT_STORE, type Clock } from '../../../platform/persistence/persistence.tokens';
import { eventsBehind } from '../../../platform/projections/projection-lag';
import { ProjectionRunner, READ_MODELS_SUBSCRIBER } from '../../../platform/projections/projection-runner';
import { PRODUCTS_COLLECTION, type ProductViewDoc } from '../../catalog';
import { EMAILS, type EmailDoc } from '../../notifications/email-outbox/email-outbox.projection';
import { MAILER, type Mailer } from '../../notifications/mailer/mailer.port';
import { ORDER_BACKUPS, type OrderBackupDoc } from '../../ordering/order-backups/order-backups.projection';
import { ORDERS, type OrderDoc } from '../../ordering/order-list/order-list.projection';
import { ReservationExpiry } from '../../ordering/reservation-expiry/reservation-expiry.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../../payments/gateway/payment-gateway.port';
import { attentionIssues } from '../domain/order-attention';
import type {
  FailedEmail,
  HealthStatus,
  OrderNeedingAttention,
  PaymentWithoutOrder,
  StalePayment,
  SystemStatus,
} from '@brewery/shop-rules';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A payment still "created" this long after its checkout is checked with the provider: its webhook may be lost. */
export const STALE_PAYMENT_MS = 15 * 60 * 1000;
/** Stale payments checked with the provider per look (the oldest first): one call each. */
const STALE_PAYMENTS_CHECKED = 20;
/** A health check that has not answered by then counts as failed: the System tab must not hang on one. */
const HEALTH_TIMEOUT_MS = 5000;
/** Events the read models may trail the log by before the System tab calls them unhealthy (and auto-fix rebuilds them). */
export const READ_MODEL_LAG_LIMIT = 1000;

/** A payment that succeeded without a paid order, with what auto-fix needs to decide about it. */
export interface UnmatchedPayment extends PaymentWithoutOrder {
  orderId: string | null;
  /** The order was already flagged for the operator: a recovery would only flag it again. */
  orderNeedsReview: boolean;
}

async function answerWithin<T>(check: () => Promise<T>, fallback: (reason: string) => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().catch((error: unknown) => fallback(error instanceof Error ? error.message : String(error))),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const health = (ok: boolean): HealthStatus => (ok ? 'ok' : 'error');

/** Everything taken has been given back. */
function refundedInFull(backup: OrderBackupDoc): boolean {
  const paid = Math.round(Number(backup.amountPaid ?? backup.totals?.total ?? '0') * 100);
  return paid > 0 && Math.round(Number(backup.amountRefunded ?? '0') * 100) >= paid;
}

/** The System tab's figures, from the read models and the health of each port; the time comes from CLOCK. */
@Injectable()
export class SystemStatusService {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly runner: ProjectionRunner,
    private readonly reservations: ReservationExpiry,
  ) {}

  async status(): Promise<SystemStatus> {
    const now = this.clock.now();
    const [mail, payments, eventStore, readModels, subscribers, orders, unmatched, stale, critical, expired, failedEmails] =
      await Promise.all([
        answerWithin(
          () => this.mailer.health(),
          (detail) => ({ ok: false, detail }),
        ),
        answerWithin(
          () => this.gateway.health(),
          (detail) => ({ ok: false, detail }),
        ),
        answerWithin(
          () => this.events.health(),
          (detail) => ({ ok: false, adapter: this.events.kind, detail }),
        ),
        answerWithin(
          () => this.documents.health(),
          (detail) => ({ ok: false, adapter: this.documents.kind, detail }),
        ),
        this.subscribers(),
        this.documents.collection<OrderDoc>(ORDERS).find({ hidden: false }, { sort: { number: 1 } }),
        this.paymentsWithoutOrder(),
        this.stalePayments(),
        this.criticalProducts(),
        this.reservations.expired(),
        this.failedEmails(),
      ]);
    const readModelLag = subscribers.find((s) => s.name === READ_MODELS_SUBSCRIBER)?.lag ?? null;
    const subscribersOk = subscribers.every((s) => s.lastError === null && (s.lag === null || s.lag <= READ_MODEL_LAG_LIMIT));
    const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
    return {
      email_system: { status: health(mail.ok), detail: `${this.mailer.transport}: ${mail.detail}` },
      stripe_system: { status: health(payments.ok), mode: this.gateway.mode, detail: payments.detail },
      event_store: {
        status: health(eventStore.ok),
        adapter: eventStore.adapter,
        detail: eventStore.detail ?? (eventStore.ok ? 'answering' : 'not answering'),
      },
      read_models: { status: health(readModels.ok && subscribersOk), adapter: readModels.adapter, lag: readModelLag, subscribers },
      recent_activity: {
        orders_last_24h: orders.filter((o) => o.createdAt >= dayAgo).length,
        pending_orders: orders.filter((o) => o.status === 'pending').length,
        paid_orders: orders.filter((o) => o.status === 'paid').length,
      },
      inventory_alerts: { critical_stock_count: critical.length, critical_products: critical },
      automation_issues: {
        orders_needing_attention: orders.flatMap((order) => this.attention(order, now)),
        payments_without_order: unmatched.map(({ paymentIntentId, amount, createdAt }) => ({ paymentIntentId, amount, createdAt })),
        stale_payments: stale,
        expired_reservations: expired.map((order) => ({ orderId: order.id, expiredAt: order.reservationExpiresAt })),
        failed_emails: failedEmails,
      },
      timestamp: now.toISOString(),
    };
  }

  /** Every subscriber of the projection runner, with how many events of the log it has still to handle. */
  async subscribers(): Promise<SystemStatus['read_models']['subscribers']> {
    const head = await this.events.headPosition().catch(() => null);
    // A process manager the lease holder runs elsewhere has no lag here: its position is not this process's.
    return Promise.all(
      this.runner.statuses().map(async (s) => ({
        ...s,
        lag: s.runsHere || s.kind === 'read-models' ? await eventsBehind(this.events, s.position, head) : null,
      })),
    );
  }

  /**
   * Succeeded payments whose order was never paid with them (the orders read model includes deleted orders),
   * unless the operator has settled them: refunded in full, or the order's review resolved.
   */
  async paymentsWithoutOrder(): Promise<UnmatchedPayment[]> {
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
          amount: backup.amountPaid ?? backup.totals?.total ?? '0.00',
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
  async stalePayments(): Promise<StalePayment[]> {
    const cutoff = new Date(this.clock.now().getTime() - STALE_PAYMENT_MS).toISOString();
    const created = await this.documents
      .collection<OrderBackupDoc>(ORDER_BACKUPS)
      .find({ paymentStatus: 'created', timestamp: { $lte: cutoff } }, { sort: { timestamp: 1 }, limit: STALE_PAYMENTS_CHECKED });
    return Promise.all(
      created.map(async (backup) => ({
        paymentIntentId: backup.paymentIntentId,
        orderId: backup.orderId,
        amount: backup.totals?.total ?? '0.00',
        createdAt: backup.timestamp,
        providerStatus: await answerWithin(
          async () => (await this.gateway.retrievePaymentIntent(backup.paymentIntentId))?.status ?? null,
          () => null,
        ),
      })),
    );
  }

  async failedEmails(): Promise<FailedEmail[]> {
    const failed = await this.documents.collection<EmailDoc>(EMAILS).find({ status: 'failed' }, { sort: { queuedAt: 1 } });
    return failed.map((email) => ({ key: email._id, to: email.to, subject: email.subject, error: email.error }));
  }

  /** Why the read models need rebuilding, or null when they are sound. */
  async readModelsProblem(): Promise<string | null> {
    const readModels = (await this.subscribers()).find((s) => s.name === READ_MODELS_SUBSCRIBER);
    if (readModels === undefined) return null;
    if (readModels.lastError !== null) return `they stopped on an error: ${readModels.lastError}`;
    if (readModels.lag !== null && readModels.lag > READ_MODEL_LAG_LIMIT) return `they were ${readModels.lag} events behind the log`;
    return null;
  }

  /** Live products (active, not archived) the shop can sell 5 cans or fewer of: the spec's CRITICAL. */
  private async criticalProducts(): Promise<{ name: string; inventory: number }[]> {
    const live = await this.documents
      .collection<ProductViewDoc>(PRODUCTS_COLLECTION)
      .find({ deleted: false, isActive: true, archived: false }, { sort: { name: 1 } });
    return live
      .map((product) => ({ name: product.name, inventory: Math.max(0, product.inventory - product.reserved) }))
      .filter((product) => stockLevel(product.inventory) === 'CRITICAL');
  }

  private attention(order: OrderDoc, now: Date): OrderNeedingAttention[] {
    // When the shop learnt of the payment: the first 'paid' in the history (the operator may set it again later).
    const paidAt = order.statusHistory.find((entry) => entry.status === 'paid')?.at ?? order.paidAt;
    const issues = attentionIssues(
      {
        status: order.status,
        invoiceNumber: order.invoiceNumber,
        needsReview: order.needsReview,
        reviewReasons: order.reviewReasons,
        paidAt,
      },
      now,
    );
    if (issues.length === 0) return [];
    return [
      {
        id: order.id,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        status: order.status,
        invoiceNumber: order.invoiceNumber,
        totalAmount: order.totalAmount,
        createdAt: order.createdAt,
        issue: issues.join('; '),
      },
    ];
  }
}
