import type { AdminOrder } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { adminQueryKey } from '@/shared/api/admin-query-key';

export {
  ID_TYPES,
  ORDER_STATUSES,
  type AdminOrder,
  type AdminOrderItem,
  type IdType,
  type OrderStatus,
  type ShippingLabelInfo,
} from '@brewery/shop-rules';

export async function getAdminOrders(): Promise<AdminOrder[]> {
  return (await apiGet<AdminOrder[]>('/api/admin/orders')) ?? [];
}

/** Every order-related query key starts here, so one invalidation refreshes lists and histories. */
export const ADMIN_ORDERS_KEY = adminQueryKey('orders');

export function adminOrdersQueryOptions() {
  return queryOptions({ queryKey: ADMIN_ORDERS_KEY, queryFn: getAdminOrders });
}

export function useAdminOrders() {
  return useQuery(adminOrdersQueryOptions());
}
