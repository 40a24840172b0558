import { useEffect, useState } from 'react';

/** The width a chart is drawn for before it is measured (and on the server). */
export const DEFAULT_CHART_WIDTH = 640;
/** Narrower than this, a chart is drawn for this width and scaled down (the labels stay at least 11 px on a 320 px phone). */
const NARROWEST_CHART = 300;

/** The charts' text size, in px: the drawing is as wide as it is shown, so a unit of the drawing is a pixel. */
export const CHART_TEXT_PX = 12;

/** The width to draw a chart for, from the width it is shown at (null before it is measured). */
export function chartWidth(shown: number | null): number {
  if (shown === null || !Number.isFinite(shown) || shown <= 0) return DEFAULT_CHART_WIDTH;
  return Math.max(NARROWEST_CHART, Math.round(shown));
}

/**
 * A ref for the element a chart is drawn in, and the width it is shown at, followed as it changes (a phone turned,
 * a window resized), or null before it is measured. A chart drawn for this width scales by 1: its 12 px labels are
 * 12 px on the screen, not 6 on a phone.
 */
export function useShownWidth(): [ref: (element: HTMLElement | null) => void, width: number | null] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    if (element === null) return;
    const measure = () => setWidth(element.getBoundingClientRect().width || null);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}
