import type { OrderReturnAnswer } from '@brewery/shop-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

/** Cans the customer sent back, and the money it moves. */
export interface ReturnRequest {
  orderId: string;
  items: { productId: string; cans: number }[];
  /** true: the cans' value; dollars ("3.00"): that amount; false: no money moves. */
  refund: boolean | string;
  /** One key per return the operator confirmed: the same key records the same return, however often it is sent. */
  idempotencyKey: string;
}

/** What the server recorded (dollars). */
export type ReturnOutcome = OrderReturnAnswer;

/** `POST /api/admin/orders/{id}/return`. */
export async function recordReturn({ orderId, items, refund, idempotencyKey }: ReturnRequest): Promise<ReturnOutcome> {
  const response = await apiRequest(
    'POST',
    `/api/admin/orders/${encodeURIComponent(orderId)}/return`,
    { items, refund },
    { 'Idempotency-Key': idempotencyKey },
  );
  return (await response.json()) as ReturnOutcome;
}

/** A return moves the order, its history, stock, the backups, the reports and the outbox. */
export function useRecordReturn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordReturn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }) });
}
