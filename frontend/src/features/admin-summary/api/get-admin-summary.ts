import type { AdminSummary } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { adminQueryKey } from '@/shared/api/admin-query-key';

export type { AdminSummary } from '@brewery/shop-rules';

/** Like the System tab and the order tables: read on load and every 30 seconds. */
export const ADMIN_SUMMARY_REFRESH_MS = 30_000;

export async function getAdminSummary(): Promise<AdminSummary | null> {
  return apiGet<AdminSummary>('/api/admin/summary');
}

/**
 * Under the admin key: every change the operator makes reads it again at once. Asked only when `enabled`: the
 * summary is a report, which not every role may read (a packer's would be refused).
 */
export function useAdminSummary(enabled = true) {
  return useQuery(
    queryOptions({ queryKey: adminQueryKey('summary'), queryFn: getAdminSummary, refetchInterval: ADMIN_SUMMARY_REFRESH_MS, enabled }),
  );
}
