import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';

export async function sendDailyAnalyticsEmail(): Promise<void> {
  await apiRequest('POST', '/api/admin/analytics/send-daily-email');
}

/** The e-mail lands in the outbox, which the System tab lists. */
export function useSendDailyAnalyticsEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendDailyAnalyticsEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
}
