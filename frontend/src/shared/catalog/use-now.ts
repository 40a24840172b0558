import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * One clock per tick length for the whole page, however many cards read it: a phone runs a single timer, and only
 * while some card still counts down to an instant. Ticks land on whole seconds (whole minutes for a minute's
 * clock), so a countdown to 10:00:00 opens at 10:00:00 and not up to a second after it.
 */
interface Clock {
  intervalMs: number;
  /** The time every reader sees until the next tick. */
  now: number;
  timer: ReturnType<typeof setTimeout> | null;
  watchers: Set<Watcher>;
}

interface Watcher {
  /** The instant this reader counts down to; past it, it needs no more ticks. */
  until: number;
  notify: () => void;
}

/** Timers may fire a little early: a tick waits a few milliseconds past the second it shows. */
const TICK_LATE_MS = 5;

const clocks = new Map<number, Clock>();

function clockOf(intervalMs: number): Clock {
  let clock = clocks.get(intervalMs);
  if (clock === undefined) {
    clock = { intervalMs, now: Date.now(), timer: null, watchers: new Set() };
    clocks.set(intervalMs, clock);
  }
  return clock;
}

/**
 * The clock's time. While it ticks that is the last tick's; while it is still, a reading a tick or more away from
 * the real time takes the real time, so a card drawn long after the last countdown ended does not start from then
 * (nor from a time ahead, when the device's clock was set back).
 */
function readClock(clock: Clock): number {
  if (clock.timer === null && Math.abs(Date.now() - clock.now) >= clock.intervalMs) clock.now = Date.now();
  return clock.now;
}

/** Ticks while some reader's instant is still ahead of the time it shows, and stops when none is. */
function schedule(clock: Clock): void {
  const wanted = [...clock.watchers].some((watcher) => watcher.until > clock.now);
  if (!wanted) {
    if (clock.timer !== null) clearTimeout(clock.timer);
    clock.timer = null;
    return;
  }
  if (clock.timer !== null) return;
  const delay = clock.intervalMs - (Date.now() % clock.intervalMs) + TICK_LATE_MS;
  clock.timer = setTimeout(() => tick(clock), delay);
}

function tick(clock: Clock): void {
  clock.timer = null;
  const before = clock.now;
  clock.now = Date.now();
  // A reader whose instant had already passed draws the same as before: it is not woken.
  for (const watcher of clock.watchers) if (watcher.until > before) watcher.notify();
  schedule(clock);
}

function watch(clock: Clock, until: number, notify: () => void): () => void {
  const watcher: Watcher = { until, notify };
  // A reader that comes while the clock is still gets the time now (React reads it again after subscribing).
  if (clock.timer === null) clock.now = Date.now();
  clock.watchers.add(watcher);
  schedule(clock);
  return () => {
    clock.watchers.delete(watcher);
    schedule(clock);
  };
}

const noWatch = () => () => undefined;

/**
 * The time now, moving every `intervalMs` until the instant `until` (an ISO-8601 string) has come; with no
 * instant, or one already past, it does not move. The server's drawing and the browser's first drawing read the
 * same shared time, so a card decides before and after hydrating alike.
 */
export function useNow(intervalMs: number, until?: string | null): Date {
  const clock = clockOf(intervalMs);
  const untilMs = typeof until === 'string' ? Date.parse(until) : Number.NaN;
  const subscribe = useCallback(
    (notify: () => void) => (Number.isNaN(untilMs) ? noWatch() : watch(clock, untilMs, notify)),
    [clock, untilMs],
  );
  const read = useCallback(() => readClock(clock), [clock]);
  const now = useSyncExternalStore(subscribe, read, read);
  return useMemo(() => new Date(now), [now]);
}

const alwaysTrue = () => true;
const alwaysFalse = () => false;

/**
 * False while the server draws the page and while the browser takes its HTML over, true afterwards: what moves
 * every second (a countdown) is shown only then, as a cached page may have been drawn long before.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noWatch, alwaysTrue, alwaysFalse);
}
