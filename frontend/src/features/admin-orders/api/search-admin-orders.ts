import type { FulfilmentMethod, OrderSearchPage } from '@brewery/shop-rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { ADMIN_ORDERS_KEY, type OrderStatus } from './get-admin-orders';

export type { OrderSearchPage } from '@brewery/shop-rules';

export const ORDER_PAGE_SIZES = [25, 50, 100] as const;
export type OrderPageSize = (typeof ORDER_PAGE_SIZES)[number];
export const ORDER_SORTS = ['-createdAt', 'createdAt', '-total', 'total'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/**
 * `GET /api/admin/orders/search`'s parameters: text, statuses, Perth days (inclusive), posted or collected
 * (and which Saturday), sort and page.
 */
export interface OrderSearchParams {
  q: string;
  statuses: readonly OrderStatus[];
  from: string | null;
  to: string | null;
  /** Posted or collected orders only (null or absent: both). */
  fulfilment?: FulfilmentMethod | null;
  /** The pickups of one Saturday (`YYYY-MM-DD`); null or absent: any. */
  pickupDate?: string | null;
  sort: OrderSort;
  page: number;
  pageSize: OrderPageSize;
}

export function orderSearchQueryString(params: OrderSearchParams): string {
  const query = new URLSearchParams();
  if (params.q.trim() !== '') query.set('q', params.q.trim());
  for (const status of params.statuses) query.append('status', status);
  if (params.from !== null) query.set('from', params.from);
  if (params.to !== null) query.set('to', params.to);
  // Only when chosen: a search without them keeps the address and cache key it always had.
  if (params.fulfilment != null) query.set('fulfilment', params.fulfilment);
  if (params.pickupDate != null) query.set('pickupDate', params.pickupDate);
  query.set('sort', params.sort);
  query.set('page', String(params.page));
  query.set('pageSize', String(params.pageSize));
  return query.toString();
}

/** The request's path for these parameters. */
export function orderSearchPath(params: OrderSearchParams): string {
  return `/api/admin/orders/search?${orderSearchQueryString(params)}`;
}

export async function searchAdminOrders(params: OrderSearchParams): Promise<OrderSearchPage> {
  return (
    (await apiGet<OrderSearchPage>(orderSearchPath(params))) ?? {
      items: [],
      total: 0,
      page: params.page,
      pageSize: params.pageSize,
    }
  );
}

/** The order tables read their page again every 30 seconds, like the System tab: a new order shows by itself. */
export const ORDERS_REFRESH_MS = 30_000;

/** Under the orders' key, so every order change refetches the page; the last page stays on screen meanwhile. */
export function orderSearchQueryOptions(params: OrderSearchParams) {
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, 'search', orderSearchQueryString(params)],
    queryFn: () => searchAdminOrders(params),
    placeholderData: keepPreviousData,
    refetchInterval: ORDERS_REFRESH_MS,
  });
}

export function useOrderSearch(params: OrderSearchParams) {
  return useQuery(orderSearchQueryOptions(params));
}
