import type { PackSize } from '@brewery/shop-rules';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

export interface ReportPeriod {
  startDate: string;
  endDate: string;
}

/**
 * One item of an order paid in the period (`quantity` is cans; `packs` units of `unitPrice` make `lineTotal`),
 * or a refund made in the period: `refund`, a negative total, no cans.
 */
export interface SalesReportLine {
  id: string;
  orderId: string;
  orderNumber: number | null;
  paidAt: string;
  /** The Perth day of the payment, YYYY-MM-DD. */
  date: string;
  productId: string;
  productName: string;
  style: string;
  packSize: PackSize;
  packQuantity: number;
  packs: number;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
  refund?: true;
}

export interface SalesReportSummary {
  lineItems: number;
  orders?: number;
  totalCans: number;
  totalRevenue: string;
  /** Every day of the period, quiet days included. */
  revenueByDay: { day: string; revenue: string }[];
  /** Most cans first. */
  cansByBeer: { productName: string; cans: number }[];
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
