import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

export interface PaymentStatus {
  status: 'succeeded' | 'processing' | 'failed' | 'unknown';
  orderId?: string;
}

/** While the provider's confirmation is on its way, ask again a few times, then stop. */
export const PAYMENT_STATUS_POLL_MS = 2000;
export const PAYMENT_STATUS_MAX_POLLS = 5;

/** `GET /api/orders/payment-status`: what the server recorded for a payment, and its order number. */
export async function getPaymentStatus(paymentIntentId: string): Promise<PaymentStatus> {
  return apiJson<PaymentStatus>('GET', `/api/orders/payment-status?payment_intent=${encodeURIComponent(paymentIntentId)}`);
}

export function paymentStatusQueryOptions(paymentIntentId: string) {
  return queryOptions({
    queryKey: ['payment-status', paymentIntentId],
    queryFn: () => getPaymentStatus(paymentIntentId),
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' && query.state.dataUpdateCount <= PAYMENT_STATUS_MAX_POLLS ? PAYMENT_STATUS_POLL_MS : false,
  });
}

export function usePaymentStatus(paymentIntentId: string, enabled: boolean) {
  return useQuery({ ...paymentStatusQueryOptions(paymentIntentId), enabled });
}
