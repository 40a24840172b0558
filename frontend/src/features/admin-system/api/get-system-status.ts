import type { SystemStatus } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { adminQueryKey } from '@/shared/api/admin-query-key';

export type { HealthStatus as HealthState, SubscriberStatusView as SubscriberStatus, SystemStatus } from '@brewery/shop-rules';

/** The spec refreshes the System tab on load and every 30 seconds. */
export const SYSTEM_STATUS_REFRESH_MS = 30_000;

export async function getSystemStatus(): Promise<SystemStatus | null> {
  return apiGet<SystemStatus>('/api/admin/system-status');
}

export function systemStatusQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKey('system-status'),
    queryFn: getSystemStatus,
    refetchInterval: SYSTEM_STATUS_REFRESH_MS,
    // The tab mounts anew each time it is opened: that is the spec's "refresh on load".
    refetchOnMount: 'always',
  });
}

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions());
}
