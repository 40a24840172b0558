/** Axis arithmetic for the hand-drawn charts: a round top value and evenly spaced ticks. */

const NICE_STEPS = [1, 2, 2.5, 5, 10] as const;

/** The smallest "round" number (1, 2, 2.5 or 5 times a power of ten) at or above `max`; 1 for an empty chart. */
export function niceCeiling(max: number): number {
  if (!Number.isFinite(max) || max <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = NICE_STEPS.find((s) => s * magnitude >= max) ?? 10;
  return step * magnitude;
}

/** `count` + 1 ticks from 0 to `top`, inclusive. */
export function axisTicks(top: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, index) => (top * index) / count);
}

/** Shows every n-th label so that at most `maxLabels` fit under the axis. */
export function labelStride(labelCount: number, maxLabels: number): number {
  if (labelCount <= maxLabels) return 1;
  return Math.ceil(labelCount / maxLabels);
}
