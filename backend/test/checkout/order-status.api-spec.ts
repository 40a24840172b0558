import { createTestApp, type TestApp } from '../create-test-app';
import {
  adminGet,
  adminSend,
  beer,
  cartLine,
  customer,
  eventually,
  payWithCard,
  paymentStatusOf,
  seedProduct,
  settle,
} from './checkout-fixtures';
import { readPdf } from '../shipping/pdf-content';

const SUCCEEDS = '4242 4242 4242 4242';
const NOT_FOUND =
  'We could not find an order with that order number and e-mail address. Please check both against your confirmation e-mail.';

/** The customer's way back to an order: `/order-status` by number and e-mail address, or by its signed link. */
describe('order status (POST /api/order-status, GET /api/order-status/:token)', () => {
  let t: TestApp;
  const stout = beer('Status Stout', { inventory: 200 });
  let paid: { orderId: string; paymentIntentId: string; clientSecret: string };
  let pending: { orderId: string };
  let client = 0;

  /** Each look-up from a client address of its own, so the per-client limit is met only where it is tried. */
  const lookUp = (body: object, from = `198.51.100.${++client}`) =>
    t.http().post('/api/order-status').set('X-Forwarded-For', from).send(body);

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
    await seedProduct(t, 'status-stout', stout);
    const checkout = (info: Record<string, string>) =>
      t
        .http()
        .post('/api/create-payment-intent')
        .set('X-Forwarded-For', `203.0.113.${++client}`)
        .send({ cartItems: [cartLine('status-stout', stout, '8pack', 1)], customerInfo: info });
    paid = (await checkout(customer)).body;
    expect((await payWithCard(t, paid as never, SUCCEEDS)).status).toBe(200);
    pending = (await checkout({ ...customer, email: 'grace@example.com' })).body;
    await eventually(
      async () =>
        ((await adminGet(t, '/api/admin/orders')).body as { id: string; invoiceNumber: string | null }[]).find((o) => o.id === paid.orderId)
          ?.invoiceNumber,
    );
    await settle(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('given the order number and e-mail address (any case, with #), then it answers the order as the customer may see it', async () => {
    const res = await lookUp({ orderNumber: `#${paid.orderId}`, email: '  ADA@Example.com ' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatchObject({
      orderNumber: paid.orderId,
      status: 'paid',
      statusLabel: 'Paid',
      items: [{ name: 'Status Stout', packSize: '8pack', packLabel: '8 Pack', packs: 1, cans: 8, lineTotal: '42.00' }],
      subtotal: '42.00',
      total: expect.stringMatching(/^\d+\.\d\d$/),
      gstIncluded: expect.stringMatching(/^\d+\.\d\d$/),
      estimatedDelivery: '3-5 business days',
      deliverTo: 'Perth WA 6000',
      refunded: null,
      paymentReference: paid.paymentIntentId.slice(paid.paymentIntentId.indexOf('_') + 1),
      invoiceNumber: expect.stringMatching(/\S/),
      statusUrl: expect.stringMatching(new RegExp(`^/order-status\\?t=${paid.orderId}\\.[A-Za-z0-9_-]{22}$`)),
    });
    // Nothing of the customer's address, phone or e-mail address.
    expect(JSON.stringify(res.body)).not.toMatch(/Hay Street|0412|ada@example/i);
  });

  it.each([
    { given: 'a wrong e-mail address', body: () => ({ orderNumber: paid.orderId, email: 'eve@example.com' }) },
    { given: 'another order number', body: () => ({ orderNumber: String(Number(paid.orderId) + 1000), email: customer.email }) },
    { given: "someone else's order number", body: () => ({ orderNumber: pending.orderId, email: customer.email }) },
    { given: 'an order number that is no number', body: () => ({ orderNumber: '1e1', email: customer.email }) },
  ])('given $given, then 404 with the one message that says nothing of which orders exist', async ({ body }) => {
    const res = await lookUp(body());
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: NOT_FOUND, code: 'order_not_found' });
  });

  it.each([
    { given: 'no e-mail address', body: { orderNumber: '1' } },
    { given: 'an order number as an object', body: { orderNumber: { $gt: '' }, email: customer.email } },
    { given: 'a very long e-mail address', body: { orderNumber: '1', email: `${'a'.repeat(300)}@example.com` } },
  ])('given $given, then 400', async ({ body }) => {
    expect((await lookUp(body)).status).toBe(400);
  });

  it('given more than 10 look-ups a minute from one client, then 429 with Retry-After, and other clients still look up', async () => {
    const from = '192.0.2.77';
    for (let i = 0; i < 10; i++) expect((await lookUp({ orderNumber: String(i + 1), email: 'guess@example.com' }, from)).status).toBe(404);
    const refused = await lookUp({ orderNumber: paid.orderId, email: customer.email }, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await lookUp({ orderNumber: paid.orderId, email: customer.email })).status).toBe(200);
  });

  it('given the signed link the success page gets once paid, then it shows the same order without typing, and its tax invoice as PDF', async () => {
    const status = await paymentStatusOf(t, paid);
    expect(status.body).toMatchObject({ status: 'succeeded', orderId: paid.orderId });
    const token = new URLSearchParams(String(status.body.statusUrl).split('?')[1]).get('t') ?? '';
    const view = await t.http().get(`/api/order-status/${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ orderNumber: paid.orderId, invoiceUrl: `/api/order-status/${token}/invoice.pdf` });

    const invoice = await t
      .http()
      .get(view.body.invoiceUrl)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(invoice.status).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    const pdf = await readPdf(invoice.body as Buffer);
    expect(pdf.header).toMatch(/^%PDF-/);
    for (const part of [
      'Tax invoice',
      `ABN ${t.config.shop.abn}`,
      view.body.invoiceNumber,
      `#${paid.orderId}`,
      'Status Stout',
      '$42.00',
      'GST included',
    ]) {
      expect(pdf.text).toContain(part);
    }
  });

  it('given a refund since, then the status and the invoice say what was refunded', async () => {
    const refund = await t
      .http()
      .post(`/api/admin/orders/${paid.orderId}/refund`)
      .set('Authorization', `Bearer ${await t.adminToken()}`)
      .set('Idempotency-Key', 'order-status-refund')
      .send({ amount: '5.00' });
    expect(refund.status).toBe(200);
    await settle(t);
    const view = await lookUp({ orderNumber: paid.orderId, email: customer.email });
    expect(view.body).toMatchObject({ refunded: '5.00' });
    const invoice = await t
      .http()
      .get(String(view.body.invoiceUrl))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect((await readPdf(invoice.body as Buffer)).text).toContain('Refunded since');
  });

  it('given a link altered by one character, or made for another order, then 404 with the same message', async () => {
    const token = new URLSearchParams(String((await paymentStatusOf(t, paid)).body.statusUrl).split('?')[1]).get('t') ?? '';
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const forged = token.replace(/^\d+/, pending.orderId);
    for (const bad of [altered, forged, 'nothing']) {
      const res = await t.http().get(`/api/order-status/${bad}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(NOT_FOUND);
      expect((await t.http().get(`/api/order-status/${bad}/invoice.pdf`)).status).toBe(404);
    }
  });

  it('given an order not paid yet, then its status shows with no invoice, and the invoice route says why', async () => {
    const res = await lookUp({ orderNumber: pending.orderId, email: 'grace@example.com' });
    expect(res.body).toMatchObject({ status: 'pending', invoiceUrl: null, paymentReference: null, invoiceNumber: null });
    const token = new URLSearchParams(String(res.body.statusUrl).split('?')[1]).get('t') ?? '';
    const invoice = await t.http().get(`/api/order-status/${token}/invoice.pdf`);
    expect(invoice.status).toBe(404);
    expect(invoice.body).toMatchObject({
      code: 'no_invoice',
      message: 'This order has no tax invoice: it is issued when the order is paid.',
    });
  });

  it('given an order the operator deleted, then it is not found', async () => {
    expect((await adminSend(t, 'delete', `/api/admin/orders/${pending.orderId}`)).status).toBe(200);
    await settle(t);
    expect((await lookUp({ orderNumber: pending.orderId, email: 'grace@example.com' })).status).toBe(404);
  });
});
