import { createTestApp, type TestApp } from '../create-test-app';
import { readPdf } from './pdf-content';
import { SIGNATURE_REMINDER } from '../../src/modules/shipping/label-pdf/packing-slip-pdf';
import type { BulkFileResult } from '@brewery/shop-rules';
import { beer, cartLine, eventually, orderView, payWithCard, seedProduct, type CheckoutAnswer } from '../checkout/checkout-fixtures';
import { asBytes, labelEvents, labelEventsDuring, paidOrder, pendingOrder, SUCCEEDS, WARNING, type Download } from './shipping-fixtures';

/** Posts to a bulk route and reads the answer as bytes (an error answer too, as its JSON bytes). */
async function postForBytes(t: TestApp, path: string, body: object, token: string | null = 'admin'): Promise<Download> {
  const req = t.http().post(path);
  if (token !== null) req.set('Authorization', `Bearer ${await t.adminToken()}`);
  return asBytes(req.send(body));
}

/** Posts to a bulk route asking for the JSON answer, as the admin does. */
async function postJson(t: TestApp, path: string, body: object) {
  const res = await t
    .http()
    .post(path)
    .set('Authorization', `Bearer ${await t.adminToken()}`)
    .set('Accept', 'application/json')
    .send(body);
  return res as unknown as { status: number; body: BulkFileResult };
}

/** A paid cellar door pickup of one 4-pack on Saturday 28 November (the test clock starts Monday 23 November). */
async function paidPickup(t: TestApp): Promise<string> {
  pickups += 1;
  const id = `bulk-pickup-beer-${pickups}`;
  const fields = beer(`Pickup Beer ${pickups}`, { inventory: 40 });
  await seedProduct(t, id, fields);
  const res = await t
    .http()
    .post('/api/create-payment-intent')
    .send({
      cartItems: [cartLine(id, fields, '4pack', 1)],
      customerInfo: { name: 'Ada Lovelace', email: `pickup-${pickups}@example.com`, phone: '0412 345 678' },
      fulfilment: { method: 'pickup', pickupDate: '2026-11-28' },
    });
  if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
  const answer = res.body as CheckoutAnswer;
  expect((await payWithCard(t, answer, SUCCEEDS)).status).toBe(200);
  await eventually(async () => (await orderView(t, answer.orderId))?.status === 'paid');
  return answer.orderId;
}
let pickups = 0;

const message = (download: Download): string => (JSON.parse(download.body.toString('utf8')) as { message: string }).message;

