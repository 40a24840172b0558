import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@brewery/eventstore';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import type { ReportPeriod } from '../domain/report-period';
import { ORDERS, type OrderDoc, orderSearchQuery, parseOrderSearch } from '../../order-desk';
import { gstSummary, ordersExportCsv, type GstSummary } from './books';

/** The books: the orders of a period as CSV, and the period's GST. Reads the `orders` read model only. */
@Injectable()
export class Books {
  constructor(@Inject(DOCUMENT_STORE) private readonly store: DocumentStore) {}

  /**
   * The orders placed in the period (Perth days) that the admin lists show, oldest first, narrowed like the
   * Active Orders search when `q` or `status` are given (the same parser refuses what it cannot use).
   */
  async ordersCsv(period: ReportPeriod, narrowing: { q?: unknown; status?: unknown }): Promise<string> {
    const search = parseOrderSearch({ q: narrowing.q, status: narrowing.status, from: period.start, to: period.end, sort: 'createdAt' });
    const { filter, sort } = orderSearchQuery(search);
    return ordersExportCsv(await this.store.collection<OrderDoc>(ORDERS).find(filter, { sort }));
  }

  /** Every paid order is in the lists (only unpaid checkouts are ever hidden), so those are all it reads. */
  async gst(period: ReportPeriod): Promise<GstSummary> {
    return gstSummary(await this.store.collection<OrderDoc>(ORDERS).find({ hidden: false }), period);
  }
}
