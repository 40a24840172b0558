import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_ORDERS_KEY, type AdminOrder } from './get-admin-orders';
import { searchAdminOrders } from './search-admin-orders';

/** One order as the admin lists show it, found by its number (null when the lists do not hold it). */
export async function getAdminOrder(orderId: string): Promise<AdminOrder | null> {
  const page = await searchAdminOrders({
    q: orderId,
    statuses: [],
    from: null,
    to: null,
    fulfilment: null,
    pickupDate: null,
    sort: '-createdAt',
    page: 1,
    pageSize: 25,
  });
  return page.items.find((order) => order.id === orderId) ?? null;
}

/** Under the orders' key, so every change saved to any order reads it again (the spec's defaults: no polling). */
export function adminOrderQueryOptions(orderId: string) {
  return queryOptions({ queryKey: [...ADMIN_ORDERS_KEY, orderId, 'order'], queryFn: () => getAdminOrder(orderId) });
}

/**
 * The order an open dialog shows, read on its own: current after every change, even one that takes it off the
 * page the dialog was opened from (cancelled from the active list, paid from the pending one). Until the first
 * answer, and should the lists not hold it, the order as it was opened.
 */
export function useLiveOrder(opened: AdminOrder): AdminOrder {
  return useQuery(adminOrderQueryOptions(opened.id)).data ?? opened;
}
