import { QueryClient } from '@tanstack/react-query';

/**
 * The spec's data-fetching defaults: no polling, no refetch on focus, no retries, never stale.
 * Mutations invalidate what they change, so "never stale" never shows old data after a save.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
