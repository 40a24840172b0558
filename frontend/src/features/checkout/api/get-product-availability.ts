import type { ProductAvailability } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

/** `GET /api/products/{id}`: whether the product is on sale and how many cans can be bought now. */
export async function getProductAvailability(productId: string): Promise<ProductAvailability> {
  return apiJson<ProductAvailability>('GET', `/api/products/${encodeURIComponent(productId)}`);
}

/** Stock moves while a customer fills in the form, so the pre-payment check always asks afresh. */
export function productAvailabilityQueryOptions(productId: string) {
  return queryOptions({
    queryKey: ['products', productId, 'availability'],
    queryFn: () => getProductAvailability(productId),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useProductAvailability(productId: string) {
  return useQuery(productAvailabilityQueryOptions(productId));
}
