import { isFulfilmentMethod, type FulfilmentMethod } from '@brewery/shop-rules';
import { useSearchParams } from 'react-router-dom';
import type { OrderStatus } from './api/get-admin-orders';
import { ORDER_PAGE_SIZES, ORDER_SORTS, type OrderPageSize, type OrderSearchParams, type OrderSort } from './api/search-admin-orders';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A tab's search as its address holds it: every parameter said, the fulfilment ones too. */
export type TabSearchParams = OrderSearchParams & { fulfilment: FulfilmentMethod | null; pickupDate: string | null };

/** What a tab asks the server for: with no status chosen, every status the tab shows. */
export function tabSearch<P extends OrderSearchParams>(params: P, statuses: readonly OrderStatus[]): P {
  return { ...params, statuses: params.statuses.length > 0 ? params.statuses : statuses };
}

/**
 * How many filters narrow the list beside the search text: the statuses ticked (one filter), each day, the
 * fulfilment and its Saturday. A phone's folded Filters button shows it.
 */
export function activeFilterCount(params: TabSearchParams): number {
  return [
    params.statuses.length > 0,
    params.from !== null,
    params.to !== null,
    params.fulfilment !== null,
    params.pickupDate !== null,
  ].filter(Boolean).length;
}

/** The search an order tab's address asks for (its defaults for anything missing or unusable). */
export function readOrderSearchParams(searchParams: URLSearchParams, tab: string, allowed: readonly OrderStatus[]): TabSearchParams {
  const mine = searchParams.get('tab') === tab;
  const read = (key: string): string | null => (mine ? searchParams.get(key) : null);
  const sort = read('sort');
  const pageSize = Number(read('pageSize'));
  const page = Number(read('page'));
  const from = read('from');
  const to = read('to');
  const fulfilment = read('fulfilment');
  const pickupDate = read('pickupDate');
  return {
    q: read('q') ?? '',
    statuses: mine ? searchParams.getAll('status').filter((s): s is OrderStatus => (allowed as readonly string[]).includes(s)) : [],
    from: from !== null && DAY.test(from) ? from : null,
    to: to !== null && DAY.test(to) ? to : null,
    fulfilment: isFulfilmentMethod(fulfilment) ? fulfilment : null,
    // A Saturday is chosen among the pickups only (the filter offers it there); alone it would hide every posted order.
    pickupDate: fulfilment === 'pickup' && pickupDate !== null && DAY.test(pickupDate) ? pickupDate : null,
    sort: (ORDER_SORTS as readonly string[]).includes(sort ?? '') ? (sort as OrderSort) : '-createdAt',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (ORDER_PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as OrderPageSize) : 25,
  };
}

/**
 * An order tab's search, kept in the address
 * (`?tab=active&q=…&status=…&from=…&to=…&fulfilment=…&pickupDate=…&sort=…&page=…&pageSize=…`),
 * so a reload, a bookmark or a link shows the same orders. Read only while `tab` is the address's tab (another
 * tab's filters never leak in); anything the address holds that the tab cannot use falls back to its default.
 */
export function useOrderSearchParams(
  tab: string,
  allowed: readonly OrderStatus[],
): [TabSearchParams, (change: Partial<TabSearchParams>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readOrderSearchParams(searchParams, tab, allowed);

  const update = (change: Partial<TabSearchParams>) => {
    // A new filter or sort starts again at the first page; only a page change keeps its own page.
    const next: TabSearchParams = { ...params, ...change, page: change.page ?? 1 };
    const query = new URLSearchParams({ tab });
    if (next.q.trim() !== '') query.set('q', next.q.trim());
    for (const status of next.statuses) query.append('status', status);
    if (next.from !== null) query.set('from', next.from);
    if (next.to !== null) query.set('to', next.to);
    if (next.fulfilment !== null) query.set('fulfilment', next.fulfilment);
    if (next.fulfilment === 'pickup' && next.pickupDate !== null) query.set('pickupDate', next.pickupDate);
    if (next.sort !== '-createdAt') query.set('sort', next.sort);
    if (next.page !== 1) query.set('page', String(next.page));
    if (next.pageSize !== 25) query.set('pageSize', String(next.pageSize));
    setSearchParams(query, { replace: true });
  };
  return [params, update];
}
