/**
 * Moves keyboard and screen-reader focus to the page's main heading, as a page loaded afresh would be read;
 * false when the page has none yet (a lazy page's code still arriving).
 */
export function focusMainHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('#main-content h1, main h1');
  if (heading === null) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}
