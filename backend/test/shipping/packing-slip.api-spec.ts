import { createTestApp, type TestApp } from '../create-test-app';
import { customer } from '../checkout/checkout-fixtures';
import { SIGNATURE_REMINDER } from '../../src/modules/shipping/label-pdf/packing-slip-pdf';
import { readPdf } from './pdf-content';
import { asBytes, paidOrder, pendingOrder, type Download } from './shipping-fixtures';

async function slip(t: TestApp, id: string, token = true): Promise<Download> {
  const req = t.http().get(`/api/admin/orders/${id}/packing-slip`);
  if (token) req.set('Authorization', `Bearer ${await t.adminToken()}`);
  return asBytes(req);
}

const message = (download: Download): string => (JSON.parse(download.body.toString('utf8')) as { message: string }).message;

describe('GET /api/admin/orders/{id}/packing-slip', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a paid order’s slip as one A6 PDF: its beers by pack size, the cans in the box, whom it goes to, the reminder', async () => {
    const orderId = await paidOrder(t, { ...customer, name: 'Đỗ Văn Đức', suburb: 'Nedlands', postCode: '6009' }, 2);
    const res = await slip(t, orderId);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="packing-slip-order-${orderId}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = await readPdf(res.body);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toMatch(
      new RegExp(
        `^PACKING SLIP .* Order #${orderId} Đỗ Văn Đức NEDLANDS WA 6009 Ordered .* Beer Pack Packs Cans Shipping Beer \\d+ 4 Pack 2 8 8 cans in this box`,
      ),
    );
    expect(pdf.text).toContain(SIGNATURE_REMINDER);
    // The order number is also a barcode to scan at the bench.
    expect(res.body.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it.each([
    ['张伟 Zoë Ø Łukasz', '张伟 Zoë Ø Łukasz'],
    ['Νίκος 김민준 Иван 🍺', 'Νίκος 김민준 Иван 🍺'],
  ])('prints the name %j as written', async (name, printed) => {
    const orderId = await paidOrder(t, { ...customer, name });
    expect((await readPdf((await slip(t, orderId)).body)).text).toContain(printed);
  });

  it('refuses an order that is not paid (409), one that does not exist (404) and an id that is not a number (400)', async () => {
    const pending = await pendingOrder(t);
    const notPaid = await slip(t, pending);
    expect([notPaid.status, message(notPaid)]).toEqual([409, `Order #${pending} is not paid`]);
    const missing = await slip(t, '999999');
    expect([missing.status, message(missing)]).toEqual([404, 'Order #999999 not found']);
    const word = await slip(t, 'twelve');
    expect([word.status, message(word)]).toEqual([400, 'The order id must be a whole number such as 12']);
  });

  it('answers 401 without the admin token', async () => {
    expect((await slip(t, '1', false)).status).toBe(401);
  });
});
