import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';

/** The A6 label PDF of an order, as a Blob for the browser to save. */
export async function downloadLabel(orderId: string): Promise<Blob> {
  return (await apiRequest('GET', `/api/admin/orders/${encodeURIComponent(orderId)}/shipping-label`)).blob();
}

export function useDownloadLabel() {
  return useMutation({ mutationFn: downloadLabel });
}