describe('dispatch in bulk: POST /api/admin/shipping-labels/bulk and /api/admin/pick-list', () => {
  let t: TestApp;
  let orders: string[];
  beforeAll(async () => {
    t = await createTestApp();
    // Three paid orders of 1, 2 and 4 four-packs, each of a beer of its own.
    orders = [await paidOrder(t, undefined, 1), await paidOrder(t, undefined, 2), await paidOrder(t, undefined, 4)];
  });
  afterAll(async () => {
    await t.close();
  });

  it('prints the labels of the orders as one PDF, one page each in the order given, creating the missing ones once', async () => {
    const given = [orders[2], orders[0], orders[1]] as string[];
    const first = await postForBytes(t, '/api/admin/shipping-labels/bulk', { orderIds: given });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe('attachment; filename="shipping-labels-3-orders.pdf"');
    expect(first.headers['cache-control']).toBe('private, no-store');
    const pdf = await readPdf(first.body);
    expect(pdf.pages).toBe(3);
    const where = given.map((id) => pdf.text.indexOf(`Order #${id}`));
    expect(where.every((at) => at >= 0)).toBe(true);
    expect(where).toEqual([...where].sort((a, b) => a - b));
    for (const id of given) expect((await labelEvents(t, id)).map((e) => e.type)).toEqual(['ShippingLabelCreated']);

    // Printed again (a jammed printer), the same labels: nothing new is bought. (The bytes may differ: PDFKit
    // numbers the embedded barcodes as it finishes decoding them.)
    const appended = await labelEventsDuring(t, async () => {
      const again = await postForBytes(t, '/api/admin/shipping-labels/bulk', { orderIds: given });
      expect(await readPdf(again.body)).toEqual(pdf);
    });
    expect(appended).toEqual([]);
  });

  it('with packingSlips, each order’s packing slip follows its label: what goes in the box, its cans, the 18+ reminder', async () => {
    const given = [orders[1], orders[0]] as string[];
    const res = await postForBytes(t, '/api/admin/shipping-labels/bulk', { orderIds: given, packingSlips: true });
    expect(res.status).toBe(200);
    const pdf = await readPdf(res.body);
    expect(pdf.pages).toBe(4);
    const at = (part: string, from = 0) => pdf.text.indexOf(part, from);
    // Label of the first, its slip, label of the second, its slip.
    const firstSlip = at('PACKING SLIP');
    expect(at(WARNING)).toBeLessThan(firstSlip);
    expect(at(`Order #${given[0]}`)).toBeLessThan(firstSlip);
    expect(pdf.text.slice(firstSlip)).toMatch(
      new RegExp(`^PACKING SLIP .*Order #${given[0]} .*4 Pack 2 8 8 cans in this box ${SIGNATURE_REMINDER.replace('+', '\\+')}`),
    );
    const secondSlip = at('PACKING SLIP', firstSlip + 1);
    expect(at(`Order #${given[1]}`, firstSlip)).toBeLessThan(secondSlip);
    expect(pdf.text.slice(secondSlip)).toMatch(new RegExp(`^PACKING SLIP .*Order #${given[1]} .*4 Pack 1 4 4 cans in this box`));
  });

  it('refuses packingSlips that is not true or false', async () => {
    const res = await postForBytes(t, '/api/admin/shipping-labels/bulk', { orderIds: orders, packingSlips: 'yes' });
    expect([res.status, message(res)]).toEqual([400, 'packingSlips must be true or false']);
  });

  it('lists what to pull per beer and pack size, as CSV and as PDF', async () => {
    const csv = await postForBytes(t, '/api/admin/pick-list', { orderIds: orders, format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csv.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Beer,Pack size,Packs,Cans');
    expect(rows.slice(1, -1).map((row) => row.split(',').slice(1))).toEqual(
      expect.arrayContaining([
        ['4 Pack', '1', '4'],
        ['4 Pack', '2', '8'],
        ['4 Pack', '4', '16'],
      ]),
    );
    expect(rows.at(-1)).toBe('Total for 3 orders,,,28');

    const pdf = await postForBytes(t, '/api/admin/pick-list', { orderIds: orders });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdf(pdf.body);
    expect(text).toContain('Pick list');
    // The totals, then box by box.
    expect(text).toMatch(/Total 28 .*By order/);
    for (const [index, cans] of [4, 8, 16].entries()) {
      expect(text).toMatch(
        new RegExp(`Order #${orders[index]} · Ada Lovelace · [A-Z ]+ WA \\d{4} ${cans} cans .*4 Pack ${cans / 4} ${cans}`),
      );
    }
  });

  it('given an order that cannot be shipped among them, then the others are printed and it is named in the answer, nothing bought for it', async () => {
    const pending = await pendingOrder(t);
    const fresh = await paidOrder(t);
    const appended = await labelEventsDuring(t, async () => {
      const printed = await postForBytes(t, '/api/admin/shipping-labels/bulk', { orderIds: [fresh, pending] });
      expect(printed.status).toBe(200);
      expect(printed.headers['content-disposition']).toBe('attachment; filename="shipping-labels-1-orders.pdf"');
      expect(printed.headers['x-bulk-skipped']).toBe(`${pending} order_not_paid`);
      expect((await readPdf(printed.body)).pages).toBe(1);
    });
    expect(appended.map((event) => event.streamName)).toEqual([`label-${fresh}`]);

    // Asked as JSON (as the admin asks), the same print says it in words and by order
    const json = await postJson(t, '/api/admin/shipping-labels/bulk', { orderIds: [pending, fresh] });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({
      message: `Labels of 1 order ready to print. 1 skipped: Order #${pending} is not paid`,
      applied: [fresh],
      skipped: [{ orderId: pending, code: 'order_not_paid', reason: `Order #${pending} is not paid` }],
      file: { name: 'shipping-labels-1-orders.pdf', type: 'application/pdf' },
    });
    expect((await readPdf(Buffer.from(json.body.file?.base64 ?? '', 'base64'))).pages).toBe(1);
  });

  it('given only orders that cannot be shipped, then nothing is printed or created: the PDF is refused (409) and the JSON answer names each', async () => {
    const pending = await pendingOrder(t);
    const appended = await labelEventsDuring(t, async () => {
      const refused = await postForBytes(t, '/api/admin/shipping-labels/bulk', { orderIds: [pending, '999999'] });
      expect(refused.status).toBe(409);
      expect(message(refused)).toBe(`Nothing was printed: Order #${pending} is not paid; Order #999999 not found`);
      const json = await postJson(t, '/api/admin/shipping-labels/bulk', { orderIds: [pending, '999999'] });
      expect([json.status, json.body]).toEqual([
        200,
        {
          message: `Nothing was printed: Order #${pending} is not paid; Order #999999 not found`,
          applied: [],
          skipped: [
            { orderId: pending, code: 'order_not_paid', reason: `Order #${pending} is not paid` },
            { orderId: '999999', code: 'order_not_found', reason: 'Order #999999 not found' },
          ],
          file: null,
        },
      ]);
    });
    expect(appended).toEqual([]);
    expect((await postForBytes(t, '/api/admin/pick-list', { orderIds: [pending] })).status).toBe(409);
  });

  it('given posted orders and cellar door pickups, labels the posted ones and skips each pickup; with packing slips, a pickup gets its slip', async () => {
    const posted = await paidOrder(t);
    const pickups = [await paidPickup(t), await paidPickup(t)];
    const labels = await postJson(t, '/api/admin/shipping-labels/bulk', { orderIds: [pickups[0], posted, pickups[1]] });
    const reason = (id: string | undefined) => `Order #${id} is collected at the cellar door: it gets no shipping label`;
    expect(labels.body).toMatchObject({
      message: `Labels of 1 order ready to print. 2 skipped: ${reason(pickups[0])}; ${reason(pickups[1])}`,
      applied: [posted],
      skipped: pickups.map((orderId) => ({ orderId, code: 'pickup_no_label', reason: reason(orderId) })),
    });
    expect((await readPdf(Buffer.from(labels.body.file?.base64 ?? '', 'base64'))).pages).toBe(1);

    const withSlips = await postJson(t, '/api/admin/shipping-labels/bulk', { orderIds: [pickups[0], posted], packingSlips: true });
    expect(withSlips.body).toMatchObject({
      message: 'Labels and packing slips of 2 orders ready to print',
      applied: [pickups[0], posted],
      skipped: [],
    });
    // The posted order's label and slip, and the pickup's slip
    expect((await readPdf(Buffer.from(withSlips.body.file?.base64 ?? '', 'base64'))).pages).toBe(3);

    // Pickups alone, without their slips: nothing to print, and it says what to print instead
    const only = await postJson(t, '/api/admin/shipping-labels/bulk', { orderIds: pickups });
    expect(only.body).toMatchObject({
      message: 'These orders are all collected at the cellar door: they get no shipping labels. Print their packing slips instead.',
      applied: [],
      file: null,
    });
  });

  it('lists what to pull for the orders that can be sent, skipping the others with why', async () => {
    const pending = await pendingOrder(t);
    const csv = await postForBytes(t, '/api/admin/pick-list', { orderIds: [orders[0], pending], format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['x-bulk-skipped']).toBe(`${pending} order_not_paid`);
    expect(csv.body.toString('utf8').trim().split('\r\n').at(-1)).toBe('Total for 1 order,,,4');

    const json = await postJson(t, '/api/admin/pick-list', { orderIds: [pending, orders[0]], format: 'csv' });
    expect(json.body).toMatchObject({
      message: `Pick list of 1 order ready. 1 skipped: Order #${pending} is not paid`,
      applied: [orders[0]],
      skipped: [{ orderId: pending, code: 'order_not_paid' }],
      file: { name: 'pick-list-1-orders.csv', type: 'text/csv; charset=utf-8' },
    });
  });

  it.each([
    ['no list', {}],
    ['an empty list', { orderIds: [] }],
    ['a word', { orderIds: ['twelve'] }],
    ['a list too long', { orderIds: Array.from({ length: 201 }, (_, i) => String(i + 1)) }],
    ['not a list', { orderIds: '12' }],
  ])('given %s, then 400 saying what to send', async (_given, body) => {
    const res = await postForBytes(t, '/api/admin/shipping-labels/bulk', body);
    expect([res.status, message(res)]).toEqual([400, 'orderIds must be a list of 1 to 200 order numbers']);
  });

  it('refuses a pick list format it does not make', async () => {
    const res = await postForBytes(t, '/api/admin/pick-list', { orderIds: orders, format: 'xlsx' });
    expect([res.status, message(res)]).toEqual([400, 'format must be pdf or csv']);
  });

  it('answers 401 without the admin token', async () => {
    expect((await postForBytes(t, '/api/admin/shipping-labels/bulk', { orderIds: orders }, null)).status).toBe(401);
    expect((await postForBytes(t, '/api/admin/pick-list', { orderIds: orders }, null)).status).toBe(401);
  });
});
