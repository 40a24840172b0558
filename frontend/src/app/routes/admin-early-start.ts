import type { QueryClient } from '@tanstack/react-query';
import { prefetchOrderTab } from '@/features/admin-orders/prefetch-order-tab';
import { verifyAdminQueryOptions } from '@/features/admin-session';

/**
 * An operator coming back to /admin with a token kept: the token's check, the order tab's first page and the
 * page's code are all asked for as soon as the shop's script runs, side by side, instead of one after another
 * once the page's code has arrived and drawn the dashboard's frame. The page then finds them in the query cache.
 */
export function startAdminEarly(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(verifyAdminQueryOptions());
  prefetchOrderTab(queryClient, new URLSearchParams(window.location.search));
  void import('./admin.route').catch(() => undefined);
}
