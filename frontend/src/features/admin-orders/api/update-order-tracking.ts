import type { OrderTrackingOutcome } from '@brewery/shop-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import type { OrderStatus } from './get-admin-orders';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

export interface OrderTrackingUpdate {
  orderId: string;
  status: OrderStatus;
  /** Absent only for a pickup (collected at the cellar door, never posted). */
  trackingReference?: string;
  /** Whether the customer is e-mailed about the change. */
  notifyCustomer: boolean;
  /** Cancelling a paid order and keeping its payment: why (flags it for review). Absent: refunded and restocked. */
  keepPaymentReason?: string;
}

export async function updateOrderTracking({
  orderId,
  status,
  trackingReference,
  notifyCustomer,
  keepPaymentReason,
}: OrderTrackingUpdate): Promise<OrderTrackingOutcome> {
  return apiJson<OrderTrackingOutcome>('PUT', `/api/admin/orders/${encodeURIComponent(orderId)}/tracking`, {
    ...(trackingReference === undefined ? {} : { trackingReference }),
    status,
    notifyCustomer,
    ...(keepPaymentReason === undefined ? {} : { keepPaymentReason }),
  });
}

/** A change may e-mail the customer, so the orders, their histories, reports and the outbox all move. */
export function useUpdateOrderTracking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateOrderTracking, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }) });
}
