import type { TestPaymentResult } from '@brewery/shop-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { apiJson } from '@/shared/api/api-client';

export interface ConfirmTestPaymentInput {
  paymentIntentId: string;
  clientSecret: string;
  cardNumber: string;
}

/** The local test gateway's confirm route, used instead of Stripe when the shop runs without Stripe keys. */
export async function confirmTestPayment({
  paymentIntentId,
  clientSecret,
  cardNumber,
}: ConfirmTestPaymentInput): Promise<TestPaymentResult> {
  return apiJson<TestPaymentResult>('POST', `/api/test-gateway/payment-intents/${encodeURIComponent(paymentIntentId)}/confirm`, {
    cardNumber,
    clientSecret,
  });
}

/** A payment sells the reserved cans, so the shop's stock figures change. */
export function useConfirmTestPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTestPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey }),
  });
}
