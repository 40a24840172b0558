import type { AutoFixResult } from '@brewery/shop-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

export async function runAutoFix(): Promise<AutoFixResult> {
  return apiJson<AutoFixResult>('POST', '/api/admin/auto-fix');
}

/** Fixes touch orders, stock, payments and e-mails: refetch every admin view and the shop's stock. */
export function useAutoFix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAutoFix,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey }),
      ]),
  });
}
