import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import type { EventActor } from './get-admin-orders';
import { ADMIN_ORDERS_KEY } from './get-admin-orders';

/** One event of the order's timeline, read from its streams (oldest first). */
export interface OrderHistoryEntry {
  at: string;
  type: string;
  summary: string;
  actor: EventActor;
  stream: string;
  revision: number;
}

export async function getOrderHistory(orderId: string): Promise<OrderHistoryEntry[]> {
  return (await apiGet<OrderHistoryEntry[]>(`/api/admin/orders/${encodeURIComponent(orderId)}/history`)) ?? [];
}

export function orderHistoryQueryOptions(orderId: string) {
  return queryOptions({ queryKey: [...ADMIN_ORDERS_KEY, orderId, 'history'], queryFn: () => getOrderHistory(orderId) });
}

export function useOrderHistory(orderId: string) {
  return useQuery(orderHistoryQueryOptions(orderId));
}
