import { createTestApp, type TestApp } from '../create-test-app';
import { cartLine, checkOut, customer, payWithCard, settle, type CheckoutAnswer } from '../checkout/checkout-fixtures';
import { adminPost, ownBeer, SUCCEEDS } from './admin-ops-fixtures';

/** The books: `POST /api/admin/orders/export` and `POST /api/admin/gst-summary` (and its CSV). */
describe('the books: orders as CSV and the GST for the BAS', () => {
  let t: TestApp;
  const today = () => t.clock.now.toISOString().slice(0, 10);
  let paidId = '';
  let refundedId = '';
  let pendingId = '';
  let pickupId = '';
  let paidIntent = '';
  let refundedIntent = '';
  // The test clock starts Monday 23 November 2026 in Perth: the cellar door's next Saturday is the 28th.
  const SATURDAY = '2026-11-28';

  beforeAll(async () => {
    t = await createTestApp();
    const beer = await ownBeer(t, 'books-ale', { name: 'Books Ale' });
    // Three shoppers: one paid, one paid then refunded $5.00, one who has not paid yet.
    const paid = await checkOut(t, [cartLine(beer.id, beer.fields, '8pack', 1)], {
      ...customer,
      name: 'Ada Lovelace',
      email: 'ada.books@example.com',
    });
    const refunded = await checkOut(t, [cartLine(beer.id, beer.fields, '4pack', 1)], {
      ...customer,
      name: 'Grace Hopper',
      email: 'grace.books@example.com',
      addressLine1: '=HYPERLINK("http://evil.example")',
    });
    const pending = await checkOut(t, [cartLine(beer.id, beer.fields, 'single', 4)], {
      ...customer,
      name: 'Alan Turing',
      email: 'alan.books@example.com',
      suburb: 'Newtown',
      postCode: '2042',
      state: 'NSW',
    });
    // And one who collects at the cellar door on Saturday.
    const pickup = await t
      .http()
      .post('/api/create-payment-intent')
      .send({
        cartItems: [cartLine(beer.id, beer.fields, '4pack', 1)],
        customerInfo: { name: 'Mary Somerville', email: 'mary.books@example.com', phone: '0412 345 678' },
        fulfilment: { method: 'pickup', pickupDate: SATURDAY },
      });
    expect(pickup.status).toBe(200);
    for (const answer of [paid, refunded, pickup.body as CheckoutAnswer]) expect((await payWithCard(t, answer, SUCCEEDS)).status).toBe(200);
    await settle(t);
    const refund = await t
      .http()
      .post(`/api/admin/orders/${refunded.orderId}/refund`)
      .set('Authorization', `Bearer ${await t.adminToken()}`)
      .set('Idempotency-Key', 'books-refund')
      .send({ amount: '5.00' });
    expect(refund.status).toBe(200);
    await settle(t);
    [paidId, refundedId, pendingId, pickupId] = [paid.orderId, refunded.orderId, pending.orderId, (pickup.body as CheckoutAnswer).orderId];
    [paidIntent, refundedIntent] = [paid.paymentIntentId, refunded.paymentIntentId];
  });
  afterAll(async () => {
    await t.close();
  });

  const csvRows = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '');

  /** A row's cells by column name, quoted cells read as RFC 4180 writes them. */
  const cellsOf = (header: string, row: string): Record<string, string> => {
    const cells = (line: string) =>
      [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell = '']) =>
        cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell,
      );
    const values = cells(row);
    return Object.fromEntries(cells(header).map((name, i) => [name, values[i] ?? '']));
  };

  it('given a period, then every order placed in it is one CSV row with customer, address, items, GST, refunds and tracking, safe in a spreadsheet', async () => {
    const res = await adminPost(t, '/api/admin/orders/export', { startDate: today(), endDate: today() });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${today()}-to-${today()}.csv"`);
    const rows = csvRows(res.text);
    // The columns the export always had, in their order, then the payment reference, the net, the fulfilment, the state
    // and the discount code with what it took off.
    expect(rows[0]).toBe(
      'Order,Placed,Paid,Status,Customer,E-mail,Phone,Address,Items,Cans,Subtotal,Shipping,GST included,Total,Refunded,Tracking reference,Invoice,' +
        'Payment reference,Net after refunds,Fulfilment,State,Discount code,Discount',
    );
    expect(rows.slice(1).map((row) => row.split(',')[0])).toEqual([paidId, refundedId, pendingId, pickupId]);
    const ada = rows.find((row) => row.startsWith(`${paidId},`)) ?? '';
    expect(ada).toContain('Ada Lovelace,ada.books@example.com,0412 345 678');
    expect(ada).toContain('1 x Books Ale (8 Pack),8,');
    // The status as the screens say it.
    expect(ada).toMatch(/,Paid,/);
    expect(ada).toMatch(new RegExp(`,INV-\\d+,${paidIntent},`));
    const grace = rows.find((row) => row.startsWith(`${refundedId},`)) ?? '';
    // The formula stays text: an apostrophe first, quoted for the quotes and comma it holds.
    expect(grace).toContain(`"'=HYPERLINK(""http://evil.example""), Perth WA 6000"`);
    expect(grace).toContain(',5.00,');
    const alan = rows.find((row) => row.startsWith(`${pendingId},`)) ?? '';
    expect(alan).toMatch(/^\d+,\d{4}-\d\d-\d\d \d\d:\d\d,,Payment Pending,Alan Turing/);
  });

  it('given paid, refunded, unpaid and collected orders, then each row ends with its payment reference, what it kept, how it leaves and its state', async () => {
    const rows = csvRows((await adminPost(t, '/api/admin/orders/export', { startDate: today(), endDate: today() })).text);
    const header = rows[0] ?? '';
    const row = (id: string) => cellsOf(header, rows.find((line) => line.startsWith(`${id},`)) ?? '');
    const tail = (id: string) => {
      const cells = row(id);
      return [cells['Payment reference'], cells['Net after refunds'], cells['Fulfilment'], cells['State']];
    };
    const ada = row(paidId);
    expect(tail(paidId)).toEqual([paidIntent, ada['Total'], 'Delivery', 'WA']);
    // Paid less the $5.00 given back, in dollars and cents.
    const grace = row(refundedId);
    expect(grace['Refunded']).toBe('5.00');
    expect(tail(refundedId)).toEqual([refundedIntent, (Math.round(Number(grace['Total']) * 100 - 500) / 100).toFixed(2), 'Delivery', 'WA']);
    // Nothing paid yet: nothing kept; its intent is its reference all the same.
    expect(tail(pendingId)).toEqual([expect.stringMatching(/^pi_/), '0.00', 'Delivery', 'NSW']);
    expect(row(pendingId)['Status']).toBe('Payment Pending');
    // Collected at the cellar door on its Saturday, nothing for postage.
    const mary = row(pickupId);
    expect(mary['Shipping']).toBe('0.00');
    expect(tail(pickupId)).toEqual([expect.stringMatching(/^pi_/), mary['Total'], `Pickup Saturday 28 November (${SATURDAY})`, 'WA']);
  });

  it('given the Active Orders search (status, text), then the export keeps only what it finds', async () => {
    const paidOnly = await adminPost(t, '/api/admin/orders/export', { startDate: today(), endDate: today(), status: ['paid'] });
    expect(
      csvRows(paidOnly.text)
        .slice(1)
        .map((row) => row.split(',')[0]),
    ).toEqual([paidId, refundedId, pickupId]);
    const grace = await adminPost(t, '/api/admin/orders/export', { startDate: today(), endDate: today(), q: 'grace.books' });
    expect(
      csvRows(grace.text)
        .slice(1)
        .map((row) => row.split(',')[0]),
    ).toEqual([refundedId]);
    const bad = await adminPost(t, '/api/admin/orders/export', { startDate: today(), endDate: today(), status: 'lost' });
    expect(bad.status).toBe(400);
  });

  it.each([
    { given: 'no dates', body: {}, message: 'Start date and end date are required' },
    { given: 'a start after the end', body: { startDate: '2026-12-02', endDate: '2026-12-01' } },
    { given: 'a date that is no date', body: { startDate: '2026-13-01', endDate: '2026-12-01' } },
  ])('given $given, then 400 and nothing to download', async ({ body, message }) => {
    for (const path of ['/api/admin/orders/export', '/api/admin/gst-summary', '/api/admin/gst-summary/export']) {
      const res = await adminPost(t, path, body);
      expect(res.status).toBe(400);
      if (message !== undefined) expect(res.body.message).toBe(message);
    }
  });

  it("given the period's sales and refunds, then the GST summary counts what was paid in it and what was given back in it", async () => {
    const res = await adminPost(t, '/api/admin/gst-summary', { startDate: today(), endDate: today() });
    expect(res.status).toBe(200);
    const [header = '', ...paidRows] = csvRows(
      (await adminPost(t, '/api/admin/orders/export', { startDate: today(), endDate: today(), status: ['paid'] })).text,
    );
    const orders = paidRows.map((row) => cellsOf(header, row));
    // Totals and GST as each order's row states them (columns Total and GST included).
    const cents = (value: string | undefined) => Math.round(Number(value) * 100);
    const sales = orders.reduce((sum, row) => sum + cents(row['Total']), 0);
    const gst = orders.reduce((sum, row) => sum + cents(row['GST included']), 0);
    expect(res.body).toEqual({
      startDate: today(),
      endDate: today(),
      paidOrders: 3,
      sales: (sales / 100).toFixed(2),
      gstOnSales: (gst / 100).toFixed(2),
      discounts: '0.00',
      refunds: '5.00',
      gstOnRefunds: '0.45',
      netSales: ((sales - 500) / 100).toFixed(2),
      netGst: ((gst - 45) / 100).toFixed(2),
    });
    const csv = await adminPost(t, '/api/admin/gst-summary/export', { startDate: today(), endDate: today() });
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="gst-${today()}-to-${today()}.csv"`);
    expect(csvRows(csv.text)[1]).toBe(
      `${today()} to ${today()},3,${res.body.sales},${res.body.gstOnSales},5.00,0.45,${res.body.netSales},${res.body.netGst},0.00`,
    );
  });

  it('given a period with no sales, then everything is zero', async () => {
    const res = await adminPost(t, '/api/admin/gst-summary', { startDate: '2020-01-01', endDate: '2020-01-31' });
    expect(res.body).toMatchObject({ paidOrders: 0, sales: '0.00', gstOnSales: '0.00', refunds: '0.00', netGst: '0.00' });
  });

  it('refuses a caller without the admin token', async () => {
    for (const path of ['/api/admin/orders/export', '/api/admin/gst-summary', '/api/admin/gst-summary/export']) {
      expect((await t.http().post(path).send({ startDate: today(), endDate: today() })).status).toBe(401);
    }
  });
});
