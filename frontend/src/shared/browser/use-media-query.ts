import { useSyncExternalStore } from 'react';

/** Whether the screen matches `query` now, following it as it changes (false on the server). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', changed);
      return () => list?.removeEventListener('change', changed);
    },
    () => window.matchMedia?.(query).matches === true,
    () => false,
  );
}
