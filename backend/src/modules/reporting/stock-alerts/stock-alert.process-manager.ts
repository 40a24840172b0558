import { Inject, Injectable } from '@nestjs/common';
import { streamId, type RecordedEvent } from '@brewery/eventstore';
import { causedBy } from '../../../platform/event-sourcing/command-metadata';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import type { ProcessManager } from '../../../platform/projections/projection';
import { CatalogStock } from '../../catalog';
import { EmailService } from '../../notifications';
import {
  stockAlertDecider,
  stockAlertEmail,
  stockAlertEmailKey,
  stockAlertStreamName,
  type StockLevelAlerted,
} from '../domain/stock-alert';

/**
 * Watches the stock of every beer (a count by the operator, a sale) and tells the shop's address when one falls
 * to LOW or CRITICAL, once per crossing. Two steps, each safe to repeat: the level seen is recorded on the
 * beer's alert stream (nothing new when it is the level already told), and each recorded alert queues its
 * e-mail under a key named after it (queued once, ever). A crash between the two is finished when the alert
 * event is delivered again. A deleted or archived beer raises no alert.
 */
@Injectable()
export class StockAlertProcessManager implements ProcessManager {
  readonly name = 'stock-alerts';
  readonly eventTypes = ['StockCounted', 'StockSold', 'StockLevelAlerted'] as const;

  constructor(
    @Inject(CommandPipeline) private readonly pipeline: CommandPipeline,
    private readonly stock: CatalogStock,
    private readonly emails: EmailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    const cause = causedBy(event);
    if (event.type === 'StockLevelAlerted') {
      const alert = event.data as StockLevelAlerted['data'];
      const { subject, text } = stockAlertEmail(alert, this.config.shop.brandName);
      await this.emails.queue(
        stockAlertEmailKey(alert.productId, event.revision),
        { to: this.config.shop.email, subject, text, kind: 'stock-alert' },
        cause,
      );
      return;
    }
    const productId = streamId(event.streamName);
    const product = await this.stock.snapshot(productId);
    if (product === null || product.product.archived) return;
    await this.pipeline.run({
      streamName: stockAlertStreamName(productId),
      decider: stockAlertDecider,
      command: { type: 'ObserveStockLevel', productId, productName: product.product.name, inventory: product.stock },
      cause,
    });
  }
}
