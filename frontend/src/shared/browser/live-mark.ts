import { useEffect, useRef, type RefObject } from 'react';

/**
 * The root element of a part of the page that hydrates on its own (inside its own Suspense boundary, as each of
 * the shop's cards): the server draws `data-hydrates-alone` on it, and it gains `data-live` once its code has
 * taken it over. A tap kept on it before then is replayed only once it is live (`app/tap-keeper.ts`): a radio
 * clicked while React has not yet taken its part over would be checked by the browser alone.
 */
export function useLiveMark<T extends HTMLElement>(): { ref: RefObject<T | null>; 'data-hydrates-alone': '' } {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.setAttribute('data-live', '');
  }, []);
  return { ref, 'data-hydrates-alone': '' };
}
