import { dayCount, isPerthDay, type PerthDay } from '@brewery/shop-rules';
import { ReportingErrors } from './reporting.errors';

/** Ten years of days: far beyond any report the shop needs, and a bound on the per-day chart's size. */
export const MAX_REPORT_DAYS = 3653;

/** A sales report's period: Perth days, both included. */
export interface ReportPeriod {
  start: PerthDay;
  end: PerthDay;
}

/** Checks the dates the operator picked; throws the message the Analytics tab shows. */
export function reportPeriod(startDate: string | undefined | null, endDate: string | undefined | null): ReportPeriod {
  const start = startDate?.trim() ?? '';
  const end = endDate?.trim() ?? '';
  if (start === '' || end === '') throw ReportingErrors.datesRequired();
  if (!isPerthDay(start)) throw ReportingErrors.invalidDate('Start date', start);
  if (!isPerthDay(end)) throw ReportingErrors.invalidDate('End date', end);
  if (start > end) throw ReportingErrors.startAfterEnd();
  if (dayCount(start, end) > MAX_REPORT_DAYS) throw ReportingErrors.periodTooLong(MAX_REPORT_DAYS);
  return { start, end };
}
