import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

export interface StockUpdate {
  productId?: string;
  productName?: string;
  name?: string;
  inventory?: number;
  quantity?: number;
}

export interface StockEmailResult {
  successCount: number;
  totalUpdates: number;
  /** The lines that named no product. */
  unmatched: string[];
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
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
  });
}
