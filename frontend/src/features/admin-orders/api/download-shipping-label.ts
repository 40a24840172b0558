import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';

export function shippingLabelFileName(orderId: string): string {
  return `shipping-label-order-${orderId}.pdf`;
}

/** The label PDF of one order, as a Blob for the browser to save. */
export async function downloadShippingLabel(orderId: string): Promise<Blob> {
  const response = await apiRequest('GET', `/api/admin/orders/${encodeURIComponent(orderId)}/shipping-label`);
  return response.blob();
}

export function useDownloadShippingLabel() {
  return useMutation({ mutationFn: downloadShippingLabel });
}

export function packingSlipFileName(orderId: string): string {
  return `packing-slip-order-${orderId}.pdf`;
}

/** What goes in one order's box, as an A6 PDF for the browser to save. */
export async function downloadPackingSlip(orderId: string): Promise<Blob> {
  const response = await apiRequest('GET', `/api/admin/orders/${encodeURIComponent(orderId)}/packing-slip`);
  return response.blob();
}

export function useDownloadPackingSlip() {
  return useMutation({ mutationFn: downloadPackingSlip });
}
