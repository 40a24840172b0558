import type { GstSummary } from '@brewery/shop-rules';
import { useMutation } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@/shared/api/api-client';
import { exportOrders } from '@/shared/api/books/export-orders';
import type { ReportPeriod } from './sales-report';

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

export type { GstSummary } from '@brewery/shop-rules';
