import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { invalidateProductViews } from './product-changes';

export async function deleteProduct(id: string): Promise<{ id: string }> {
  return apiJson<{ id: string }>('DELETE', `/api/admin/products/${encodeURIComponent(id)}`);
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSuccess: () => invalidateProductViews(queryClient) });
}
