import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import { ApiError } from '@/shared/api/api-error';
import { adminQueryKey } from '@/shared/api/admin-query-key';

/** One key per press of the button: a retry after a lost answer carries it again, so the e-mail goes once. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export async function sendDailyAnalyticsEmail(idempotencyKey: string): Promise<void> {
  await apiRequest('POST', '/api/admin/analytics/send-daily-email', undefined, { 'Idempotency-Key': idempotencyKey });
}

/** The e-mail lands in the outbox, which the System tab lists. A request that never got an answer is retried twice. */
export function useSendDailyAnalyticsEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendDailyAnalyticsEmail,
    retry: (failures, error) => failures < 2 && !(error instanceof ApiError),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey('outbox') }),
  });
}
