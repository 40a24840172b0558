import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { addDays, perthDayOf } from '@brewery/shop-rules';
import { createTestApp, type TestApp } from '../create-test-app';
import { adminAuth, beerForm, checkout, createProduct, eventually, orderItem, pay, recordOrder, type Auth } from './reporting-fixtures';

jest.setTimeout(60_000);

interface Line {
  id: string;
  orderId: string;
  orderNumber: number | null;
  line: number;
  paidAt: string;
  date: string;
  productId: string;
  productName: string;
  style: string;
  packSize: string;
  packQuantity: number;
  packs: number;
  quantity: number;
  unitPrice: string;
  unitPriceCents: number;
  lineTotal: string;
  lineTotalCents: number;
}

interface Summary {
  startDate: string;
  endDate: string;
  lineItems: number;
  orders: number;
  totalCans: number;
  totalRevenue: string;
  totalRevenueCents: number;
  revenueByDay: { day: string; revenue: string; revenueCents: number }[];
  cansByBeer: { productId: string; productName: string; cans: number }[];
}

const ROUTES = ['/api/admin/sales-report', '/api/admin/sales-report/summary', '/api/admin/sales-report/export'] as const;

describe('sales report over HTTP', () => {
  let t: TestApp;
  let auth: Auth;
  const quokka = beerForm('Quokka Pale Ale', { price: '6.50', price4Pack: '24.00' });
  const kolsch = beerForm('Kölsch', { style: 'Kölsch', price: '7.00', price8Pack: '52.00' });
  let quokkaId: string;
  let kolschId: string;
  let paidOrderId: string;
  /** The Perth day the real checkout was paid on: the shop captures the payment at its own (test) clock. */
  let today: string;

  beforeAll(async () => {
    t = await createTestApp();
    auth = await adminAuth(t);
    quokkaId = await createProduct(t, quokka);
    kolschId = await createProduct(t, kolsch);

    // A paid order through the shop's own checkout and the local test gateway: 1 four-pack + 4 single cans.
    const paid = await checkout(t, [
      { productId: quokkaId, form: quokka, packSize: '4pack', packs: 1 },
      { productId: kolschId, form: kolsch, packSize: 'single', packs: 4 },
    ]);
    await pay(t, paid);
    paidOrderId = paid.orderId;
    // Left pending (never paid) and declined: neither is a sale.
    await checkout(t, [{ productId: kolschId, form: kolsch, packSize: '8pack', packs: 1 }]);
    const declined = await checkout(t, [{ productId: quokkaId, form: quokka, packSize: '4pack', packs: 2 }]);
    await pay(t, declined, '4000 0000 0000 0002');
    today = perthDayOf(t.clock.now);
    await eventually(async () => {
      const res = await report('/api/admin/sales-report', { startDate: addDays(today, -1), endDate: addDays(today, 1) });
      return (res.body as Line[]).length === 2;
    });

    // Sales at exact instants either side of midnight in Perth (UTC+8), a year before the wall-clock checkout: 15:59:59Z is Nov 22, 16:00Z is Nov 23.
    await recordOrder(
      t,
      '9001',
      [orderItem('9001', 1, { productId: quokkaId, productName: 'Quokka Pale Ale', quantity: 4, packs: 4, lineTotalCents: 2600 })],
      {
        paidAt: '2025-11-22T15:59:59.000Z',
      },
    );
    await recordOrder(
      t,
      '9002',
      [
        orderItem('9002', 1, {
          productId: kolschId,
          productName: 'Kölsch',
          packSize: '8pack',
          packQuantity: 8,
          packs: 2,
          quantity: 16,
          unitPriceCents: 5200,
          lineTotalCents: 10400,
        }),
        orderItem('9002', 2, {
          productId: 'gone',
          productName: '=HYPERLINK("http://evil.example","Click")',
          style: 'Sour, "Wild"',
          quantity: 4,
          packs: 4,
          lineTotalCents: 2600,
        }),
      ],
      { paidAt: '2025-11-22T16:00:00.000Z' },
    );
    await recordOrder(t, '9003', [orderItem('9003', 1, { productId: quokkaId, productName: 'Quokka Pale Ale' })], 'pending');
    await recordOrder(t, '9004', [orderItem('9004', 1, { productId: quokkaId, productName: 'Quokka Pale Ale' })], 'cancelled');
    await eventually(async () =>
      ((await report('/api/admin/sales-report', { startDate: '2025-11-22', endDate: '2025-11-23' })).body as Line[]).some(
        (l) => l.orderId === '9002',
      ),
    );
  });

  afterAll(async () => {
    await t.close();
  });

  function report(route: string, body: object, headers: Auth | Record<string, never> = auth) {
    return t.http().post(route).set(headers).send(body);
  }

  describe('given a paid, a pending and a declined checkout', () => {
    it('then the report has one line per item of the paid order, and nothing else', async () => {
      const res = await report('/api/admin/sales-report', { startDate: addDays(today, -1), endDate: addDays(today, 1) }).expect(200);
      const lines = (res.body as Line[]).filter((l) => !l.orderId.startsWith('900'));
      expect(lines).toEqual([
        expect.objectContaining({
          orderId: paidOrderId,
          orderNumber: Number(paidOrderId),
          line: 1,
          date: today,
          productId: quokkaId,
          productName: 'Quokka Pale Ale',
          style: 'Pale Ale',
          packSize: '4pack',
          packQuantity: 4,
          packs: 1,
          quantity: 4,
          unitPrice: '24.00',
          lineTotal: '24.00',
          lineTotalCents: 2400,
        }),
        expect.objectContaining({
          orderId: paidOrderId,
          line: 2,
          date: today,
          productName: 'Kölsch',
          packSize: 'single',
          packs: 4,
          quantity: 4,
          unitPrice: '7.00',
          lineTotal: '28.00',
        }),
      ]);
      expect(perthDayOf(lines[0]!.paidAt)).toBe(today);
    });

    it('then the summary totals them for the charts', async () => {
      const res = await report('/api/admin/sales-report/summary', { startDate: today, endDate: today }).expect(200);
      const summary = res.body as Summary;
      expect(summary).toMatchObject({ lineItems: 2, orders: 1, totalCans: 8, totalRevenue: '52.00', totalRevenueCents: 5200 });
      expect(summary.revenueByDay).toEqual([{ day: today, revenue: '52.00', revenueCents: 5200 }]);
      expect(summary.cansByBeer).toEqual([
        { productId: kolschId, productName: 'Kölsch', cans: 4 },
        { productId: quokkaId, productName: 'Quokka Pale Ale', cans: 4 },
      ]);
    });
  });

  describe('given orders paid either side of midnight in Perth', () => {
    it.each([
      ['2025-11-22', '2025-11-22', ['9001-1']],
      ['2025-11-23', '2025-11-23', ['9002-1', '9002-2']],
      ['2025-11-22', '2025-11-23', ['9001-1', '9002-1', '9002-2']],
      ['2025-11-21', '2025-11-21', []],
    ])('when the report runs from %s to %s, then it holds %j', async (startDate, endDate, ids) => {
      const res = await report('/api/admin/sales-report', { startDate, endDate }).expect(200);
      expect((res.body as Line[]).filter((l) => l.orderId.startsWith('900')).map((l) => l.id)).toEqual(ids);
    });

    it('then pending and cancelled orders never appear', async () => {
      const res = await report('/api/admin/sales-report', { startDate: '2025-01-01', endDate: '2027-12-31' }).expect(200);
      expect((res.body as Line[]).map((l) => l.orderId)).not.toEqual(expect.arrayContaining(['9003']));
      expect((res.body as Line[]).map((l) => l.orderId)).not.toEqual(expect.arrayContaining(['9004']));
    });

    it('then the summary lists every day of the period and the cans per beer', async () => {
      const res = await report('/api/admin/sales-report/summary', { startDate: '2025-11-21', endDate: '2025-11-23' }).expect(200);
      const summary = res.body as Summary;
      expect(summary).toMatchObject({
        startDate: '2025-11-21',
        endDate: '2025-11-23',
        lineItems: 3,
        orders: 2,
        totalCans: 24,
        totalRevenue: '156.00',
      });
      expect(summary.revenueByDay).toEqual([
        { day: '2025-11-21', revenue: '0.00', revenueCents: 0 },
        { day: '2025-11-22', revenue: '26.00', revenueCents: 2600 },
        { day: '2025-11-23', revenue: '130.00', revenueCents: 13000 },
      ]);
      expect(summary.cansByBeer.map((b) => [b.productName, b.cans])).toEqual([
        ['Kölsch', 16],
        ['=HYPERLINK("http://evil.example","Click")', 4],
        ['Quokka Pale Ale', 4],
      ]);
    });
  });

  describe('CSV export', () => {
    it('then it downloads as sales-report-{start}-to-{end}.csv with a header, quoted and neutralised cells, and a totals row', async () => {
      const res = await report('/api/admin/sales-report/export', { startDate: '2025-11-23', endDate: '2025-11-23' })
        .buffer(true)
        .parse((response, callback) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => callback(null, text));
        })
        .expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="sales-report-2025-11-23-to-2025-11-23.csv"');
      const body = res.body as string;
      expect(body.startsWith('\uFEFF')).toBe(true);
      const rows = body.slice(1).split('\r\n');
      expect(rows[0]).toBe('Order Number,Date,Paid At,Product,Style,Pack Size,Packs,Quantity (cans),Unit Price,Line Total,Fulfilment');
      expect(rows.slice(1)).toEqual([
        '9002,2025-11-23,2025-11-22T16:00:00.000Z,Kölsch,Pale Ale,8 Pack,2,16,52.00,104.00,Delivery',
        '9002,2025-11-23,2025-11-22T16:00:00.000Z,"\'=HYPERLINK(""http://evil.example"",""Click"")","Sour, ""Wild""",Single Can,4,4,6.50,26.00,Delivery',
        'Total (2 line items),,,,,,,20,,130.00,',
        '',
      ]);
    });

    it('given a period without sales, then the file still has its header and a zero totals row', async () => {
      const res = await report('/api/admin/sales-report/export', { startDate: '2020-01-01', endDate: '2020-01-31' }).expect(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="sales-report-2020-01-01-to-2020-01-31.csv"');
      expect(res.text.slice(1).split('\r\n')).toEqual([
        'Order Number,Date,Paid At,Product,Style,Pack Size,Packs,Quantity (cans),Unit Price,Line Total,Fulfilment',
        'Total (0 line items),,,,,,,0,,0.00,',
        '',
      ]);
    });
  });

  describe('validation', () => {
    const cases: [string, object, string][] = [
      ['no dates', {}, 'Start date and end date are required'],
      ['no start date', { endDate: '2026-11-30' }, 'Start date and end date are required'],
      ['no end date', { startDate: '2026-11-01' }, 'Start date and end date are required'],
      ['empty dates', { startDate: '', endDate: '' }, 'Start date and end date are required'],
      ['null dates', { startDate: null, endDate: null }, 'Start date and end date are required'],
      ['a start after the end', { startDate: '2026-11-30', endDate: '2026-11-01' }, 'Start date must be on or before the end date'],
      [
        'a malformed start',
        { startDate: '1/11/2026', endDate: '2026-11-30' },
        'Start date must be a calendar date written YYYY-MM-DD (got "1/11/2026")',
      ],
      [
        'an impossible end',
        { startDate: '2026-11-01', endDate: '2026-11-31' },
        'End date must be a calendar date written YYYY-MM-DD (got "2026-11-31")',
      ],
      ['a number', { startDate: 20261101, endDate: '2026-11-30' }, 'Start date must be a date written YYYY-MM-DD'],
      ['an unknown field', { startDate: '2026-11-01', endDate: '2026-11-30', format: 'xlsx' }, 'property format should not exist'],
    ];
    for (const route of ROUTES) {
      it.each(cases)(`${route}: given %s, then 400 with the message`, async (_, body, message) => {
        const res = await report(route, body).expect(400);
        expect(res.body).toMatchObject({ statusCode: 400, message });
      });
    }

    it.each(ROUTES)('%s without a token is 401', async (route) => {
      await report(route, { startDate: '2026-11-01', endDate: '2026-11-30' }, {}).expect(401);
    });
  });

  it('every Analytics route is in the OpenAPI document', async () => {
    const doc = (await t.http().get('/api/docs/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    for (const [path, method] of [
      ['/api/admin/sales-report', 'post'],
      ['/api/admin/sales-report/summary', 'post'],
      ['/api/admin/sales-report/export', 'post'],
      ['/api/admin/parse-stock-email', 'post'],
      ['/api/admin/analytics/send-daily-email', 'post'],
      ['/api/admin/stock-levels', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.summary).toEqual(expect.any(String));
    }
  });

  it('rebuilt from the log, the report is the same', async () => {
    const period = { startDate: '2025-01-01', endDate: '2027-12-31' };
    const before = (await report('/api/admin/sales-report', period).expect(200)).body as Line[];
    await t.app.get(ProjectionRunner).rebuildReadModels();
    const after = (await report('/api/admin/sales-report', period).expect(200)).body as Line[];
    expect(after).toEqual(before);
    expect(after.length).toBeGreaterThanOrEqual(5);
  });
});
