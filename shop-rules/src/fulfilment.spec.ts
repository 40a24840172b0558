import { isOpenPickupDate, openPickupDates, pickupCutoff, pickupLine } from './fulfilment';

describe('cellar door Saturdays', () => {
  it.each([
    // Thursday 26 November 2026, Perth afternoon: this Saturday is still open
    { now: '2026-11-26T07:00:00.000Z', dates: ['2026-11-28', '2026-12-05', '2026-12-12', '2026-12-19'] },
    // Friday 27 November, 11:59 am Perth: the last minute for Saturday 28
    { now: '2026-11-27T03:59:59.000Z', dates: ['2026-11-28', '2026-12-05', '2026-12-12', '2026-12-19'] },
    // Friday 27 November, 12 pm Perth: Saturday 28 has closed, four more are offered
    { now: '2026-11-27T04:00:00.000Z', dates: ['2026-12-05', '2026-12-12', '2026-12-19', '2026-12-26'] },
    // Saturday 28 November itself, at the cellar door: the next four
    { now: '2026-11-28T02:00:00.000Z', dates: ['2026-12-05', '2026-12-12', '2026-12-19', '2026-12-26'] },
    // Friday 20:30 UTC is already Saturday in Perth
    { now: '2026-11-27T20:30:00.000Z', dates: ['2026-12-05', '2026-12-12', '2026-12-19', '2026-12-26'] },
    // Across the year's end
    { now: '2026-12-30T00:00:00.000Z', dates: ['2027-01-02', '2027-01-09', '2027-01-16', '2027-01-23'] },
  ])('given $now, the next four open Saturdays are $dates', ({ now, dates }) => {
    expect(openPickupDates(new Date(now))).toEqual(dates);
  });

  it.each([
    { date: '2026-12-05', open: true },
    { date: '2026-11-28', open: false }, // its cut-off has passed
    { date: '2026-12-26', open: true }, // the fourth
    { date: '2027-01-02', open: false }, // the fifth Saturday
    { date: '2026-12-04', open: false }, // a Friday
    { date: '2026-12-5', open: false },
    { date: 'Saturday', open: false },
  ])('given Friday 27 November 3 pm in Perth, $date is open: $open', ({ date, open }) => {
    expect(isOpenPickupDate(date, new Date('2026-11-27T07:00:00.000Z'))).toBe(open);
  });

  it('closes a Saturday at 12 pm Perth time the Friday before', () => {
    expect(pickupCutoff('2026-12-05').toISOString()).toBe('2026-12-04T04:00:00.000Z');
  });

  it('says when and where an order is collected', () => {
    expect(pickupLine('2026-12-05', '12 Brewery Lane, Osborne Park WA 6017')).toBe(
      'Collect Saturday 5 December, 10am-4pm, 12 Brewery Lane, Osborne Park WA 6017',
    );
  });
});
