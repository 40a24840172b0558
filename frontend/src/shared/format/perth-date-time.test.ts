import { describe, expect, it } from 'vitest';
import { perthDateTime } from './perth-date-time';

describe('perthDateTime', () => {
  it.each([
    ['2026-11-25T02:46:00.000Z', '25 Nov 2026, 10:46 am'],
    ['2026-11-25T16:00:00.000Z', '26 Nov 2026, 12:00 am'],
    ['2026-11-25T04:00:00.000Z', '25 Nov 2026, 12:00 pm'],
    ['2026-12-31T20:05:00.000Z', '1 Jan 2027, 4:05 am'],
  ])('shows %s as %s (Perth time, whatever the browser zone)', (iso, shown) => {
    expect(perthDateTime(iso)).toBe(shown);
  });

  it('leaves text that is not a date as it is', () => {
    expect(perthDateTime('soon')).toBe('soon');
  });
});
