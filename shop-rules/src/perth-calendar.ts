/** Perth's calendar, as the shop's rules read it: Perth keeps UTC+8 all year (no daylight saving). */

export const PERTH_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The Perth calendar date of an instant as invoices write it: 2026-11-28T22:46:00Z (6:46 am in Perth) is "29 November 2026". */
export function perthLongDate(instant: string): string {
  const perth = new Date(Date.parse(instant) + PERTH_OFFSET_MS);
  if (Number.isNaN(perth.getTime())) throw new RangeError(`Not an instant: ${instant}`);
  return `${perth.getUTCDate()} ${MONTHS[perth.getUTCMonth()] ?? ''} ${perth.getUTCFullYear()}`;
}
