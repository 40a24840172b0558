import type { ShippingState } from './catalog.types';

type PostcodeRange = readonly [from: number, to: number];

/** Perth metropolitan postcodes (the intent of the old shop's range check: docs/decisions/0004, item 2). */
const PERTH_METRO_RANGES: readonly PostcodeRange[] = [
  [6000, 6214],
  [6800, 6997],
];

/** Australia Post's postcode ranges per state, with post office boxes and large-volume receivers. */
const STATE_RANGES: Readonly<Record<ShippingState, readonly PostcodeRange[]>> = {
  NSW: [
    [1000, 1999],
    [2000, 2599],
    [2619, 2899],
    [2921, 2999],
  ],
  ACT: [
    [200, 299],
    [2600, 2618],
    [2900, 2920],
  ],
  VIC: [
    [3000, 3999],
    [8000, 8999],
  ],
  QLD: [
    [4000, 4999],
    [9000, 9999],
  ],
  SA: [[5000, 5999]],
  WA: [[6000, 6999]],
  TAS: [[7000, 7999]],
  NT: [[800, 999]],
};

/** An Australian postcode is exactly four digits ("0800" for Darwin keeps its leading zero). */
function postcodeNumber(postCode: string): number | null {
  const trimmed = postCode.trim();
  return /^\d{4}$/.test(trimmed) ? Number(trimmed) : null;
}

function inRanges(postCode: string, ranges: readonly PostcodeRange[]): boolean {
  const value = postcodeNumber(postCode);
  return value !== null && ranges.some(([from, to]) => value >= from && value <= to);
}

export function isPerthMetroPostcode(postCode: string): boolean {
  return inRanges(postCode, PERTH_METRO_RANGES);
}

export function postcodeBelongsToState(postCode: string, state: ShippingState): boolean {
  return inRanges(postCode, STATE_RANGES[state]);
}
