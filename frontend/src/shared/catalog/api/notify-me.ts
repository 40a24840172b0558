import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

export interface NotifyMeRequest {
  productId: string;
  email: string;
}

/**
 * `POST /api/products/{id}/notify-me`: the server signs the address up (once, however often it is sent) and e-mails
 * it a link to confirm; once confirmed, it is e-mailed when the beer is back or released. 202 with the sentence to
 * show ("Check your inbox to confirm…"); 400 `invalid_email`, 409 `on_sale` when it can be bought after all, 409
 * `list_full`, 429 past the server's rate or its sign-ups waiting to be confirmed from here.
 */
export async function notifyMe({ productId, email }: NotifyMeRequest): Promise<{ message: string }> {
  return apiJson<{ message: string }>('POST', `/api/products/${encodeURIComponent(productId)}/notify-me`, { email });
}

export function useNotifyMe() {
  return useMutation({ mutationFn: notifyMe });
}
