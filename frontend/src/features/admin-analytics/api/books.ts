import { useMutation } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@/shared/api/api-client';
import { exportOrders } from '@/shared/api/books/export-orders';
import type { ReportPeriod } from './sales-report';

/** `POST /api/admin/gst-summary`: sales paid and refunds made in the period, GST included, and the net. */
export interface GstSummary {
  startDate: string;
  endDate: string;
  paidOrders: number;
  sales: string;
  gstOnSales: string;
  refunds: string;
  gstOnRefunds: string;
  netSales: string;
  netGst: string;
}

async function download(path: string, period: ReportPeriod, fileName: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiRequest('POST', path, period);
  return { blob: await response.blob(), fileName };
}

/** Every order placed in the period, one CSV row each (`orders-{start}-to-{end}.csv`). */
export function useExportOrders() {
  return useMutation({ mutationFn: (period: ReportPeriod) => exportOrders(period) });
}

export function useGstSummary() {
  return useMutation({ mutationFn: (period: ReportPeriod) => apiJson<GstSummary>('POST', '/api/admin/gst-summary', period) });
}

export function useExportGst() {
  return useMutation({
    mutationFn: (period: ReportPeriod) =>
      download('/api/admin/gst-summary/export', period, `gst-${period.startDate}-to-${period.endDate}.csv`),
  });
}
