import { useMutation, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

/** What `POST /api/order-status` and `GET /api/order-status/:token` answer: the order as its customer may see it. */
export interface OrderStatusView {
  orderNumber: string;
  status: string;
  statusLabel: string;
  placedAt: string;
  paidAt: string | null;
  items: { name: string; packSize: string; packLabel: string; packs: number; cans: number; lineTotal: string }[];
  subtotal: string;
  shipping: string;
  gstIncluded: string;
  total: string;
  refunded: string | null;
  estimatedDelivery: string;
  deliverTo: string;
  trackingReference: string | null;
  trackingUrl: string | null;
  paymentReference: string | null;
  invoiceNumber: string | null;
  invoiceUrl: string | null;
  statusUrl: string;
}

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
