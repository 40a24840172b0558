import type { OutboxEmailWithText } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { adminQueryKey } from '@/shared/api/admin-query-key';

export async function getOutboxEmail(key: string): Promise<OutboxEmailWithText | null> {
  return apiGet<OutboxEmailWithText>(`/api/admin/outbox/${encodeURIComponent(key)}`);
}

export function outboxEmailQueryOptions(key: string) {
  return queryOptions({ queryKey: adminQueryKey('outbox', key), queryFn: () => getOutboxEmail(key) });
}

/** Fetches an e-mail's text only once the operator opens it. */
export function useOutboxEmail(key: string | null) {
  return useQuery({ ...outboxEmailQueryOptions(key ?? ''), enabled: key !== null });
}
