import type { Product } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client';

const FIVE_MINUTES_MS = 5 * 60 * 1000;

export async function getProducts(): Promise<Product[]> {
  return (await apiGet<Product[]>('/api/products')) ?? [];
}

/** The shop's product list; the spec caches it for 5 minutes. */
export function productsQueryOptions() {
  return queryOptions({
    queryKey: ['products'],
    queryFn: getProducts,
    staleTime: FIVE_MINUTES_MS,
  });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}

/** Reads the product list only when something else loaded it; never fetches by itself. */
export function useLoadedProducts() {
  return useQuery({ ...productsQueryOptions(), enabled: false });
}
