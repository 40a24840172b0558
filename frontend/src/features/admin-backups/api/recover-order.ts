import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

export interface RecoverOrderResult {
  message: string;
}

export async function recoverOrder(paymentIntentId: string): Promise<RecoverOrderResult> {
  return apiJson<RecoverOrderResult>('POST', '/api/admin/recover-order', { paymentIntentId });
}

/** A recovered order changes the backups, the order lists and stock; refetch everything admin. */
export function useRecoverOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recoverOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
