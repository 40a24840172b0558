import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

/** Orders one bulk request may name (the server refuses more). */
export const MAX_BULK_ORDERS = 200;

/**
 * The labels of the orders as one PDF (one A6 page each, in this order); missing labels are created. With
 * `packingSlips`, each order's packing slip follows its label.
 */
export async function printLabels({ orderIds, packingSlips }: { orderIds: readonly string[]; packingSlips: boolean }): Promise<Blob> {
  return (await apiRequest('POST', '/api/admin/shipping-labels/bulk', { orderIds, packingSlips })).blob();
}

/** What to pull for the orders, per beer and pack size. */
export async function pickList({ orderIds, format }: { orderIds: readonly string[]; format: 'pdf' | 'csv' }): Promise<Blob> {
  return (await apiRequest('POST', '/api/admin/pick-list', { orderIds, format })).blob();
}

/** Printing creates labels (and their tracking references): the orders and the Shipping tab move. */
export function usePrintLabels() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: printLabels, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }) });
}

export function usePickList() {
  return useMutation({ mutationFn: pickList });
}
