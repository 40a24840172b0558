import type { OutboxEmail } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { adminQueryKey } from '@/shared/api/admin-query-key';

export type { OutboxEmail } from '@brewery/shop-rules';

export async function getOutbox(): Promise<OutboxEmail[]> {
  return (await apiGet<OutboxEmail[]>('/api/admin/outbox')) ?? [];
}

export function outboxQueryOptions() {
  return queryOptions({ queryKey: adminQueryKey('outbox'), queryFn: getOutbox });
}

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
