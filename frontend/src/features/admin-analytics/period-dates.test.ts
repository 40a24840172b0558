import { describe, expect, it } from 'vitest';
import { defaultPeriod } from './period-dates';

describe('the report form’s opening period', () => {
  it.each([
    ['a Perth morning', '2026-11-29T01:00:00.000Z', { startDate: '2026-10-31', endDate: '2026-11-29' }],
    ['after 4 pm UTC, already tomorrow in Perth', '2026-11-29T16:35:00.000Z', { startDate: '2026-11-01', endDate: '2026-11-30' }],
  ])('is the last 30 Perth days, today included, on %s', (_name, now, period) => {
    expect(defaultPeriod(new Date(now))).toEqual(period);
  });
});
