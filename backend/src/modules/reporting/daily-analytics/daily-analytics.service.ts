import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@brewery/eventstore';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { CLOCK, type Clock } from '../../../platform/clock';
import { EmailService } from '../../notifications';
import { dailyAnalyticsDecider, requestedSequence } from '../domain/daily-analytics.decider';
import { dailyAnalytics, dailyAnalyticsEmail } from '../domain/daily-analytics.email';
import { dailyAnalyticsEmailKey, dailyAnalyticsStreamName } from '../domain/daily-analytics.events';
import { addDays, perthDayOf } from '@brewery/shop-rules';
import { SalesReport } from '../sales-report/sales-report.service';
import { SALES_ORDERS, type SalesOrderDoc } from '../sales-lines/sales-lines.projection';
import { StockLevelsReader } from '../stock-levels/stock-levels.reader';

export const DAILY_ANALYTICS_SENT = 'Daily analytics email sent successfully';

export interface DailyAnalyticsSent {
  message: string;
  /** `daily-analytics-<Perth day>-<n>`: the e-mail in the outbox. */
  emailKey: string;
  /** False when this was a retried request whose e-mail was already queued. */
  queued: boolean;
}

/**
 * The daily analytics e-mail, on the operator's request: each press of a Perth day is numbered on that
 * day's stream and queued under its own key, so a second press sends a second e-mail while a retried
 * request (same Idempotency-Key) finds its number again and queues nothing new.
 */
@Injectable()
export class DailyAnalyticsMailer {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly emails: EmailService,
    private readonly report: SalesReport,
    private readonly stock: StockLevelsReader,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async send(idempotencyKey: string | null, cause: Cause): Promise<DailyAnalyticsSent> {
    const now = this.clock.now();
    const today = perthDayOf(now);
    const requested = await this.pipeline.run({
      streamName: dailyAnalyticsStreamName(today),
      decider: dailyAnalyticsDecider,
      command: { type: 'RequestDailyAnalyticsEmail', day: today, idempotencyKey, requestedAt: now.toISOString() },
      cause,
    });
    const emailKey = dailyAnalyticsEmailKey(today, requestedSequence(requested.state, idempotencyKey));

    const [lines, pendingOrders, stock] = await Promise.all([
      this.report.lines({ start: addDays(today, -7), end: today }),
      this.documents.collection<SalesOrderDoc>(SALES_ORDERS).count({ status: 'pending' }),
      this.stock.levels(),
    ]);
    const { subject, text } = dailyAnalyticsEmail(dailyAnalytics({ today, lines, pendingOrders, stock }), this.config.shop.brandName);
    const queued = await this.emails.queue(emailKey, { to: this.config.shop.email, subject, text, kind: 'daily-analytics' }, cause);
    return { message: DAILY_ANALYTICS_SENT, emailKey, queued: queued.queued };
  }
}
