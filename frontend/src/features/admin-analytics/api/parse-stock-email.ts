import type { StockEmailResult } from '@brewery/shop-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

export type { StockEmailResult } from '@brewery/shop-rules';

export async function parseStockEmail(emailContent: string): Promise<StockEmailResult> {
  return apiJson<StockEmailResult>('POST', '/api/admin/parse-stock-email', { emailContent });
}

/** New stock figures change the stock cards and every product list. */
export function useParseStockEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: parseStockEmail,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey }),
      ]);
    },
  });
}
