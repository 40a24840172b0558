import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { adminQueryKey } from '@/shared/api/admin-query-key';

export interface StockLevelRow {
  productId: string;
  name: string;
  /** The operator's stock figure; it falls when a payment succeeds. */
  inventory: number;
  /** Cans held by checkouts waiting for payment. */
  reserved: number;
  available: number;
}

export async function getStockLevels(): Promise<StockLevelRow[]> {
  return (await apiGet<StockLevelRow[]>('/api/admin/stock-levels')) ?? [];
}

export function stockLevelsQueryOptions() {
  return queryOptions({ queryKey: adminQueryKey('stock-levels'), queryFn: getStockLevels });
}

export function useStockLevels() {
  return useQuery(stockLevelsQueryOptions());
}
