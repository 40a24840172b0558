import type { SimulateWebhookResult } from '@brewery/shop-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

export async function simulateWebhook(paymentIntentId: string): Promise<SimulateWebhookResult> {
  return apiJson<SimulateWebhookResult>('POST', '/api/admin/simulate-webhook', { paymentIntentId });
}

/** A recovered payment completes its order: orders, backups, stock and outbox change. */
export function useSimulateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateWebhook,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey }),
      ]),
  });
}
