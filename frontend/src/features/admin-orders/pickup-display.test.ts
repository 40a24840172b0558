import { describe, expect, it } from 'vitest';
import { cellarDoorSaturdays, collectLineText, collectedText, comingSaturday, saturdayOptions, shortDayLabel } from './pickup-display';

describe('the cellar door Saturdays', () => {
  it.each([
    ['a Wednesday in Perth', '2026-11-25T02:00:00.000Z', '2026-11-28'],
    ['a Friday evening in Perth (still Friday in UTC)', '2026-11-27T11:00:00.000Z', '2026-11-28'],
    ['a Saturday morning in Perth (Friday evening in UTC)', '2026-11-27T17:00:00.000Z', '2026-11-28'],
    ['a Saturday night in Perth', '2026-11-28T15:30:00.000Z', '2026-11-28'],
    ['a Sunday morning in Perth (Saturday in UTC)', '2026-11-28T17:00:00.000Z', '2026-12-05'],
  ])('on %s the coming Saturday is %s', (_, now, saturday) => {
    expect(comingSaturday(new Date(now))).toBe(saturday);
  });

  it('offers last Saturday, the coming one and the four after it', () => {
    expect(cellarDoorSaturdays(new Date('2026-11-25T02:00:00.000Z'))).toEqual([
      '2026-11-21',
      '2026-11-28',
      '2026-12-05',
      '2026-12-12',
      '2026-12-19',
      '2026-12-26',
    ]);
  });

  it('keeps a chosen Saturday further away among the options, in its place', () => {
    expect(saturdayOptions(['2026-11-28', '2026-12-05'], '2026-10-31')).toEqual([
      { value: '2026-10-31', label: 'Saturday 31 October' },
      { value: '2026-11-28', label: 'Saturday 28 November' },
      { value: '2026-12-05', label: 'Saturday 5 December' },
    ]);
  });

  it('shortens a Saturday for a row’s tag', () => {
    expect(shortDayLabel('2026-12-05')).toBe('Sat 5 Dec');
  });
});

describe('what a customer collects', () => {
  it.each([
    [{ name: 'Hazy IPA', packSize: '4pack', packs: 2, quantity: 8 }, '2 × Hazy IPA (4 Pack)'],
    [{ name: 'Swan River Stout', packSize: 'single', packs: 3, quantity: 3 }, '3 × Swan River Stout (single cans)'],
    [{ name: 'Swan River Stout', packSize: 'single', packs: 1, quantity: 1 }, '1 × Swan River Stout (single can)'],
  ])('%o reads "%s"', (item, text) => {
    expect(collectLineText(item)).toBe(text);
  });

  it('says when and by whom it was collected: the time alone on its Saturday, the date too on another day', () => {
    const collection = { idType: 'wa_photo_card', collectedBy: 'Sam Lee', at: '2026-11-28T03:05:00.000Z' };
    expect(collectedText(collection, 'Grace Hopper', '2026-11-28')).toBe('Collected 11:05 am by Sam Lee (WA Photo Card)');
    expect(collectedText({ ...collection, collectedBy: null }, 'Grace Hopper', '2026-11-21')).toBe(
      'Collected 28 Nov 2026, 11:05 am by Grace Hopper (WA Photo Card)',
    );
  });
});
