import type { EventTimelineEntry } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { adminProductsQueryOptions } from './get-admin-products';

/** One change of a beer (details, prices, visibility, stock, limit) or one of its stock alerts, oldest first. */
export type ProductHistoryEntry = EventTimelineEntry;

export async function getProductHistory(productId: string): Promise<ProductHistoryEntry[]> {
  return (await apiGet<ProductHistoryEntry[]>(`/api/admin/products/${encodeURIComponent(productId)}/history`)) ?? [];
}

/** Under the products' key: every product mutation invalidates it, so an open history shows the change. */
export function productHistoryQueryOptions(productId: string) {
  return queryOptions({
    queryKey: [...adminProductsQueryOptions().queryKey, productId, 'history'],
    queryFn: () => getProductHistory(productId),
  });
}

export function useProductHistory(productId: string) {
  return useQuery(productHistoryQueryOptions(productId));
}
