import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { CatalogModule } from '../catalog';
import { NotificationsModule } from '../notifications';
import { AdminSummaryController } from './admin-summary/admin-summary.controller';
import { DailyAnalyticsMailer } from './daily-analytics/daily-analytics.service';
import { SendDailyAnalyticsController } from './daily-analytics/send-daily-analytics.controller';
import { SalesLinesProjection } from './sales-lines/sales-lines.projection';
import { SalesReportController } from './sales-report/sales-report.controller';
import { SalesReport } from './sales-report/sales-report.service';
import { ParseStockEmailController } from './stock-email/parse-stock-email.controller';
import { StockEmailUpdater } from './stock-email/stock-email-update.service';
import { StockLevelsController } from './stock-levels/stock-levels.controller';
import { StockLevelsReader } from './stock-levels/stock-levels.reader';
import { StockAlertProcessManager } from './stock-alerts/stock-alert.process-manager';

import { BooksController } from './books/books.controller';
import { Books } from './books/books.service';
import { OrderDeskModule } from '../order-desk';

/** The Analytics tab: sales lines and their report, the books (orders export, GST summary), the stock e-mail, the daily analytics e-mail, the stock cards; stock alerts. */
@Module({
  imports: [NotificationsModule, CatalogModule, OrderDeskModule],
  controllers: [
    AdminSummaryController,
    SalesReportController,
    ParseStockEmailController,
    SendDailyAnalyticsController,
    StockLevelsController,
    BooksController,
  ],
  providers: [
    Books,
    SalesLinesProjection,
    SalesReport,
    StockEmailUpdater,
    DailyAnalyticsMailer,
    StockLevelsReader,
    StockAlertProcessManager,
  ],
})
export class ReportingModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly salesLines: SalesLinesProjection,
    private readonly stockAlerts: StockAlertProcessManager,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.salesLines);
    this.registry.registerProcessManager(this.stockAlerts);
  }
}
