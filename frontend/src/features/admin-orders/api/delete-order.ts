import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

export async function deleteOrder(orderId: string): Promise<{ message: string; orderId: string }> {
  return apiJson<{ message: string; orderId: string }>('DELETE', `/api/admin/orders/${encodeURIComponent(orderId)}`);
}

/** A deleted pending order gives its reserved cans back: orders, stock and the shop's list all change. */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey }),
      ]),
  });
}
