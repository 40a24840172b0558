import type { OrderBackupsResponse } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { adminQueryKey } from '@/shared/api/admin-query-key';

export type { OrderBackup, OrderBackupsResponse, PotentiallyMissingOrder } from '@brewery/shop-rules';

export async function getOrderBackups(): Promise<OrderBackupsResponse | null> {
  return apiGet<OrderBackupsResponse>('/api/admin/order-backups');
}

export function orderBackupsQueryOptions() {
  return queryOptions({ queryKey: adminQueryKey('order-backups'), queryFn: getOrderBackups });
}

export function useOrderBackups() {
  return useQuery(orderBackupsQueryOptions());
}
