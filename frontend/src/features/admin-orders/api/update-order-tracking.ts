import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import type { OrderStatus } from './get-admin-orders';

export interface OrderTrackingUpdate {
  orderId: string;
  status: OrderStatus;
  trackingReference: string;
}

export async function updateOrderTracking({ orderId, status, trackingReference }: OrderTrackingUpdate): Promise<{ message: string }> {
  return apiJson<{ message: string }>('PUT', `/api/admin/orders/${encodeURIComponent(orderId)}/tracking`, { trackingReference, status });
}

/** The change e-mails the customer, so the orders, their histories, reports and the outbox all move. */
export function useUpdateOrderTracking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateOrderTracking, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }) });
}
