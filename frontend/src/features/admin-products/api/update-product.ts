import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import type { ProductRequestBody } from '../product-form-body';
import { invalidateProductViews } from './product-changes';

/** `PUT /api/admin/products/{id}` takes the whole form (with the revision it was filled from) or only `{ isActive }`. */
export async function updateProduct({
  id,
  body,
}: {
  id: string;
  body: ProductRequestBody & { revision: number };
}): Promise<{ id: string }> {
  return apiJson<{ id: string }>('PUT', `/api/admin/products/${encodeURIComponent(id)}`, body);
}

/** Include in Shop / Remove from Shop. */
export async function setProductActive({ id, isActive }: { id: string; isActive: boolean }): Promise<{ id: string }> {
  return apiJson<{ id: string }>('PUT', `/api/admin/products/${encodeURIComponent(id)}`, { isActive });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProduct, onSuccess: () => invalidateProductViews(queryClient) });
}

export function useSetProductActive() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setProductActive, onSuccess: () => invalidateProductViews(queryClient) });
}
