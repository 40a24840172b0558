import { useEffect, useState } from 'react';

/** Often enough that a countdown reaches 0 within a quarter of a second of its end. */
const TICK_MS = 250;

function secondsUntil(endsAt: number): number {
  return Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
}

/**
 * Whole seconds left until `endsAt` (epoch ms on this browser's clock), never below 0. The component
 * re-renders only when the number changes.
 */
export function useSecondsLeft(endsAt: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(endsAt));
  useEffect(() => {
    const tick = () => setSeconds(secondsUntil(endsAt));
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [endsAt]);
  return seconds;
}

/** 9 minutes 41 seconds as "9:41". */
export function clockText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
