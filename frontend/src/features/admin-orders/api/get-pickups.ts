import type { PickupList } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { ADMIN_ORDERS_KEY } from './get-admin-orders';
import { ORDERS_REFRESH_MS } from './search-admin-orders';

export type { PickupList, PickupListEntry } from '@brewery/shop-rules';

/** `GET /api/admin/pickups?date=`: a Saturday's orders to hand over at the cellar door, by customer name. */
export async function getPickups(date: string): Promise<PickupList | null> {
  return apiGet<PickupList>(`/api/admin/pickups?date=${encodeURIComponent(date)}`);
}

/**
 * Under the orders' key, so a hand-over or any other order change reads the list again; read again every 30
 * seconds like the order tables, as another device at the door may hand orders over too.
 */
export function pickupsQueryOptions(date: string) {
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, 'pickups', date],
    queryFn: () => getPickups(date),
    refetchInterval: ORDERS_REFRESH_MS,
  });
}

/** The list of the Saturday `date`, read while the cellar door view is open. */
export function usePickups(date: string, open: boolean) {
  return useQuery({ ...pickupsQueryOptions(date), enabled: open });
}
