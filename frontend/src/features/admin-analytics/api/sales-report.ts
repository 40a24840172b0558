import type { SalesReportLine, SalesReportSummary } from '@brewery/shop-rules';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

export type { SalesReportLine, SalesReportSummary } from '@brewery/shop-rules';

export interface ReportPeriod {
  startDate: string;
  endDate: string;
}

export interface SalesReport {
  lines: SalesReportLine[];
  summary: SalesReportSummary;
}

export async function getSalesReportLines(period: ReportPeriod): Promise<SalesReportLine[]> {
  return apiJson<SalesReportLine[]>('POST', '/api/admin/sales-report', period);
}

export async function getSalesReportSummary(period: ReportPeriod): Promise<SalesReportSummary> {
  return apiJson<SalesReportSummary>('POST', '/api/admin/sales-report/summary', period);
}

/** The lines and their summary for one period, fetched together so the table and the charts agree. */
export async function generateSalesReport(period: ReportPeriod): Promise<SalesReport> {
  const [lines, summary] = await Promise.all([getSalesReportLines(period), getSalesReportSummary(period)]);
  return { lines, summary };
}

/** A report is a read the operator asks for with a button, so it runs as a mutation; nothing to invalidate. */
export function useGenerateSalesReport() {
  return useMutation({ mutationFn: generateSalesReport });
}
