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

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day in Perth, `YYYY-MM-DD`. */
export type PerthDay = string;

/** The Perth day an instant falls on: 2026-11-22T15:59Z is Nov 22, 16:00Z is already Nov 23. */
export function perthDayOf(instant: string | Date): PerthDay {
  const millis = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (!Number.isFinite(millis)) throw new RangeError(`Not an instant: ${String(instant)}`);
  return new Date(millis + PERTH_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Perth day begins (its midnight, 16:00 UTC the day before), as an ISO string. */
export function perthDayStart(day: PerthDay): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - PERTH_OFFSET_MS).toISOString();
}

/** True for a real calendar day written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isPerthDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The day `days` after `day` (negative: before). */
export function addDays(day: PerthDay, days: number): PerthDay {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `start` to `end`, both included. */
export function daysBetween(start: PerthDay, end: PerthDay): PerthDay[] {
  const days: PerthDay[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** How many days from `start` to `end`, both included (0 when `end` is before `start`). */
export function dayCount(start: PerthDay, end: PerthDay): number {
  return Math.max(0, Math.round((Date.parse(`${end}T00:00:00.000Z`) - Date.parse(`${start}T00:00:00.000Z`)) / DAY_MS) + 1);
}
