import { toCents } from '@brewery/shop-rules';
import type { OrderDoc } from '../../order-desk/order-list/order-list.projection';
import { fulfilmentText, gstSummary, netAfterRefundsCents, perthDateTime } from './books';

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

  it('writes times as Perth reads them', () => {
    expect(perthDateTime('2026-11-30T23:59:00.000Z')).toBe('2026-12-01 07:59');
  });
});

describe("the orders export's own columns", () => {
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
