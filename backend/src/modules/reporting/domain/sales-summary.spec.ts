import { discountLineOf, refundLineOf, salesLinesOf, type SoldItem } from './sales-line';
import { summariseSales } from './sales-summary';

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

describe('sales summary', () => {
  it('given paid orders over a period, then it totals cans and revenue, per day (gaps as zero) and per beer', () => {
    const lines = [
      ...salesLinesOf(
        '1',
        [item('1-1', 'quokka', 'Quokka Pale Ale', 4, 2400), item('1-2', 'kolsch', 'Kölsch', 2, 1300)],
        '2026-11-20T02:00:00.000Z',
      ),
      // 15:59Z on the 22nd is still the 22nd in Perth; 16:00Z is the 23rd.
      ...salesLinesOf('2', [item('2-1', 'kolsch', 'Kölsch', 8, 5200)], '2026-11-22T15:59:00.000Z'),
      ...salesLinesOf('3', [item('3-1', 'quokka', 'Quokka Pale Ale (new label)', 16, 9000)], '2026-11-22T16:00:00.000Z'),
    ];
    const summary = summariseSales({ start: '2026-11-20', end: '2026-11-23' }, lines);
    expect(summary).toEqual({
      startDate: '2026-11-20',
      endDate: '2026-11-23',
      lineItems: 4,
      orders: 3,
      totalCans: 30,
      totalRevenue: '179.00',
      totalRevenueCents: 17900,
      discounts: '0.00',
      discountsCents: 0,
      revenueByDay: [
        { day: '2026-11-20', revenue: '37.00', revenueCents: 3700 },
        { day: '2026-11-21', revenue: '0.00', revenueCents: 0 },
        { day: '2026-11-22', revenue: '52.00', revenueCents: 5200 },
        { day: '2026-11-23', revenue: '90.00', revenueCents: 9000 },
      ],
      cansByBeer: [
        { productId: 'quokka', productName: 'Quokka Pale Ale (new label)', cans: 20 },
        { productId: 'kolsch', productName: 'Kölsch', cans: 10 },
      ],
    });
  });

  it('given no sales, then everything is zero and every day is listed', () => {
    const summary = summariseSales({ start: '2026-11-01', end: '2026-11-03' }, []);
    expect(summary.lineItems).toBe(0);
    expect(summary.totalRevenue).toBe('0.00');
    expect(summary.revenueByDay.map((d) => d.day)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(summary.cansByBeer).toEqual([]);
  });

  it('ties on cans are listed by name', () => {
    const lines = salesLinesOf('1', [item('1-1', 'b', 'Bravo', 4, 2400), item('1-2', 'a', 'alpha', 4, 2400)], '2026-11-20T02:00:00.000Z');
    expect(summariseSales({ start: '2026-11-20', end: '2026-11-20' }, lines).cansByBeer.map((b) => b.productName)).toEqual([
      'alpha',
      'Bravo',
    ]);
  });

  it('given a refund in the period, then it takes money off its day and the total, not cans off a beer, and is no order of its own', () => {
    const lines = [
      ...salesLinesOf('1', [item('1-1', 'quokka', 'Quokka Pale Ale', 4, 2400)], '2026-11-20T02:00:00.000Z'),
      refundLineOf('1', { refundId: 're_1', amountCents: 1000, note: 'Dented', at: '2026-11-21T02:00:00.000Z', nth: 1 }),
      // A refund of an order paid before the period counts in the period it was made.
      refundLineOf('0', { refundId: 're_2', amountCents: 500, note: '', at: '2026-11-21T03:00:00.000Z', nth: 1 }),
    ];
    const summary = summariseSales({ start: '2026-11-20', end: '2026-11-21' }, lines);
    expect(summary).toMatchObject({
      lineItems: 3,
      orders: 1,
      totalCans: 4,
      totalRevenue: '9.00',
      revenueByDay: [
        { day: '2026-11-20', revenue: '24.00', revenueCents: 2400 },
        { day: '2026-11-21', revenue: '-15.00', revenueCents: -1500 },
      ],
      cansByBeer: [{ productId: 'quokka', productName: 'Quokka Pale Ale', cans: 4 }],
    });
  });

  it('given orders priced with discount codes, then their lines stay undiscounted, and line totals - discounts - refunds = revenue', () => {
    const paidAt = '2026-11-20T02:00:00.000Z';
    const club10 = { code: 'CLUB10', kind: 'percent' as const, cents: 540, description: '10% off' };
    const five = { code: 'FIVE', kind: 'amount' as const, cents: 500, description: '$5.00 off' };
    const shipFree = { code: 'SHIPFREE', kind: 'free_shipping' as const, cents: 1000, description: 'Free shipping' };
    const beers = [item('1-1', 'quokka', 'Quokka Pale Ale', 4, 2400), item('1-2', 'kolsch', 'Kölsch', 4, 3000)];
    const lines = [
      ...salesLinesOf('1', beers, paidAt),
      discountLineOf('1', club10, paidAt, beers.length),
      ...salesLinesOf('2', [item('2-1', 'kolsch', 'Kölsch', 8, 5200)], '2026-11-21T02:00:00.000Z'),
      discountLineOf('2', five, '2026-11-21T02:00:00.000Z', 1),
      refundLineOf('2', { refundId: 're_1', amountCents: 1000, note: '', at: '2026-11-21T03:00:00.000Z', nth: 1 }),
      // Free shipping comes off the shipping, which the report leaves out: no line.
      ...salesLinesOf('3', [item('3-1', 'quokka', 'Quokka Pale Ale', 4, 2400)], paidAt),
      discountLineOf('3', shipFree, paidAt, 1),
    ].filter((line) => line !== null);
    expect(
      lines.filter((line) => line.discount === true).map((line) => [line.id, line.line, line.productName, line.lineTotalCents]),
    ).toEqual([
      ['1-discount', 3, 'Discount (CLUB10, 10% off)', -540],
      ['2-discount', 2, 'Discount (FIVE, $5.00 off)', -500],
    ]);
    const summary = summariseSales({ start: '2026-11-20', end: '2026-11-21' }, lines);
    // (24.00 + 30.00 + 52.00 + 24.00) - (5.40 + 5.00) - 10.00 = 109.60
    expect(summary).toMatchObject({
      orders: 3,
      totalCans: 20,
      discounts: '10.40',
      discountsCents: 1040,
      totalRevenue: '109.60',
      revenueByDay: [
        { day: '2026-11-20', revenue: '72.60', revenueCents: 7260 },
        { day: '2026-11-21', revenue: '37.00', revenueCents: 3700 },
      ],
      cansByBeer: [
        { productId: 'kolsch', productName: 'Kölsch', cans: 12 },
        { productId: 'quokka', productName: 'Quokka Pale Ale', cans: 8 },
      ],
    });
  });
});
