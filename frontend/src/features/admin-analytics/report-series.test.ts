import { formatPrice } from '@brewery/shop-rules';
import { describe, expect, it } from 'vitest';
import { axisTicks, labelStride, niceCeiling } from './chart-scale';
import { cansSeries, cansSummary, revenueSeries, revenueSummary, shortDay } from './report-series';

describe('chart scale', () => {
  it.each([
    { max: 0, top: 1 },
    { max: -5, top: 1 },
    { max: 0.7, top: 1 },
    { max: 1, top: 1 },
    { max: 1.2, top: 2 },
    { max: 2.2, top: 2.5 },
    { max: 3, top: 5 },
    { max: 7, top: 10 },
    { max: 48, top: 50 },
    { max: 120, top: 200 },
    { max: 2400, top: 2500 },
  ])('the axis over a largest value of $max tops out at $top', ({ max, top }) => {
    expect(niceCeiling(max)).toBe(top);
  });

  it('puts evenly spaced ticks from 0 to the top', () => {
    expect(axisTicks(200)).toEqual([0, 50, 100, 150, 200]);
  });

  it.each([
    { labels: 7, max: 10, stride: 1 },
    { labels: 10, max: 10, stride: 1 },
    { labels: 11, max: 10, stride: 2 },
    { labels: 31, max: 10, stride: 4 },
  ])('$labels labels with room for $max: every $stride', ({ labels, max, stride }) => {
    expect(labelStride(labels, max)).toBe(stride);
  });
});

describe('report series', () => {
  it('draws every day of the period, quiet days as 0, and adds up a day reported twice', () => {
    const series = revenueSeries(
      [
        { day: '2026-10-31', revenue: '10.00' },
        { day: '2026-11-02', revenue: 5 },
        { day: '2026-10-31', revenue: '2.50' },
      ],
      '2026-10-30',
      '2026-11-02',
    );
    expect(series).toEqual([
      { label: '2026-10-30', shortLabel: '30/10', value: 0 },
      { label: '2026-10-31', shortLabel: '31/10', value: 12.5 },
      { label: '2026-11-01', shortLabel: '1/11', value: 0 },
      { label: '2026-11-02', shortLabel: '2/11', value: 5 },
    ]);
  });

  it('past a year, draws only the days with sales', () => {
    const series = revenueSeries([{ day: '2025-06-01', revenue: '1.00' }], '2024-01-01', '2026-01-01');
    expect(series.map((d) => d.label)).toEqual(['2025-06-01']);
  });

  it('orders beers by cans sold, best seller first', () => {
    expect(
      cansSeries([
        { productName: 'A', cans: 4 },
        { productName: 'B', cans: 16 },
        { productName: 'C', cans: 8 },
      ]).map((d) => d.label),
    ).toEqual(['B', 'C', 'A']);
  });

  it('describes the charts in words', () => {
    const revenue = revenueSeries([{ day: '2026-11-02', revenue: '48.00' }], '2026-11-01', '2026-11-02');
    expect(revenueSummary(revenue, formatPrice)).toBe(
      'Revenue per day from 2026-11-01 to 2026-11-02: $48.00 in total, highest $48.00 on 2026-11-02.',
    );
    expect(revenueSummary([], formatPrice)).toBe('No revenue in this period.');
    expect(
      cansSummary(
        cansSeries([
          { productName: 'Quokka', cans: 8 },
          { productName: 'Swan', cans: 4 },
        ]),
      ),
    ).toBe('12 cans across 2 beers; the best seller is Quokka with 8 cans.');
    expect(shortDay('2026-01-09')).toBe('9/1');
  });
});
