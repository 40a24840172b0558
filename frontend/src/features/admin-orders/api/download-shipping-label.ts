import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';

/** The PDFs of one order: its parcel label, and its packing slip (what goes in the box). */
type OrderPaper = 'shipping-label' | 'packing-slip';

export function shippingLabelFileName(orderId: string): string {
  return `shipping-label-order-${orderId}.pdf`;
}

export function packingSlipFileName(orderId: string): string {
  return `packing-slip-order-${orderId}.pdf`;
}

/** One of the order's PDFs, as a Blob for the browser to save. */
async function downloadOrderPaper(orderId: string, paper: OrderPaper): Promise<Blob> {
  const response = await apiRequest('GET', `/api/admin/orders/${encodeURIComponent(orderId)}/${paper}`);
  return response.blob();
}

export function useDownloadShippingLabel() {
  return useMutation({ mutationFn: (orderId: string) => downloadOrderPaper(orderId, 'shipping-label') });
}

export function useDownloadPackingSlip() {
  return useMutation({ mutationFn: (orderId: string) => downloadOrderPaper(orderId, 'packing-slip') });
}
