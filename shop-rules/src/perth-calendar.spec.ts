import { addDays, dayCount, daysBetween, isPerthDay, perthDayOf, perthDayStart, perthLongDate } from './perth-calendar';

describe('perthLongDate', () => {
  it.each([
    ['2026-11-28T22:46:00.000Z', '29 November 2026', 'an early morning in Perth is already the next UTC day’s date'],
    ['2026-11-28T15:59:59.999Z', '28 November 2026', 'the last instant of a Perth day'],
    ['2026-11-28T16:00:00.000Z', '29 November 2026', 'Perth’s midnight, 16:00 UTC'],
    ['2026-12-31T16:30:00.000Z', '1 January 2027', 'a new year in Perth before it is one in UTC'],
    ['2026-02-28T20:00:00+00:00', '1 March 2026', 'an instant written with its offset'],
  ])('given %s, writes %s (%s)', (instant, expected) => {
    expect(perthLongDate(instant)).toBe(expected);
  });

  it('refuses what is not an instant', () => {
    expect(() => perthLongDate('not a date')).toThrow(RangeError);
  });
});

describe('Perth calendar (UTC+8, no daylight saving)', () => {
  it.each([
    ['2026-11-22T15:59:59.999Z', '2026-11-22'],
    ['2026-11-22T16:00:00.000Z', '2026-11-23'],
    ['2026-11-22T00:00:00.000Z', '2026-11-22'],
    ['2026-11-21T16:00:00.000Z', '2026-11-22'],
    // Sydney changes its clocks; Perth does not: the boundary stays at 16:00Z all year.
    ['2026-06-30T15:59:00.000Z', '2026-06-30'],
    ['2026-06-30T16:00:00.000Z', '2026-07-01'],
    ['2026-12-31T16:00:00.000Z', '2027-01-01'],
    ['2026-11-23T09:30:00+08:00', '2026-11-23'],
  ])('given the instant %s, the Perth day is %s', (instant, day) => {
    expect(perthDayOf(instant)).toBe(day);
  });

  it('refuses what is not an instant', () => {
    expect(() => perthDayOf('yesterday')).toThrow(RangeError);
  });

  it.each([
    ['2026-11-22', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-11-2', false],
    ['22/11/2026', false],
    ['2026-11-22T00:00', false],
    ['', false],
  ])('%s is a calendar day: %s', (value, expected) => {
    expect(isPerthDay(value)).toBe(expected);
  });

  it('counts days across month and year ends', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-11-23', -7)).toBe('2026-11-16');
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(daysBetween('2026-11-22', '2026-11-22')).toEqual(['2026-11-22']);
    expect(dayCount('2026-11-01', '2026-11-30')).toBe(30);
    expect(dayCount('2026-11-02', '2026-11-01')).toBe(0);
  });

  it('says when a Perth day begins: its midnight is 16:00 UTC the day before', () => {
    expect(perthDayStart('2026-11-20')).toBe('2026-11-19T16:00:00.000Z');
    expect(perthDayStart('2027-01-01')).toBe('2026-12-31T16:00:00.000Z');
  });
});
