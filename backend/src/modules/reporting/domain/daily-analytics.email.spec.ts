import { dailyAnalytics, dailyAnalyticsEmail, dayLabel } from './daily-analytics.email';
import { salesLinesOf, type SoldItem } from './sales-line';
import { stockLevelEntry } from './stock-levels';

const item = (id: string, productId: string, productName: string, quantity: number, lineTotalCents: number): SoldItem => ({
  id,
  productId,
  productName,
  style: 'Pale Ale',
  packSize: 'single',
  packQuantity: 1,
  packs: quantity,
  quantity,
  unitPriceCents: lineTotalCents / quantity,
  lineTotalCents,
});

describe('daily analytics', () => {
  // Sent on Mon 23 Nov 2026 (Perth): yesterday is the 22nd, the last 7 days the 16th to the 22nd.
  const lines = [
    ...salesLinesOf('1', [item('1-1', 'quokka', 'Quokka Pale Ale', 4, 2400)], '2026-11-15T15:59:00.000Z'), // 15th: outside
    ...salesLinesOf('2', [item('2-1', 'kolsch', 'Kölsch', 8, 5200)], '2026-11-15T16:00:00.000Z'), // 16th: in the week
    ...salesLinesOf(
      '3',
      [item('3-1', 'quokka', 'Quokka Pale Ale', 16, 9000), item('3-2', 'kolsch', 'Kölsch', 1, 650)],
      '2026-11-22T10:00:00.000Z',
    ),
    ...salesLinesOf('4', [item('4-1', 'quokka', 'Quokka Pale Ale', 4, 2400)], '2026-11-22T16:00:00.000Z'), // today, so far
  ];
  const stock = [
    stockLevelEntry({ productId: 'kolsch', name: 'Kölsch', inventory: 3, reserved: 1 }),
    stockLevelEntry({ productId: 'lager', name: 'Swan Lager', inventory: 9, reserved: 0 }),
    stockLevelEntry({ productId: 'quokka', name: 'Quokka Pale Ale', inventory: 80, reserved: 0 }),
  ];
  const report = dailyAnalytics({ today: '2026-11-23', lines, pendingOrders: 2, stock });

  it("given the sales lines, then yesterday's and the last seven days' figures count Perth days", () => {
    expect(report.yesterday).toEqual({
      start: '2026-11-22',
      end: '2026-11-22',
      orders: 1,
      cans: 17,
      revenue: '96.50',
      revenueCents: 9650,
      topBeers: [
        { productId: 'quokka', productName: 'Quokka Pale Ale', cans: 16 },
        { productId: 'kolsch', productName: 'Kölsch', cans: 1 },
      ],
    });
    expect(report.lastSevenDays).toMatchObject({ start: '2026-11-16', end: '2026-11-22', orders: 2, cans: 25, revenue: '148.50' });
    // Today's sales so far are their own figures (a press late in the day shows them), never in yesterday's.
    expect(report.todaySoFar).toMatchObject({ start: '2026-11-23', end: '2026-11-23', orders: 1, cans: 4, revenue: '24.00' });
    expect(report.lowStock.map((s) => s.name)).toEqual(['Kölsch', 'Swan Lager']);
  });

  it('then the e-mail says it in words', () => {
    const { subject, text } = dailyAnalyticsEmail(report, 'Swan & Sand Brewing Co.');
    expect(subject).toBe('Daily analytics for Sun 22 Nov 2026: $96.50, 17 cans');
    expect(text).toContain(
      'Yesterday (Sun 22 Nov 2026)\n  Orders paid: 1\n  Cans sold: 17\n  Revenue: $96.50\n  Top beers: Quokka Pale Ale (16 cans), Kölsch (1 can)',
    );
    expect(text).toContain('Last 7 days (Mon 16 Nov 2026 to Sun 22 Nov 2026)\n  Orders paid: 2\n  Cans sold: 25\n  Revenue: $148.50');
    expect(text).toContain('Today so far (Mon 23 Nov 2026)\n  Orders paid: 1\n  Cans sold: 4\n  Revenue: $24.00');
    expect(text).toContain('Pending orders awaiting payment: 2');
    expect(text).toContain('  CRITICAL Kölsch: 3 cans in stock, 2 available\n  LOW      Swan Lager: 9 cans in stock, 9 available');
    expect(text).not.toContain('Quokka Pale Ale: 80');
  });

  it('given a quiet day and full stock, then it says so', () => {
    const quiet = dailyAnalytics({ today: '2026-11-23', lines: [], pendingOrders: 0, stock: [stock[2]!] });
    const { subject, text } = dailyAnalyticsEmail(quiet, 'Brewery');
    expect(subject).toBe('Daily analytics for Sun 22 Nov 2026: $0.00, 0 cans');
    expect(text).toContain('Top beers: none');
    expect(text).toContain('Every product has more than 10 cans.');
  });

  it.each([
    ['2026-11-22', 'Sun 22 Nov 2026'],
    ['2027-01-01', 'Fri 1 Jan 2027'],
  ])('%s reads %s', (day, label) => {
    expect(dayLabel(day)).toBe(label);
  });
});
