/**
 * Fault tests run quick in `npm test` and long in `npm run test:faults` (FAULT_SCALE=long): the same
 * properties, more cycles, requests and cases.
 */
export const LONG_RUN = process.env.FAULT_SCALE === 'long';

export function byScale<T>(quick: T, long: T): T {
  return LONG_RUN ? long : quick;
}
