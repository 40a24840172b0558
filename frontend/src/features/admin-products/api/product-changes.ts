import type { QueryClient } from '@tanstack/react-query';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

/** A product change shows in the admin list, the stock figures and the shop's own list. */
export function invalidateProductViews(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey }),
  ]).then(() => undefined);
}
