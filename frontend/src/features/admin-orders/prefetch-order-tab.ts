import type { QueryClient } from '@tanstack/react-query';
import { notePosition, positionHeaders } from '@/shared/api/api-client';
import { takeEarlyResponse } from '@/shared/api/early-requests';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
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
 * The first page an order tab will ask for, asked while the stored token is still being verified: the
 * table then shows with its rows at once. Quietly: a refused token here changes nothing (the verification
 * shows the login), and the tab asks again when it mounts if this did not answer. The admin shell's boot
 * script may have asked already: its answer is taken instead of asking twice.
 */
export function prefetchOrderTab(queryClient: QueryClient, searchParams: URLSearchParams): void {
  const query = firstPageQuery(searchParams);
  const token = window.localStorage.getItem(STORAGE_KEYS.adminToken);
  if (query === null || token === null) return;
  const path = orderSearchPath(query);
  void queryClient.prefetchQuery({
    ...orderSearchQueryOptions(query),
    queryFn: async (): Promise<OrderSearchPage> => {
      const response = await (takeEarlyResponse(path) ??
        fetch(path, {
          headers: { ...positionHeaders(), Authorization: `Bearer ${token}` },
          credentials: 'include',
        }));
      notePosition(response);
      if (!response.ok) throw new Error(`The orders could not be loaded (${response.status})`);
      return (await response.json()) as OrderSearchPage;
    },
  });
}

/** The first page the server drew the tab with: the browser's first render draws the same, without asking. */
export function seedOrderTab(queryClient: QueryClient, searchParams: URLSearchParams, page: OrderSearchPage): void {
  const query = firstPageQuery(searchParams);
  if (query !== null) queryClient.setQueryData(orderSearchQueryOptions(query).queryKey, page);
}
