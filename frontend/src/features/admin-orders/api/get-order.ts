import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { ApiError } from '@/shared/api/api-error';
import { ADMIN_ORDERS_KEY, type AdminOrder } from './get-admin-orders';

/** How often an open order is read again while the shop is still refunding it by itself. */
export const REFUND_UNDER_WAY_POLL_MS = 2000;

/** `GET /api/admin/orders/{id}`: one order as the admin lists show it, or null when there is none (404). */
export async function getOrder(orderId: string): Promise<AdminOrder | null> {
  try {
    return await apiGet<AdminOrder>(`/api/admin/orders/${encodeURIComponent(orderId)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A refund the shop is making by itself (a cancelled order's) and has not recorded yet. */
export function refundUnderWay(order: Pick<AdminOrder, 'refundUnderWay'> | null | undefined): boolean {
  return Number(order?.refundUnderWay ?? '0') > 0;
}

/**
 * Under the orders' key, so every change saved to any order reads it again; while a refund is on its way it is
 * read again every 2 s until the refund is recorded (the money shown is never what already went back).
 */
export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, orderId, 'one'],
    queryFn: () => getOrder(orderId),
    refetchInterval: (query) => (refundUnderWay(query.state.data) ? REFUND_UNDER_WAY_POLL_MS : false),
  });
}

/**
 * The order an open dialog shows, read on its own: current after every change, even one that takes it off the
 * page the dialog was opened from. Until the first answer, and should there be none, the order as it was opened.
 */
export function useOrder(opened: AdminOrder): AdminOrder {
  return useQuery(orderQueryOptions(opened.id)).data ?? opened;
}
