import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore, EventStore } from '@brewery/eventstore';
import { decimalString, stockLevel, type HealthStatus, type OrderNeedingAttention, type SystemStatus } from '@brewery/shop-rules';
import { StoreWrites } from '../../../platform/event-sourcing/store-writes';
import { DOCUMENT_STORE, EVENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { CLOCK, type Clock } from '../../../platform/clock';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { PRODUCTS_COLLECTION, type ProductViewDoc } from '../../catalog';
import { MAILER, type Mailer } from '../../notifications';
import { ORDERS, type OrderDoc } from '../../order-desk';
import { ReservationExpiry } from '../../checkout';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../../payments';
import { attentionIssues } from '../domain/order-attention';
import { FailedEmails } from '../failed-emails/failed-emails';
import { PaymentMatching } from '../payment-matching/payment-matching';
import { ReadModelHealth } from '../read-model-health/read-model-health';
import { answerWithin } from './answer-within';

const DAY_MS = 24 * 60 * 60 * 1000;

const health = (ok: boolean): HealthStatus => (ok ? 'ok' : 'error');

/**
 * The System tab's figures: the health of each port, and what the other concerns of the monitor find (read-model
 * health, payment matching, failed e-mails, expired reservations), with recent activity, critical stock and the
 * orders needing attention. The time comes from CLOCK.
 */
@Injectable()
export class SystemStatusService {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly readModelHealth: ReadModelHealth,
    private readonly payments: PaymentMatching,
    private readonly failedEmails: FailedEmails,
    private readonly reservations: ReservationExpiry,
    private readonly writes: StoreWrites,
    private readonly runner: ProjectionRunner,
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
        this.readModelHealth.subscribers(),
        this.documents.collection<OrderDoc>(ORDERS).find({ hidden: false }, { sort: { number: 1 } }),
        this.payments.withoutOrder(),
        this.payments.stale(),
        this.criticalProducts(),
        this.reservations.expired(),
        this.failedEmails.list(),
      ]);
    const readModelLag = ReadModelHealth.lag(subscribers);
    const writesFailing = this.writes.failing();
    const lease = this.runner.leaseStatus();
    const subscribersOk = ReadModelHealth.sound(subscribers);
    const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
    return {
      email_system: { status: health(mail.ok), detail: `${this.mailer.transport}: ${mail.detail}` },
      stripe_system: { status: health(payments.ok), mode: this.gateway.mode, detail: payments.detail },
      event_store: {
        status: health(eventStore.ok && writesFailing === null),
        adapter: eventStore.adapter,
        detail: eventStore.detail ?? (eventStore.ok ? 'answering' : 'not answering'),
        writes_failing: writesFailing,
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
      background_work: { holder: lease.holder, this_process: lease.leader },
      software: { node: process.version },
      timestamp: now.toISOString(),
    };
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
        totalAmount: decimalString(order.totalCents),
        createdAt: order.createdAt,
        issue: issues.join('; '),
      },
    ];
  }
}
