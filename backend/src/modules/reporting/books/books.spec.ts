import { toCents } from '@brewery/shop-rules';
import type { OrderDoc } from '../../order-desk/order-list/order-list.projection';
import {
  fulfilmentText,
  gstSummary,
  gstSummaryCsv,
  netAfterRefundsCents,
  ordersExportCsv,
  ORDERS_EXPORT_COLUMNS,
  perthDateTime,
} from './books';

/** Only what the GST summary reads of an order. */
function order(paidAt: string | null, totalCents: number, gstIncluded: string, refunds: { amount: string; at: string }[] = []): OrderDoc {
  // The table writes money as the books print it; the read model keeps cents.
  const refunded = refunds.map((r) => ({ amountCents: toCents(r.amount), at: r.at, note: '' }));
  return { paidAt, totalCents, gstCents: toCents(gstIncluded), refunds: refunded } as unknown as OrderDoc;
}

describe('the GST summary (cash basis: sales when paid, refunds when made, Perth days)', () => {
  const november = { start: '2026-11-01', end: '2026-11-30' };

  it.each([
    {
      given: 'an order paid in the period',
      orders: [order('2026-11-10T02:00:00.000Z', 6000, '5.45')],
      expected: { paidOrders: 1, sales: '60.00', gstOnSales: '5.45', refunds: '0.00', gstOnRefunds: '0.00', netGst: '5.45' },
    },
    {
      given: 'an order paid at 7:59 am on 1 December in Perth (still 30 November in UTC)',
      orders: [order('2026-11-30T23:59:00.000Z', 6000, '5.45')],
      expected: { paidOrders: 0, sales: '0.00' },
    },
    {
      given: 'an order paid at 11:59 pm on 31 October in Perth',
      orders: [order('2026-10-31T15:59:00.000Z', 6000, '5.45')],
      expected: { paidOrders: 0 },
    },
    {
      given: 'an order paid at 7:00 am on 1 November in Perth (still 31 October in UTC)',
      orders: [order('2026-10-31T23:00:00.000Z', 6000, '5.45')],
      expected: { paidOrders: 1 },
    },
    {
      given: 'an order paid in October and refunded $11.00 in November',
      orders: [order('2026-10-20T02:00:00.000Z', 6000, '5.45', [{ amount: '11.00', at: '2026-11-02T02:00:00.000Z' }])],
      expected: { paidOrders: 0, sales: '0.00', refunds: '11.00', gstOnRefunds: '1.00', netSales: '-11.00', netGst: '-1.00' },
    },
    {
      given: 'an order paid and refunded in full in the period',
      orders: [order('2026-11-10T02:00:00.000Z', 6000, '5.45', [{ amount: '60.00', at: '2026-11-11T02:00:00.000Z' }])],
      expected: { paidOrders: 1, sales: '60.00', refunds: '60.00', gstOnRefunds: '5.45', netSales: '0.00', netGst: '0.00' },
    },
    {
      given: 'an order never paid',
      orders: [order(null, 6000, '5.45')],
      expected: { paidOrders: 0, sales: '0.00', gstOnSales: '0.00' },
    },
  ])('given $given, then $expected', ({ orders, expected }) => {
    expect(gstSummary(orders, november)).toMatchObject({ startDate: '2026-11-01', endDate: '2026-11-30', ...expected });
  });

  it('given orders priced with discount codes, then the sales are what they were charged (their totals) and the GST their own, with the discounts beside', () => {
    const discounted = (totalCents: number, gstIncluded: string, discountCents: number) => ({
      ...order('2026-11-10T02:00:00.000Z', totalCents, gstIncluded),
      // $48.00 of beer and $10.00 shipping before the code: never what the summary adds up.
      subtotalCents: 4800,
      shippingCents: 1000,
      discount: { code: 'CLUB10', kind: 'percent' as const, cents: discountCents, description: '10% off' },
    });
    const summary = gstSummary(
      [discounted(5320, '4.84', 480), discounted(5320, '4.84', 480), order('2026-11-11T02:00:00.000Z', 5800, '5.27')],
      november,
    );
    expect(summary).toMatchObject({ paidOrders: 3, sales: '164.40', gstOnSales: '14.95', discounts: '9.60', netSales: '164.40' });
    expect(gstSummaryCsv(summary).slice(1).split('\r\n')).toEqual([
      'Period,Paid orders,Sales (GST included),GST on sales,Refunds,GST on refunds,Net sales,Net GST,Discounts (already off sales)',
      '2026-11-01 to 2026-11-30,3,164.40,14.95,0.00,0.00,164.40,14.95,9.60',
      '',
    ]);
  });

  it('given no discount code in the period, then the discounts are nothing', () => {
    expect(gstSummary([order('2026-11-10T02:00:00.000Z', 6000, '5.45')], november).discounts).toBe('0.00');
  });

  it('writes times as Perth reads them', () => {
    expect(perthDateTime('2026-11-30T23:59:00.000Z')).toBe('2026-12-01 07:59');
  });
});

