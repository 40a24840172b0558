import type { LabelFromEmailResult } from '@brewery/shop-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

export type { LabelFromEmailResult } from '@brewery/shop-rules';

export interface LabelFromEmailInput {
  orderId: string;
  emailContent: string;
}

export async function createShippingLabelFromEmail(input: LabelFromEmailInput): Promise<LabelFromEmailResult> {
  return apiJson<LabelFromEmailResult>('POST', '/api/admin/create-shipping-label-email', input);
}

/** A label gives the order its consignment, a history entry and an e-mail: every admin view may change. */
export function useCreateShippingLabelFromEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShippingLabelFromEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
