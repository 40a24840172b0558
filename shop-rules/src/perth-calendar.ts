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
