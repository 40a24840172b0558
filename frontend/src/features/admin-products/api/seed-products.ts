import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { invalidateProductViews } from './product-changes';

export interface SeedProductsResult {
  /** Beers added by this run. */
  created: number;
  /** Beers that were already there. */
  skipped: number;
  /** Of those, beers the operator deleted: they stay deleted. Absent from servers that did not say. */
  deleted?: number;
}

export async function seedProducts(): Promise<SeedProductsResult> {
  return apiJson<SeedProductsResult>('POST', '/api/admin/seed-products');
}

export function useSeedProducts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: seedProducts, onSuccess: () => invalidateProductViews(queryClient) });
}
