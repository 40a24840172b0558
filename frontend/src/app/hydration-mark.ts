import { useEffect } from 'react';

/**
 * Marks the document once the shop's code has taken over the page (`<html data-hydrated="true">`): the
 * browser tests wait for it before they tap, and support can see it in the page.
 */
export function useHydrationMark(): void {
  useEffect(() => {
    document.documentElement.dataset['hydrated'] = 'true';
  }, []);
}
