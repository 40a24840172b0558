import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DocumentStore } from '@brewery/eventstore';
import { type AdminSummary, perthDayOf } from '@brewery/shop-rules';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { CLOCK, type Clock } from '../../../platform/clock';
import { ORDERS, type OrderDoc } from '../../order-desk';
import { adminSummaryOf, weekStart } from '../domain/admin-summary';
import { SalesReport } from '../sales-report/sales-report.service';
import { StockLevelsReader } from '../stock-levels/stock-levels.reader';

@ApiTags('admin: analytics')
@ApiBearerAuth()
@Controller('admin/summary')
export class AdminSummaryController {
  constructor(
    private readonly report: SalesReport,
    private readonly stock: StockLevelsReader,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary:
      'The day at a glance: orders to dispatch before the next dispatch day, pending checkouts, orders to review, revenue today and this week, beers low or out, and the order tabs’ counts',
  })
  async summary(): Promise<AdminSummary> {
    const today = perthDayOf(this.clock.now());
    const orders = this.documents.collection<OrderDoc>(ORDERS);
    const [lines, stock, toDispatch, pendingTab, activeTab, needsReview] = await Promise.all([
      this.report.lines({ start: weekStart(today), end: today }),
      this.stock.levels(),
      // Posted orders only: a cellar door pickup is handed over on its Saturday, not dispatched.
      orders.count({ hidden: false, status: { $in: ['paid', 'packed_awaiting_pickup'] }, pickupDate: null }),
      orders.count({ hidden: false, status: 'pending' }),
      orders.count({ hidden: false, status: { $ne: 'pending' } }),
      orders.count({ hidden: false, needsReview: true }),
    ]);
    return adminSummaryOf({
      today,
      lines,
      stock,
      counts: { toDispatch, pendingCheckouts: pendingTab, needsReview, pendingTab, activeTab },
    });
  }
}
