import { useMutation, useQuery } from '@tanstack/react-query';
import type { OrderStatusView } from '@brewery/shop-rules';
import { apiJson } from '@/shared/api/api-client';

export type { OrderStatusView } from '@brewery/shop-rules';

export interface OrderLookup {
  orderNumber: string;
  email: string;
}

/** By order number and e-mail address (the server answers 404 alike for either wrong, 429 past 10 a minute). */
export function useFindOrder() {
  return useMutation({
    mutationFn: (lookup: OrderLookup) => apiJson<OrderStatusView>('POST', '/api/order-status', lookup),
  });
}

/** By the signed link of the confirmation e-mail or the success page. */
export function useOrderByLink(token: string | null) {
  return useQuery({
    queryKey: ['order-status', token],
    queryFn: () => apiJson<OrderStatusView>('GET', `/api/order-status/${encodeURIComponent(token ?? '')}`),
    enabled: token !== null && token !== '',
    retry: false,
  });
}
