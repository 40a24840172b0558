import type { StockLevelRow } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { adminQueryKey } from '@/shared/api/admin-query-key';

export async function getStockLevels(): Promise<StockLevelRow[]> {
  return (await apiGet<StockLevelRow[]>('/api/admin/stock-levels')) ?? [];
}

export function stockLevelsQueryOptions() {
  return queryOptions({ queryKey: adminQueryKey('stock-levels'), queryFn: getStockLevels });
}

export function useStockLevels() {
  return useQuery(stockLevelsQueryOptions());
}
