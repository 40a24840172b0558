/** A global log position: a non-negative safe integer (a larger one could not round-trip as a number). */
export function assertPosition(position: number): void {
  if (!Number.isSafeInteger(position) || position < 0) {
    throw new RangeError(`A checkpoint position must be a non-negative safe integer, got ${String(position)}`);
  }
}
