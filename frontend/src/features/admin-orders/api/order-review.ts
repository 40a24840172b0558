import type { RefundOutcome } from '@brewery/shop-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@/shared/api/api-client';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

export interface RefundRequest {
  orderId: string;
  /** Dollars with at most two decimals; absent: everything not yet refunded. */
  amount?: string;
  /** Instead of an amount: cans of the order's beers, priced by the server from the order's own lines. */
  items?: { productId: string; cans: number }[];
  note: string;
  /** One key per refund the operator confirmed: the same key gives the same refund, however often it is sent. */
  idempotencyKey: string;
}

export async function refundOrder({ orderId, amount, items, note, idempotencyKey }: RefundRequest): Promise<RefundOutcome> {
  const response = await apiRequest(
    'POST',
    `/api/admin/orders/${encodeURIComponent(orderId)}/refund`,
    { ...(amount === undefined ? {} : { amount }), ...(items === undefined ? {} : { items }), note },
    { 'Idempotency-Key': idempotencyKey },
  );
  return (await response.json()) as RefundOutcome;
}

export async function resolveReview({ orderId, note }: { orderId: string; note: string }): Promise<{ message: string; changed: boolean }> {
  return apiJson('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/resolve`, { note });
}

/** A refund moves the order, its history, the backups, the reports and the outbox. */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refundOrder, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }) });
}

/** A resolved review leaves the System tab's count and shows in the order's history. */
export function useResolveReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resolveReview, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }) });
}
