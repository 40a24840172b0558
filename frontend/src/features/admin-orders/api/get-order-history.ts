import type { EventTimelineEntry } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { ADMIN_ORDERS_KEY } from './get-admin-orders';

/** One event of the order's timeline, read from its streams (oldest first). */
export type OrderHistoryEntry = EventTimelineEntry;

export async function getOrderHistory(orderId: string): Promise<OrderHistoryEntry[]> {
  return (await apiGet<OrderHistoryEntry[]>(`/api/admin/orders/${encodeURIComponent(orderId)}/history`)) ?? [];
}

export function orderHistoryQueryOptions(orderId: string) {
  return queryOptions({ queryKey: [...ADMIN_ORDERS_KEY, orderId, 'history'], queryFn: () => getOrderHistory(orderId) });
}

export function useOrderHistory(orderId: string) {
  return useQuery(orderHistoryQueryOptions(orderId));
}
