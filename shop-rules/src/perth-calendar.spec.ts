import { perthLongDate } from './perth-calendar';

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
