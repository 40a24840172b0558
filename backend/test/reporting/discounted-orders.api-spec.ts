import { createTestApp, type TestApp } from '../create-test-app';
import { readPdf } from '../shipping/pdf-content';
import { adminAuth, customer, eventually, orderItem, recordOrder, type Auth } from './reporting-fixtures';

jest.setTimeout(60_000);

/**
 * Orders priced with a discount code, as every place that shows an order's money shows them: the admin's order,
 * the customer's order status and tax invoice, the orders export, the GST summary and the sales report.
 */
describe('orders priced with a discount code, over HTTP', () => {
  let t: TestApp;
  let auth: Auth;
  // Placed on 22 November 2026 (Perth), paid on 23 November 2025 (Perth) at exact instants.
  const PLACED_DAY = '2026-11-22';
  const PAID_DAY = '2025-11-23';

  beforeAll(async () => {
    t = await createTestApp();
    auth = await adminAuth(t);
    // $48.00 of beer + $10.00 shipping, 10% off the beer: $4.80 off, $53.20 charged, $4.84 GST.
    await recordOrder(
      t,
      '9301',
      [
        orderItem('9301', 1, {
          productId: 'quokka',
          productName: 'Quokka Pale Ale',
          packs: 8,
          quantity: 8,
          unitPriceCents: 600,
          lineTotalCents: 4800,
        }),
      ],
      { paidAt: '2025-11-23T02:00:00.000Z' },
      { discount: { code: 'CLUB10', kind: 'percent', cents: 480, description: '10% off' }, invoiceNumber: 'INV-009301' },
    );
    // $26.00 of beer + $10.00 shipping, free shipping: $10.00 off the shipping, $26.00 charged.
    await recordOrder(
      t,
      '9302',
      [orderItem('9302', 1, { productId: 'quokka', productName: 'Quokka Pale Ale' })],
      { paidAt: '2025-11-23T03:00:00.000Z' },
      { discount: { code: 'SHIPFREE', kind: 'free_shipping', cents: 1000, description: 'Free shipping' } },
    );
    // No code: $26.00 + $10.00.
    await recordOrder(t, '9303', [orderItem('9303', 1, { productId: 'quokka', productName: 'Quokka Pale Ale' })], {
      paidAt: '2025-11-23T04:00:00.000Z',
    });
    await eventually(async () => (await post('/api/admin/sales-report', { startDate: PAID_DAY, endDate: PAID_DAY })).body.length === 4);
    await eventually(async () => (await get('/api/admin/orders/9303')).status === 200);
  });

  afterAll(async () => {
    await t.close();
  });

  const post = (route: string, body: object) => t.http().post(route).set(auth).send(body);
  const get = (route: string) => t.http().get(route).set(auth);
  const text = (res: { text: string }) =>
    res.text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '');

  it('the admin order shows the code and what it took off beside the undiscounted subtotal and the total charged', async () => {
    expect((await get('/api/admin/orders/9301')).body).toMatchObject({
      subtotal: '48.00',
      shippingCost: '10.00',
      discount: { code: 'CLUB10', kind: 'percent', description: '10% off', amount: '4.80' },
      totalAmount: '53.20',
      gstIncluded: '4.84',
    });
    expect((await get('/api/admin/orders/9303')).body).toMatchObject({ discount: null, totalAmount: '36.00' });
  });

  it('the customer’s order status shows the discount, and its tax invoice the discount line between shipping and total', async () => {
    const res = await t
      .http()
      .post('/api/order-status')
      .set('X-Forwarded-For', '198.51.100.93')
      .send({ orderNumber: '9301', email: customer.email });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      subtotal: '48.00',
      shipping: '10.00',
      discount: { code: 'CLUB10', kind: 'percent', description: '10% off', amount: '4.80' },
      total: '53.20',
      gstIncluded: '4.84',
    });
    const invoice = await t
      .http()
      .get(res.body.invoiceUrl as string)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(invoice.status).toBe(200);
    expect((await readPdf(invoice.body as Buffer)).text).toContain(
      'Subtotal $48.00 Shipping (Perth Metro) $10.00 Discount (CLUB10, 10% off) -$4.80 Total (AUD) $53.20 GST included in the total $4.84',
    );
  });

  it('the orders export ends each row with the code and the discount', async () => {
    const rows = text(await post('/api/admin/orders/export', { startDate: PLACED_DAY, endDate: PLACED_DAY }).expect(200));
    // Cells as RFC 4180 writes them (the address holds commas, so it is quoted).
    const cellsOf = (line: string) =>
      [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell = '']) =>
        cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell,
      );
    const header = cellsOf(rows[0] ?? '');
    const row = (id: string) => {
      const cells = cellsOf(rows.find((line) => line.startsWith(`${id},`)) ?? '');
      return Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']));
    };
    expect(header.slice(-2)).toEqual(['Discount code', 'Discount']);
    expect(row('9301')).toMatchObject({
      Subtotal: '48.00',
      Shipping: '10.00',
      Total: '53.20',
      'Discount code': 'CLUB10',
      Discount: '4.80',
    });
    expect(row('9302')).toMatchObject({
      Subtotal: '26.00',
      Shipping: '10.00',
      Total: '26.00',
      'Discount code': 'SHIPFREE',
      Discount: '10.00',
    });
    expect(row('9303')).toMatchObject({ Total: '36.00', 'Discount code': '', Discount: '0.00' });
  });

  it('the GST summary counts what was charged and shows the discounts beside', async () => {
    const res = await post('/api/admin/gst-summary', { startDate: PAID_DAY, endDate: PAID_DAY }).expect(200);
    // 53.20 + 26.00 + 36.00; GST 4.84 + 2.36 + 3.27.
    expect(res.body).toMatchObject({ paidOrders: 3, sales: '115.20', gstOnSales: '10.47', discounts: '14.80', netSales: '115.20' });
  });

  it('the sales report keeps the beer lines undiscounted, a line for the code off the beer, and lines - discounts = revenue', async () => {
    const lines = (await post('/api/admin/sales-report', { startDate: PAID_DAY, endDate: PAID_DAY }).expect(200)).body as {
      id: string;
      productName: string;
      lineTotal: string;
      discount?: true;
    }[];
    expect(lines.map((line) => [line.id, line.productName, line.lineTotal, line.discount ?? false])).toEqual([
      ['9301-1', 'Quokka Pale Ale', '48.00', false],
      ['9301-discount', 'Discount (CLUB10, 10% off)', '-4.80', true],
      ['9302-1', 'Quokka Pale Ale', '26.00', false],
      ['9303-1', 'Quokka Pale Ale', '26.00', false],
    ]);
    const summary = (await post('/api/admin/sales-report/summary', { startDate: PAID_DAY, endDate: PAID_DAY }).expect(200)).body;
    expect(summary).toMatchObject({ orders: 3, totalCans: 16, discounts: '4.80', discountsCents: 480, totalRevenue: '95.20' });
    const csv = text(await post('/api/admin/sales-report/export', { startDate: PAID_DAY, endDate: PAID_DAY }).expect(200));
    expect(csv.at(-1)).toBe('Total (4 line items; discounts of 4.80 taken off),,,,,,,16,,95.20,');
  });
});
