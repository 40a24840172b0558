import { createTestApp, type TestApp } from '../create-test-app';
import { readPdf } from './pdf-content';
import { SIGNATURE_REMINDER } from '../../src/modules/shipping/label-pdf/packing-slip-pdf';
import { asBytes, labelEvents, labelEventsDuring, paidOrder, pendingOrder, WARNING, type Download } from './shipping-fixtures';

/** Posts to a bulk route and reads the answer as bytes (an error answer too, as its JSON bytes). */
async function postForBytes(t: TestApp, path: string, body: object, token: string | null = 'admin'): Promise<Download> {
  const req = t.http().post(path);
  if (token !== null) req.set('Authorization', `Bearer ${await t.adminToken()}`);
  return asBytes(req.send(body));
}

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

  it('given an order that cannot be shipped among them, then nothing is printed or created, and the message names it', async () => {
    const pending = await pendingOrder(t);
    const fresh = await paidOrder(t);
    const appended = await labelEventsDuring(t, async () => {
      const refused = await postForBytes(t, '/api/admin/shipping-labels/bulk', { orderIds: [fresh, pending] });
      expect(refused.status).toBe(409);
      expect(message(refused)).toMatch(new RegExp(`^Nothing was printed: .*Order #${pending} is not paid`));
    });
    expect(appended).toEqual([]);
    expect((await postForBytes(t, '/api/admin/pick-list', { orderIds: [pending] })).status).toBe(409);
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
