import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

/** A product line that was applied: the stock figure before and now. */
export interface StockUpdate {
  productId: string;
  name: string;
  previous: number;
  inventory: number;
  /** False when the e-mail gave the figure the product already had. */
  changed: boolean;
}

/** A line that changed nothing, with the reason (no such product, two products match, unreadable count). */
export interface UnmatchedStockLine {
  line: string;
  lineNumber: number;
  reason: string;
}

export interface StockEmailResult {
  successCount: number;
  totalUpdates: number;
  unmatched: UnmatchedStockLine[];
  updates: StockUpdate[];
}

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
