import { addDays, nextDispatchDay, perthDayOf, perthDayStart } from '@brewery/shop-rules';

/**
 * A paid order is packed for the first dispatch day (shop-rules' `DISPATCH_DAYS`, on the Perth calendar) after the day
 * it was paid on; it is overdue once that day has ended without it leaving.
 */
const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

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
  const day = nextDispatchDay(addDays(perthDayOf(paidAt), 1));
  const date = new Date(`${day}T00:00:00.000Z`);
  return {
    day,
    label: `${SHORT_WEEKDAYS[date.getUTCDay()] ?? ''} ${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()] ?? ''}`,
    overdueFrom: new Date(perthDayStart(addDays(day, 1))),
  };
}

export function isDispatchOverdue(paidAt: Date, now: Date): boolean {
  return now.getTime() >= dispatchDeadline(paidAt).overdueFrom.getTime();
}
