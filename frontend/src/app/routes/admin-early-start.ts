import type { QueryClient } from '@tanstack/react-query';
import { prefetchOrderTab, seedOrderTab } from '@/features/admin-orders/prefetch-order-tab';
import type { OrderSearchPage } from '@/features/admin-orders/api/search-admin-orders';
import { verifyAdminQueryOptions } from '@/shared/api/admin-verify/verify-admin';
import { adminTab } from './admin-tabs';

/**
 * An operator coming back to /admin with a token kept: the token's check and the order tab's first page are
 * asked for as soon as the shop's script runs, before its first render, and the page's code and the tab's beside
 * them, instead of one after another once the page's code has arrived and drawn the dashboard's frame. The page
 * finds the answers in the query cache. Small on purpose: it is part of every page's script. Settles when the
 * code is in (true) or failed to come (false).
 */
export function startAdminEarly(queryClient: QueryClient): Promise<boolean> {
  void queryClient.prefetchQuery(verifyAdminQueryOptions());
  const searchParams = new URLSearchParams(window.location.search);
  prefetchOrderTab(queryClient, searchParams);
  return loadAdminCode(searchParams.get('tab'));
}

/**
 * The same visit when the server drew the order tab (the operator's session cookie checked): its first page is
 * taken from the page instead of asked for, and this settles once the code is in and the stored token checked,
 * so that the browser's first render draws the very table the server drew (and can take its HTML over) rather
 * than a loading frame. True when the stored token is good; false when the login is what the browser will draw.
 */
export async function takeOverDrawnAdmin(queryClient: QueryClient, firstPage: OrderSearchPage): Promise<boolean> {
  const verified = queryClient.prefetchQuery(verifyAdminQueryOptions());
  const searchParams = new URLSearchParams(window.location.search);
  seedOrderTab(queryClient, searchParams, firstPage);
  // The tab's component itself, not only its chunk: the first render must draw the tab, not its loading frame.
  const code = import('./admin.route').then((page) => page.preloadAdminTab(searchParams.get('tab')));
  await Promise.all([code, verified]);
  return queryClient.getQueryData(verifyAdminQueryOptions().queryKey) === true;
}

/**
 * A returning operator's visit to /admin: the page's code and the tab's, asked for side by side as soon as the
 * shop's script runs (the tab's chunk would otherwise wait for the page's to arrive and run). Settles when both
 * are in (true) or one failed (false: the router then tries again and shows its error page).
 */
function loadAdminCode(tab: string | null): Promise<boolean> {
  return Promise.all([import('./admin.route'), adminTab(tab).load()]).then(
    () => true,
    () => false,
  );
}
