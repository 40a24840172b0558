import { dispatchDeadline, isDispatchOverdue } from './dispatch-day';

describe('the dispatch day after payment (Mon/Wed/Thu, Perth time)', () => {
  // 2026-11-23 is a Monday. Perth is UTC+8: 16:00Z is Perth midnight.
  it.each([
    ['Monday 09:00 Perth', '2026-11-23T01:00:00.000Z', '2026-11-25', 'Wed 25 Nov', '2026-11-25T16:00:00.000Z'],
    ['Tuesday 12:00 Perth', '2026-11-24T04:00:00.000Z', '2026-11-25', 'Wed 25 Nov', '2026-11-25T16:00:00.000Z'],
    ['Wednesday 08:00 Perth', '2026-11-25T00:00:00.000Z', '2026-11-26', 'Thu 26 Nov', '2026-11-26T16:00:00.000Z'],
    ['Thursday 10:00 Perth', '2026-11-26T02:00:00.000Z', '2026-11-30', 'Mon 30 Nov', '2026-11-30T16:00:00.000Z'],
    ['Friday 18:00 Perth', '2026-11-27T10:00:00.000Z', '2026-11-30', 'Mon 30 Nov', '2026-11-30T16:00:00.000Z'],
    ['Saturday 23:00 Perth', '2026-11-28T15:00:00.000Z', '2026-11-30', 'Mon 30 Nov', '2026-11-30T16:00:00.000Z'],
    [
      'Sunday 23:59 Perth (still Sunday there, Sunday in UTC too)',
      '2026-11-29T15:59:00.000Z',
      '2026-11-30',
      'Mon 30 Nov',
      '2026-11-30T16:00:00.000Z',
    ],
    ['Monday 00:00 Perth (Sunday 16:00 UTC)', '2026-11-29T16:00:00.000Z', '2026-12-02', 'Wed 2 Dec', '2026-12-02T16:00:00.000Z'],
    ['Wednesday 23:30 Perth, the last day of the year', '2025-12-31T15:30:00.000Z', '2026-01-01', 'Thu 1 Jan', '2026-01-01T16:00:00.000Z'],
  ])('paid %s: leaves on %s', (_, paidAt, day, label, overdueFrom) => {
    expect(dispatchDeadline(new Date(paidAt))).toEqual({ day, label, overdueFrom: new Date(overdueFrom) });
  });

  it.each([
    ['during the dispatch day', '2026-11-25T15:59:59.999Z', false],
    ['the moment the dispatch day ends in Perth', '2026-11-25T16:00:00.000Z', true],
    ['days later', '2026-11-28T00:00:00.000Z', true],
    ['before the dispatch day', '2026-11-24T10:00:00.000Z', false],
  ])('an order paid Monday morning is overdue %s: %s', (_, now, overdue) => {
    expect(isDispatchOverdue(new Date('2026-11-23T01:00:00.000Z'), new Date(now))).toBe(overdue);
  });
});
