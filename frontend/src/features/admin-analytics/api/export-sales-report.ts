import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import type { ReportPeriod } from './sales-report';

/** The spec's download name for a report. */
export function salesReportFileName({ startDate, endDate }: ReportPeriod): string {
  return `sales-report-${startDate}-to-${endDate}.csv`;
}

export async function exportSalesReport(period: ReportPeriod): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiRequest('POST', '/api/admin/sales-report/export', period);
  return { blob: await response.blob(), fileName: salesReportFileName(period) };
}

export function useExportSalesReport() {
  return useMutation({ mutationFn: exportSalesReport });
}
