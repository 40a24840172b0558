import type { SeedProductsResult } from '@brewery/shop-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { invalidateProductViews } from './product-changes';

export type { SeedProductsResult } from '@brewery/shop-rules';

export async function seedProducts(): Promise<SeedProductsResult> {
  return apiJson<SeedProductsResult>('POST', '/api/admin/seed-products');
}

export function useSeedProducts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: seedProducts, onSuccess: () => invalidateProductViews(queryClient) });
}
