import type { RebuildResult } from '@brewery/shop-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

export async function rebuildReadModels(): Promise<RebuildResult> {
  return apiJson<RebuildResult>('POST', '/api/admin/rebuild-read-models');
}

/** Every list the admin and the shop show is made again from the log: read them all again. */
export function useRebuildReadModels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rebuildReadModels,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey }),
      ]),
  });
}
