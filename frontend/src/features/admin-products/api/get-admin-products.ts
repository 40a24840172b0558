import type { AdminProduct } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { adminQueryKey } from '@/shared/api/admin-query-key';

export type { AdminProduct } from '@brewery/shop-rules';

export async function getAdminProducts(): Promise<AdminProduct[]> {
  return (await apiGet<AdminProduct[]>('/api/admin/products')) ?? [];
}

export function adminProductsQueryOptions() {
  return queryOptions({ queryKey: adminQueryKey('products'), queryFn: getAdminProducts });
}

export function useAdminProducts() {
  return useQuery(adminProductsQueryOptions());
}
