import type { QueryClient } from '@tanstack/react-query';
import { readAdminToken } from '@/shared/api/admin-token';
import type { OrderStatus } from './api/get-admin-orders';
import { orderSearchPath, orderSearchQueryOptions, type OrderSearchPage, type OrderSearchParams } from './api/search-admin-orders';
import { ACTIVE_STATUSES, PENDING_STATUSES } from './order-tab-statuses';
import { readOrderSearchParams, tabSearch } from './use-order-search-params';

const TABS: Readonly<Record<string, readonly OrderStatus[]>> = {
  'active-orders': ACTIVE_STATUSES,
  'pending-orders': PENDING_STATUSES,
};

/** The search the order tab in this address asks for first (its filters, sort and page); null for another tab. */
export function firstPageQuery(searchParams: URLSearchParams): OrderSearchParams | null {
  const tab = searchParams.get('tab') ?? '';
  const statuses = TABS[tab];
  return statuses === undefined ? null : tabSearch(readOrderSearchParams(searchParams, tab, statuses), statuses);
}

/** The path of that first page's request; null for a tab without orders. */
export function firstPageSearchPath(searchParams: URLSearchParams): string | null {
  const query = firstPageQuery(searchParams);
  return query === null ? null : orderSearchPath(query);
}

/**
 * The first page an order tab will ask for, asked while the stored token is still being verified: the table
 * then shows with its rows at once. The same query the tab makes, through the API client (which takes the
 * answer the admin shell's boot script already has, and ends an expired session as every admin request does).
 */
export function prefetchOrderTab(queryClient: QueryClient, searchParams: URLSearchParams): void {
  const query = firstPageQuery(searchParams);
  if (query === null || readAdminToken() === null) return;
  void queryClient.prefetchQuery(orderSearchQueryOptions(query));
}

/** The first page the server drew the tab with: the browser's first render draws the same, without asking. */
export function seedOrderTab(queryClient: QueryClient, searchParams: URLSearchParams, page: OrderSearchPage): void {
  const query = firstPageQuery(searchParams);
  if (query !== null) queryClient.setQueryData(orderSearchQueryOptions(query).queryKey, page);
}
