import type { QueryClient } from '@tanstack/react-query';
import { prefetchOrderTab } from '@/features/admin-orders/prefetch-order-tab';
import { verifyAdminQueryOptions } from '@/features/admin-session/api/verify-admin';
import { adminTabLoader } from './admin-tab-loaders';

/**
 * An operator coming back to /admin with a token kept: the token's check and the order tab's first page are
 * asked for as soon as the shop's script runs, before its first render, and the page's code and the tab's beside
 * them, instead of one after another once the page's code has arrived and drawn the dashboard's frame. The page
 * finds the answers in the query cache. Small on purpose: it is part of every page's script. Settles when the
 * code is in (or failed to come).
 */
export function startAdminEarly(queryClient: QueryClient): Promise<void> {
  void queryClient.prefetchQuery(verifyAdminQueryOptions());
  const searchParams = new URLSearchParams(window.location.search);
  prefetchOrderTab(queryClient, searchParams);
  return loadAdminCode(searchParams.get('tab'));
}

/**
 * A returning operator's visit to /admin: the page's code and the tab's, asked for side by side as soon as the
 * shop's script runs (the tab's chunk would otherwise wait for the page's to arrive and run). Settles when both
 * are in or one failed (the router then tries again and shows its error page).
 */
function loadAdminCode(tab: string | null): Promise<void> {
  return Promise.all([import('./admin.route'), adminTabLoader(tab)()]).then(
    () => undefined,
    () => undefined,
  );
}
