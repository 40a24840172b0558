/** The CSS variable that holds the strip a bottom toast keeps (`0px` when none shows): see `toast-space.css`. */
export const TOAST_SPACE_VARIABLE = '--toast-space';

/** Air between a bottom toast and what ends above it. */
const GAP_PX = 8;

const BOTTOM_NOTICES = ['bottom', 'bottomRight', 'bottomLeft'].map((p) => `.ant-notification-${p} .ant-notification-notice`).join(', ');

/**
 * The height of the strip at the bottom of a `viewportHeight` screen that toasts whose tops are at `tops` need,
 * with a little air above them; 0 when none shows.
 */
export function toastSpace(tops: readonly number[], viewportHeight: number): number {
  if (tops.length === 0) return 0;
  return Math.max(0, Math.ceil(viewportHeight - Math.min(...tops) + GAP_PX));
}

/** The tops of the bottom toasts drawn in `layer` (those still arriving counted where they come to rest). */
function noticeTops(layer: HTMLElement): number[] {
  return Array.from(layer.querySelectorAll<HTMLElement>(BOTTOM_NOTICES))
    .map((notice) => notice.getBoundingClientRect())
    .filter((box) => box.height > 0)
    .map((box) => box.top);
}

/**
 * Keeps `--toast-space` on the root at the strip the bottom toasts in `layer` take, as they come, grow and go. The
 * admin's dialogs, drawers and bars end above that strip (`toast-space.css`), so a toast is never drawn over a
 * control. When the strip grows, the control the operator has just used (the focused one), should it now be
 * under the strip or past the end of its dialog, is scrolled back into view. Returns the function that stops it.
 */
export function keepToastSpace(layer: HTMLElement, root: HTMLElement = document.documentElement): () => void {
  let current = 0;
  const update = () => {
    const space = toastSpace(noticeTops(layer), window.innerHeight);
    if (space === current) return;
    const grew = space > current;
    current = space;
    if (space === 0) root.style.removeProperty(TOAST_SPACE_VARIABLE);
    else root.style.setProperty(TOAST_SPACE_VARIABLE, `${space}px`);
    if (grew) keepFocusInView(space);
  };
  const changes = new MutationObserver(update);
  changes.observe(layer, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style'] });
  layer.addEventListener('transitionend', update);
  layer.addEventListener('animationend', update);
  window.addEventListener('resize', update);
  update();
  return () => {
    changes.disconnect();
    layer.removeEventListener('transitionend', update);
    layer.removeEventListener('animationend', update);
    window.removeEventListener('resize', update);
    root.style.removeProperty(TOAST_SPACE_VARIABLE);
  };
}

/** The focused control, back in view above the strip (its dialog has just ended higher up) when it is not. */
function keepFocusInView(space: number): void {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return;
  const box = focused.getBoundingClientRect();
  if (box.height === 0 || box.bottom <= window.innerHeight - space) return;
  focused.scrollIntoView?.({ block: 'nearest' });
}