describe("the orders export's own columns", () => {
  /** An order as the `orders` read model keeps it: an 8-pack for $48.00 posted to Perth for $10.00, paid. */
  const kept = (change: Partial<OrderDoc> = {}): OrderDoc =>
    ({
      id: '12',
      createdAt: '2026-11-10T02:00:00.000Z',
      paidAt: '2026-11-10T02:01:00.000Z',
      status: 'paid',
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      customerPhone: '0412 345 678',
      shippingAddress: '1 Hay St Perth WA 6000',
      address: { state: 'WA' },
      items: [{ product: { name: 'Swan Pale' }, packSize: '8pack', quantity: 8, packs: 1 }],
      totalCans: 8,
      subtotalCents: 4800,
      shippingCents: 1000,
      totalCents: 5800,
      gstCents: 527,
      refundedCents: 0,
      trackingReference: null,
      invoiceNumber: 'INV-000012',
      paymentIntentId: 'pi_1',
      ...change,
    }) as unknown as OrderDoc;
  const rowOf = (order: OrderDoc): Record<string, string> => {
    const [, row = ''] = ordersExportCsv([order]).slice(1).split('\r\n');
    const cells = row.split(',');
    return Object.fromEntries(ORDERS_EXPORT_COLUMNS.map((column, i) => [column, cells[i] ?? '']));
  };

  it('ends with the discount code and what it took off: subtotal + shipping - discount = the total charged, its GST the order’s own', () => {
    const row = rowOf(
      kept({ discount: { code: 'CLUB10', kind: 'percent', cents: 480, description: '10% off' }, totalCents: 5320, gstCents: 484 }),
    );
    expect(ORDERS_EXPORT_COLUMNS.slice(-2)).toEqual(['Discount code', 'Discount']);
    expect(row).toMatchObject({
      Subtotal: '48.00',
      Shipping: '10.00',
      'GST included': '4.84',
      Total: '53.20',
      'Net after refunds': '53.20',
      'Discount code': 'CLUB10',
      Discount: '4.80',
    });
  });

  it('given an order without a code (or kept before codes), then no code and a discount of 0.00', () => {
    for (const order of [kept({ discount: null }), kept()]) {
      expect(rowOf(order)).toMatchObject({ Total: '58.00', 'Discount code': '', Discount: '0.00' });
    }
  });

  it.each([
    {
      given: 'a paid order nothing was given back of',
      order: { paidAt: '2026-11-10T02:00:00.000Z', totalCents: 6000, refundedCents: 0 },
      net: 6000,
    },
    {
      given: 'a paid order $11.50 was refunded of',
      order: { paidAt: '2026-11-10T02:00:00.000Z', totalCents: 6000, refundedCents: 1150 },
      net: 4850,
    },
    {
      given: 'a paid order refunded in full',
      order: { paidAt: '2026-11-10T02:00:00.000Z', totalCents: 6000, refundedCents: 6000 },
      net: 0,
    },
    { given: 'an order never paid', order: { paidAt: null, totalCents: 6000, refundedCents: 0 }, net: 0 },
  ])('given $given, then it kept $net cents', ({ order, net }) => {
    expect(netAfterRefundsCents(order)).toBe(net);
  });

  it.each([
    { given: 'a delivery', fulfilment: { method: 'delivery' as const }, text: 'Delivery' },
    { given: 'an order from before pickups', fulfilment: undefined, text: 'Delivery' },
    {
      given: 'a pickup',
      fulfilment: { method: 'pickup' as const, pickupDate: '2026-12-05' },
      text: 'Pickup Saturday 5 December (2026-12-05)',
    },
  ])('given $given, then the fulfilment reads "$text"', ({ fulfilment, text }) => {
    expect(fulfilmentText({ fulfilment })).toBe(text);
  });
});
