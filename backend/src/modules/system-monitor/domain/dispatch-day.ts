/**
 * The brewery dispatches on Mondays, Wednesdays and Thursdays from Perth. Perth is UTC+8 all year (no
 * daylight saving), so a fixed offset is exact. A paid order is packed for the first dispatch day after the
 * day it was paid on (Perth calendar); it is overdue once that day has ended without it leaving.
 */
const PERTH_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** getUTCDay() numbers: Monday 1, Wednesday 3, Thursday 4. */
const DISPATCH_WEEKDAYS: readonly number[] = [1, 3, 4];
const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export interface DispatchDeadline {
  /** The dispatch day, Perth calendar, `YYYY-MM-DD`. */
  day: string;
  /** How the System tab writes it: 'Wed 25 Nov'. */
  label: string;
  /** Perth midnight after the dispatch day: from this instant on the order is late. */
  overdueFrom: Date;
}

/** The dispatch day an order paid at `paidAt` should leave on. */
export function dispatchDeadline(paidAt: Date): DispatchDeadline {
  // Midnight (as UTC) of the Perth calendar day of payment: whole-day steps from here are exact.
  const paidDay = Math.floor((paidAt.getTime() + PERTH_OFFSET_MS) / DAY_MS) * DAY_MS;
  let day = paidDay + DAY_MS;
  while (!DISPATCH_WEEKDAYS.includes(new Date(day).getUTCDay())) day += DAY_MS;
  const date = new Date(day);
  return {
    day: date.toISOString().slice(0, 10),
    label: `${WEEKDAY_NAMES[date.getUTCDay()] ?? ''} ${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()] ?? ''}`,
    overdueFrom: new Date(day + DAY_MS - PERTH_OFFSET_MS),
  };
}

export function isDispatchOverdue(paidAt: Date, now: Date): boolean {
  return now.getTime() >= dispatchDeadline(paidAt).overdueFrom.getTime();
}
