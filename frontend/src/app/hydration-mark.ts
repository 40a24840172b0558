import { useEffect } from 'react';
import type { KeptTaps } from './tap-keeper';

/**
 * Marks the document once the shop's code has taken over the page (`<html data-hydrated="true">`): the
 * browser tests wait for it before they tap, and support can see it in the page. The taps kept while the code
 * was on its way (`tap-keeper.ts`) are then given to it, in order.
 */
export function useHydrationMark(): void {
  useEffect(() => {
    document.documentElement.dataset['hydrated'] = 'true';
    void (window as Window & { keptTaps?: KeptTaps }).keptTaps?.replay();
  }, []);
}
