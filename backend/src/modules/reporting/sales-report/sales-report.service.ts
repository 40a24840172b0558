import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@brewery/eventstore';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import type { ReportPeriod } from '../domain/report-period';
import { compareSalesLines, type SalesLine } from '../domain/sales-line';
import { salesReportCsv, salesReportFileName } from '../domain/sales-report.csv';
import { summariseSales, type SalesSummary } from '../domain/sales-summary';
import { SALES_LINES, type SalesLineDoc } from '../sales-lines/sales-lines.projection';

/** Reads the `sales-lines` read model for a period of Perth days. */
@Injectable()
export class SalesReport {
  constructor(@Inject(DOCUMENT_STORE) private readonly documents: DocumentStore) {}

  async lines(period: ReportPeriod): Promise<SalesLine[]> {
    const docs = await this.documents.collection<SalesLineDoc>(SALES_LINES).find({ date: { $gte: period.start, $lte: period.end } });
    return docs.map(withoutId).sort(compareSalesLines);
  }

  async summary(period: ReportPeriod): Promise<SalesSummary> {
    return summariseSales(period, await this.lines(period));
  }

  async csv(period: ReportPeriod): Promise<{ fileName: string; content: string }> {
    const lines = await this.lines(period);
    return { fileName: salesReportFileName(period), content: salesReportCsv(lines, summariseSales(period, lines)) };
  }
}

function withoutId({ _id, ...line }: SalesLineDoc): SalesLine {
  void _id;
  return line;
}
