import { compareSalesLines, orderNumberOf, salesLinesOf, salesReportLineOf, type SalesLine, type SoldItem } from './sales-line';

/** One item of order 7: a single can, or `changes` of it. */
const sold = (changes: Partial<SoldItem> = {}): SoldItem => ({
  id: '7-1',
  productId: 'p',
  productName: 'P',
  style: 'S',
  packSize: 'single',
  packQuantity: 1,
  packs: 1,
  quantity: 1,
  unitPriceCents: 100,
  lineTotalCents: 100,
  ...changes,
});

describe('sales lines', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [650, '6.50'],
    [4400, '44.00'],
    [123456, '1234.56'],
    [-250, '-2.50'],
  ])('a line of %d cents is "%s" in the report', (cents, text) => {
    const [line] = salesLinesOf('7', [sold({ unitPriceCents: cents, lineTotalCents: cents })], '2026-11-22T03:00:00.000Z');
    expect(salesReportLineOf(line as SalesLine)).toMatchObject({ unitPrice: text, lineTotal: text, unitPriceCents: cents });
  });

  it.each([
    ['12', 12],
    ['1', 1],
    ['order-x', null],
    ['', null],
  ])('order id %j has number %p', (id, number) => {
    expect(orderNumberOf(id)).toBe(number);
  });

  it.each([
    ['2026-11-22T15:59:00.000Z', '2026-11-22'],
    ['2026-11-22T16:00:00.000Z', '2026-11-23'],
  ])('an order paid at %s counts for %s in Perth', (paidAt, date) => {
    const [line] = salesLinesOf(
      '7',
      [sold({ packSize: '8pack', packQuantity: 8, quantity: 8, unitPriceCents: 4200, lineTotalCents: 4200 })],
      paidAt,
    );
    expect(line).toMatchObject({
      orderId: '7',
      orderNumber: 7,
      line: 1,
      paidAt,
      date,
      unitPriceCents: 4200,
      lineTotalCents: 4200,
      quantity: 8,
      packs: 1,
    });
  });

  it('sorts by payment time, then order number as a number, then line', () => {
    const item = {
      productId: 'p',
      productName: 'P',
      style: 'S',
      packSize: 'single' as const,
      packQuantity: 1 as const,
      packs: 1,
      quantity: 1,
      unitPriceCents: 1,
      lineTotalCents: 1,
    };
    const at = '2026-11-22T01:00:00.000Z';
    const lines = [
      ...salesLinesOf('10', [{ ...item, id: '10-1' }], at),
      ...salesLinesOf(
        '9',
        [
          { ...item, id: '9-1' },
          { ...item, id: '9-2' },
        ],
        at,
      ),
      ...salesLinesOf('11', [{ ...item, id: '11-1' }], '2026-11-21T01:00:00.000Z'),
    ];
    expect([...lines].sort(compareSalesLines).map((l) => l.id)).toEqual(['11-1', '9-1', '9-2', '10-1']);
  });
});
