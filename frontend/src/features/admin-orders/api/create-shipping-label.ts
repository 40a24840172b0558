import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import type { ShippingLabelInfo } from './get-admin-orders';
import { ADMIN_ORDERS_KEY } from './get-admin-orders';

export async function createShippingLabel(orderId: string): Promise<ShippingLabelInfo> {
  return apiJson<ShippingLabelInfo>('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/create-shipping-label`);
}

export function useCreateShippingLabel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createShippingLabel, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }) });
}
