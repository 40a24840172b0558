import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentStatus } from '@brewery/shop-rules';
import { apiJson } from '@/shared/api/api-client';

export type { PaymentStatus } from '@brewery/shop-rules';

/** While the payment is processing, ask every second for up to 30 seconds, then stop. */
export const PAYMENT_STATUS_POLL_MS = 1000;
export const PAYMENT_STATUS_POLL_WINDOW_MS = 30_000;

/**
 * `GET /api/orders/payment-status`: what the server recorded for a payment, and its order number; only for the
 * browser that holds the payment's client secret.
 */
export async function getPaymentStatus(paymentIntentId: string, clientSecret: string): Promise<PaymentStatus> {
  const query = new URLSearchParams({ payment_intent: paymentIntentId, client_secret: clientSecret });
  return apiJson<PaymentStatus>('GET', `/api/orders/payment-status?${query.toString()}`);
}

/**
 * Still asking: the server last said `processing`, and the last try (answered or failed) was before
 * `pollUntil` (epoch ms). The page and the query's refetch interval use this same test, so the page shows
 * "still processing" exactly when asking stops.
 */
export function isStillPolling(
  data: PaymentStatus | undefined,
  at: { dataUpdatedAt: number; errorUpdatedAt: number },
  pollUntil: number,
): boolean {
  return data?.status === 'processing' && Math.max(at.dataUpdatedAt, at.errorUpdatedAt) < pollUntil;
}

export function paymentStatusQueryOptions(paymentIntentId: string, clientSecret: string, pollUntil: number) {
  return queryOptions({
    queryKey: ['payment-status', paymentIntentId],
    queryFn: () => getPaymentStatus(paymentIntentId, clientSecret),
    refetchInterval: (query) => (isStillPolling(query.state.data, query.state, pollUntil) ? PAYMENT_STATUS_POLL_MS : false),
  });
}

export function usePaymentStatus(paymentIntentId: string, clientSecret: string, enabled: boolean, pollUntil: number) {
  return useQuery({ ...paymentStatusQueryOptions(paymentIntentId, clientSecret, pollUntil), enabled });
}
