import type { QueryClient } from '@tanstack/react-query';
import { notePosition, positionHeaders } from '@/shared/api/api-client';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import type { OrderStatus } from './api/get-admin-orders';
import { orderSearchQueryOptions, orderSearchQueryString, type OrderSearchPage } from './api/search-admin-orders';
import { ACTIVE_STATUSES, PENDING_STATUSES } from './order-tab-statuses';
import { readOrderSearchParams, tabSearch } from './use-order-search-params';

const TABS: Readonly<Record<string, readonly OrderStatus[]>> = {
  'active-orders': ACTIVE_STATUSES,
  'pending-orders': PENDING_STATUSES,
};

/**
 * The first page an order tab will ask for, asked while the stored token is still being verified: the
 * table then shows with its rows at once. Quietly: a refused token here changes nothing (the verification
 * shows the login), and the tab asks again when it mounts if this did not answer.
 */
export function prefetchOrderTab(queryClient: QueryClient, searchParams: URLSearchParams): void {
  const tab = searchParams.get('tab') ?? '';
  const statuses = TABS[tab];
  const token = window.localStorage.getItem(STORAGE_KEYS.adminToken);
  if (statuses === undefined || token === null) return;
  const params = readOrderSearchParams(searchParams, tab, statuses);
  const query = tabSearch(params, statuses);
  void queryClient.prefetchQuery({
    ...orderSearchQueryOptions(query),
    queryFn: async (): Promise<OrderSearchPage> => {
      const response = await fetch(`/api/admin/orders/search?${orderSearchQueryString(query)}`, {
        headers: { ...positionHeaders(), Authorization: `Bearer ${token}` },
        credentials: 'include',
      });
      notePosition(response);
      if (!response.ok) throw new Error(`The orders could not be loaded (${response.status})`);
      return (await response.json()) as OrderSearchPage;
    },
  });
}
