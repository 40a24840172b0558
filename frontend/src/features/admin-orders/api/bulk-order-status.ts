import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import type { BulkOrderStatusOutcome } from '@brewery/shop-rules';
import type { OrderStatus } from './get-admin-orders';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

export interface BulkOrderStatusChange {
  orderIds: readonly string[];
  status: OrderStatus;
  /** Whether each customer whose order changes is e-mailed. */
  notifyCustomer: boolean;
}

export async function setOrdersStatus(change: BulkOrderStatusChange): Promise<BulkOrderStatusOutcome> {
  return apiJson<BulkOrderStatusOutcome>('POST', '/api/admin/orders/bulk-status', change);
}

/** The orders, their histories, reports and the outbox all move. */
export function useSetOrdersStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setOrdersStatus, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }) });
}
