import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

export interface LabelFromEmailInput {
  orderId: string;
  emailContent: string;
}

export interface LabelFromEmailResult {
  /** The consignment number, under the name the spec gives it for this route. */
  trackingNumber: string;
  consignmentNumber: string;
  /** The carrier's tracking page for the consignment. */
  trackingUrl: string;
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
