import type { QueryClient } from '@tanstack/react-query';
import { productsQueryOptions } from '@/shared/api/products/get-products';

/** A product change shows in the admin list, the stock figures and the shop's own list. */
export function invalidateProductViews(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin'] }),
    queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey }),
  ]).then(() => undefined);
}
