import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { focusMainHeading } from '@/shared/browser/main-heading';

/** How long a page's heading may take to appear (a lazy page's code arriving) before focus is left alone. */
const HEADING_WAIT_MS = 3000;

/**
 * After every move to another page (not the first load, and not a change of the address's query alone, such
 * as a filter or a tab), the new page starts at its top and keyboard and screen-reader focus moves to its main
 * heading, as a page loaded afresh would be read. A lazy page's heading is waited for, a few seconds at most.
 */
export function useNavigationFocus(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    const deadline = Date.now() + HEADING_WAIT_MS;
    let frame = 0;
    const focusHeading = () => {
      if (!focusMainHeading() && Date.now() < deadline) frame = window.requestAnimationFrame(focusHeading);
    };
    frame = window.requestAnimationFrame(focusHeading);
    return () => window.cancelAnimationFrame(frame);
  }, [pathname]);
}
