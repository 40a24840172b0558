import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';

export interface StockLevelRow {
  productId: string;
  name: string;
  inventory: number;
  reserved: number;
  available: number;
  level?: string;
}

export async function getStockLevels(): Promise<StockLevelRow[]> {
  return (await apiGet<StockLevelRow[]>('/api/admin/stock-levels')) ?? [];
}

export function stockLevelsQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'stock-levels'], queryFn: getStockLevels });
}

export function useStockLevels() {
  return useQuery(stockLevelsQueryOptions());
}
