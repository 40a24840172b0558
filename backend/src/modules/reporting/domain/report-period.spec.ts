import { DomainError } from '../../../shared-kernel/domain-error';
import { MAX_REPORT_DAYS, reportPeriod } from './report-period';
import { addDays } from '@brewery/shop-rules';

describe('sales report period', () => {
  it.each([
    ['2026-11-01', '2026-11-30'],
    ['2026-11-22', '2026-11-22'],
    [' 2026-11-01 ', '2026-11-30'],
  ])('given %s to %s, the period is accepted', (start, end) => {
    expect(reportPeriod(start, end)).toEqual({ start: start.trim(), end });
  });

  it.each([
    [undefined, '2026-11-30', 'Start date and end date are required'],
    ['2026-11-01', undefined, 'Start date and end date are required'],
    [null, null, 'Start date and end date are required'],
    ['', '2026-11-30', 'Start date and end date are required'],
    ['2026-11-01', '   ', 'Start date and end date are required'],
    ['01/11/2026', '2026-11-30', 'Start date must be a calendar date written YYYY-MM-DD (got "01/11/2026")'],
    ['2026-11-01', '2026-02-30', 'End date must be a calendar date written YYYY-MM-DD (got "2026-02-30")'],
    ['2026-11-30', '2026-11-01', 'Start date must be on or before the end date'],
    ['2000-01-01', '2026-11-30', `A sales report covers at most ${MAX_REPORT_DAYS} days; choose a shorter period`],
  ])('given %p to %p, it is refused with "%s"', (start, end, message) => {
    const attempt = (): unknown => reportPeriod(start, end);
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(message);
  });

  it('accepts the longest period and refuses one day more', () => {
    expect(() => reportPeriod('2020-01-01', addDays('2020-01-01', MAX_REPORT_DAYS - 1))).not.toThrow();
    expect(() => reportPeriod('2020-01-01', addDays('2020-01-01', MAX_REPORT_DAYS))).toThrow(DomainError);
  });
});
