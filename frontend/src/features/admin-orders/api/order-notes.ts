import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

export async function addOrderNote({ orderId, note }: { orderId: string; note: string }): Promise<{ message: string }> {
  return apiJson('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/notes`, { note });
}

/** A note moves the order (its notes) and its history. */
export function useAddOrderNote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addOrderNote, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }) });
}
