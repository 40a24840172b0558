import type { Product } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { adminQueryKey } from '@/shared/api/admin-query-key';

/** A product as the admin list gives it: `inventory` is the operator's stock figure, less nothing. */
export type AdminProduct = Product & {
  /** Cans held by pending checkouts. */
  reserved: number;
  /** Stock less reserved: what the shop can still sell. */
  available: number;
  /** Confirmed addresses waiting for an e-mail when this beer is back or released ("Tell me when it's back"). */
  waiting: number;
  /** Sign-ups for that list still waiting for their address to confirm. */
  waitingToConfirm?: number;
  /** Stream revision the form is filled from; a stale edit is refused. */
  revision: number;
  createdAt: string;
  updatedAt: string;
};

export async function getAdminProducts(): Promise<AdminProduct[]> {
  return (await apiGet<AdminProduct[]>('/api/admin/products')) ?? [];
}

export function adminProductsQueryOptions() {
  return queryOptions({ queryKey: adminQueryKey('products'), queryFn: getAdminProducts });
}

export function useAdminProducts() {
  return useQuery(adminProductsQueryOptions());
}
