import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import type { ProductRequestBody } from '../product-form-body';
import { invalidateProductViews } from './product-changes';

export async function createProduct(body: ProductRequestBody): Promise<{ id: string }> {
  return apiJson<{ id: string }>('POST', '/api/admin/products', body);
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSuccess: () => invalidateProductViews(queryClient) });
}
