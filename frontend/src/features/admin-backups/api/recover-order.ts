import type { RecoverOrderResult } from '@brewery/shop-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

export async function recoverOrder(paymentIntentId: string): Promise<RecoverOrderResult> {
  return apiJson<RecoverOrderResult>('POST', '/api/admin/recover-order', { paymentIntentId });
}

/** A recovered order changes the backups, the order lists, stock and the outbox: refetch them. */
export function useRecoverOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recoverOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey }),
      ]),
  });
}
