import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

export interface NotifyMeRequest {
  productId: string;
  email: string;
}

/**
 * `POST /api/products/{id}/notify-me`: the server keeps the address (once, however often it is sent) and e-mails
 * it when the beer is back or released. 202 with the sentence to show; 400 `invalid_email`, 409 `on_sale` when it
 * can be bought after all, 429 past the server's rate.
 */
export async function notifyMe({ productId, email }: NotifyMeRequest): Promise<{ message: string }> {
  return apiJson<{ message: string }>('POST', `/api/products/${encodeURIComponent(productId)}/notify-me`, { email });
}

export function useNotifyMe() {
  return useMutation({ mutationFn: notifyMe });
}
