import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { adminQueryKey } from '@/shared/api/admin-query-key';

/** One e-mail the shop queued; `_id` is its key. */
export interface OutboxEmail {
  _id: string;
  to: string;
  subject: string;
  kind: string;
  orderId: string | null;
  status: 'queued' | 'sent' | 'failed' | (string & {});
  attempts: number;
  error: string | null;
  queuedAt: string;
  sentAt: string | null;
}

export async function getOutbox(): Promise<OutboxEmail[]> {
  return (await apiGet<OutboxEmail[]>('/api/admin/outbox')) ?? [];
}

export function outboxQueryOptions() {
  return queryOptions({ queryKey: adminQueryKey('outbox'), queryFn: getOutbox });
}

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
