import type { RecordedEvent } from '@brewery/eventstore';
import { createTestApp, type TestApp, FIRST_OWNER } from '../create-test-app';
import {
  adminAuth,
  beerForm,
  checkout,
  createProduct,
  eventStoreOf,
  eventually,
  orderItem,
  pay,
  recordOrder,
  type Auth,
  type BeerForm,
} from './reporting-fixtures';

jest.setTimeout(60_000);

interface AdminProduct {
  id: string;
  name: string;
  inventory: number;
  reserved: number;
  available: number;
}
interface StockResult {
  successCount: number;
  totalUpdates: number;
  unmatched: { line: string; lineNumber: number; reason: string }[];
  updates: { productId: string; name: string; previous: number; inventory: number; changed: boolean }[];
}
interface OutboxEmail {
  _id: string;
  to: string;
  subject: string;
  kind: string;
  status: string;
  text?: string;
}

describe('stock e-mail, stock levels and the daily analytics e-mail over HTTP', () => {
  let t: TestApp;
  let auth: Auth;
  const ids: Record<string, string> = {};
  const forms: Record<string, BeerForm> = {};

  beforeAll(async () => {
    // The clock moves a day forward below: the admin token must outlive it.
    t = await createTestApp({ ADMIN_TOKEN_TTL_SECONDS: String(3 * 24 * 3600) });
    auth = await adminAuth(t);
    const catalogue: [string, BeerForm][] = [
      ['quokka', beerForm('Quokka Pale Ale', { inventory: 100 })],
      ['kolsch', beerForm('Kölsch', { style: 'Kölsch', inventory: 40 })],
      ['swan', beerForm('Swan Lager', { inventory: 20 })],
      ['dune1', beerForm('Dune Lager', { inventory: 30 })],
      ['dune2', beerForm('DUNE  LAGER', { inventory: 30 })],
      ['wheat', beerForm('Cottesloe Wheat', { inventory: 9 })],
      ['stout', beerForm('Fremantle Stout', { inventory: 4 })],
      ['old', beerForm('Old Archived Ale', { inventory: 1, archived: true, isActive: false })],
      ['gone', beerForm('Deleted Dunkel', { inventory: 2 })],
    ];
    for (const [key, form] of catalogue) {
      forms[key] = form;
      ids[key] = await createProduct(t, form);
    }
    await t.http().delete(`/api/admin/products/${ids.gone}`).set(auth).expect(200);
  });

  afterAll(async () => {
    await t.close();
  });

  const adminProducts = async (): Promise<AdminProduct[]> =>
    (await t.http().get('/api/admin/products').set(auth).expect(200)).body as AdminProduct[];
  const inventoryOf = async (key: string): Promise<number | undefined> => (await adminProducts()).find((p) => p.id === ids[key])?.inventory;
  const stockEvents = async (key: string): Promise<RecordedEvent[]> =>
    (await eventStoreOf(t).readStream(`product-${ids[key]}`)).filter((e) => e.type === 'StockCounted');

  describe('POST /api/admin/parse-stock-email', () => {
    it.each<[string, object, string]>([
      ['no content', {}, 'Please enter the stock e-mail text'],
      ['null content', { emailContent: null }, 'Please enter the stock e-mail text'],
      ['blank content', { emailContent: '  \n\t\n ' }, 'Please enter the stock e-mail text'],
      ['content that is not text', { emailContent: 42 }, 'Please enter the stock e-mail text'],
      ['no UPDATE STOCK line first', { emailContent: 'Quokka Pale Ale: 5\nUPDATE STOCK' }, 'The first line must be UPDATE STOCK'],
      ['another first line', { emailContent: 'STOCK UPDATE\nQuokka Pale Ale: 5' }, 'The first line must be UPDATE STOCK'],
      ['an unknown field', { emailContent: 'UPDATE STOCK', dryRun: true }, 'property dryRun should not exist'],
    ])('given %s, then 400 with the message and nothing changes', async (_, body, message) => {
      const before = await adminProducts();
      const res = await t.http().post('/api/admin/parse-stock-email').set(auth).send(body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, message });
      expect(await adminProducts()).toEqual(before);
    });

    it('without a token is 401 and changes nothing', async () => {
      await t.http().post('/api/admin/parse-stock-email').send({ emailContent: 'UPDATE STOCK\nQuokka Pale Ale: 1' }).expect(401);
      expect(await inventoryOf('quokka')).toBe(100);
    });

    it('given a pasted e-mail, then exactly the matched products change, once each, and the rest is reported', async () => {
      const emailContent = [
        '  update   stock',
        '',
        'quokka pale ale 120',
        'KOLSCH - 48',
        'Swan Lager: 20',
        'Dune Lager = 5',
        'Wombat Stout: 12',
        'Quokka Pale Ale: 7',
        'Cottesloe Wheat: twelve',
        'Deleted Dunkel: 50',
        'Old Archived Ale: 0',
      ].join('\r\n');
      const res = await t.http().post('/api/admin/parse-stock-email').set(auth).send({ emailContent }).expect(200);
      const result = res.body as StockResult;
      expect(result.successCount).toBe(4);
      expect(result.totalUpdates).toBe(9);
      expect(result.updates).toEqual([
        { productId: ids.quokka, name: 'Quokka Pale Ale', previous: 100, inventory: 120, changed: true },
        { productId: ids.kolsch, name: 'Kölsch', previous: 40, inventory: 48, changed: true },
        { productId: ids.swan, name: 'Swan Lager', previous: 20, inventory: 20, changed: false },
        { productId: ids.old, name: 'Old Archived Ale', previous: 1, inventory: 0, changed: true },
      ]);
      expect(result.unmatched).toEqual([
        { line: 'Dune Lager = 5', lineNumber: 6, reason: '"Dune Lager" matches more than one product (DUNE  LAGER, Dune Lager)' },
        { line: 'Wombat Stout: 12', lineNumber: 7, reason: 'No product is named "Wombat Stout"' },
        { line: 'Quokka Pale Ale: 7', lineNumber: 8, reason: 'Quokka Pale Ale is already counted on line 3' },
        {
          line: 'Cottesloe Wheat: twelve',
          lineNumber: 9,
          reason: 'No count found after "Cottesloe Wheat twelve": expected a product name followed by a count',
        },
        { line: 'Deleted Dunkel: 50', lineNumber: 10, reason: 'No product is named "Deleted Dunkel"' },
      ]);

      // The admin's list and the shop's list show the new figures as soon as the answer arrives.
      const figures = Object.fromEntries((await adminProducts()).map((p) => [p.name, p.inventory]));
      expect(figures).toEqual({
        'Quokka Pale Ale': 120,
        Kölsch: 48,
        'Swan Lager': 20,
        'Dune Lager': 30,
        'DUNE  LAGER': 30,
        'Cottesloe Wheat': 9,
        'Fremantle Stout': 4,
        'Old Archived Ale': 0,
      });
      const shop = (await t.http().get('/api/products').expect(200)).body as { id: string; inventory: number }[];
      expect(shop.find((p) => p.id === ids.quokka)?.inventory).toBe(120);
      expect(shop.find((p) => p.id === ids.kolsch)?.inventory).toBe(48);

      // One StockCounted per changed product, recorded as coming from the stock e-mail; none for an unchanged figure.
      for (const key of ['quokka', 'kolsch', 'old']) {
        const events = await stockEvents(key);
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ data: { reason: 'stock-email' }, metadata: { actor: FIRST_OWNER } });
      }
      for (const key of ['swan', 'dune1', 'dune2', 'wheat', 'stout']) expect(await stockEvents(key)).toEqual([]);
    });

    it('given the same e-mail again, then it succeeds and appends nothing', async () => {
      const res = await t
        .http()
        .post('/api/admin/parse-stock-email')
        .set(auth)
        .send({ emailContent: 'UPDATE STOCK\nQuokka Pale Ale: 120' })
        .expect(200);
      expect(res.body).toMatchObject({
        successCount: 1,
        totalUpdates: 1,
        unmatched: [],
        updates: [{ previous: 120, inventory: 120, changed: false }],
      });
      expect(await stockEvents('quokka')).toHaveLength(1);
    });
  });

  describe('GET /api/admin/stock-levels', () => {
    it('lists products not archived or deleted, CRITICAL first, then LOW, then OK, by name, with reserved cans', async () => {
      // A checkout waiting for payment holds 4 cans of Fremantle Stout.
      await checkout(t, [{ productId: ids.stout!, form: forms.stout!, packSize: 'single', packs: 4 }]);
      const res = await t.http().get('/api/admin/stock-levels').set(auth).expect(200);
      expect(res.body).toEqual([
        { productId: ids.stout, name: 'Fremantle Stout', inventory: 4, reserved: 4, available: 0, level: 'CRITICAL' },
        { productId: ids.wheat, name: 'Cottesloe Wheat', inventory: 9, reserved: 0, available: 9, level: 'LOW' },
        { productId: ids.dune2, name: 'DUNE  LAGER', inventory: 30, reserved: 0, available: 30, level: 'OK' },
        { productId: ids.dune1, name: 'Dune Lager', inventory: 30, reserved: 0, available: 30, level: 'OK' },
        { productId: ids.kolsch, name: 'Kölsch', inventory: 48, reserved: 0, available: 48, level: 'OK' },
        { productId: ids.quokka, name: 'Quokka Pale Ale', inventory: 120, reserved: 0, available: 120, level: 'OK' },
        { productId: ids.swan, name: 'Swan Lager', inventory: 20, reserved: 0, available: 20, level: 'OK' },
      ]);
    });

    it('moves a product between levels at 5 and 10 cans', async () => {
      for (const [count, level] of [
        [11, 'OK'],
        [10, 'LOW'],
        [6, 'LOW'],
        [5, 'CRITICAL'],
        [0, 'CRITICAL'],
      ] as const) {
        await t
          .http()
          .post('/api/admin/parse-stock-email')
          .set(auth)
          .send({ emailContent: `UPDATE STOCK\nSwan Lager: ${count}` })
          .expect(200);
        const levels = (await t.http().get('/api/admin/stock-levels').set(auth).expect(200)).body as { productId: string; level: string }[];
        expect(levels.find((l) => l.productId === ids.swan)?.level).toBe(level);
      }
    });

    it('without a token is 401', async () => {
      await t.http().get('/api/admin/stock-levels').expect(401);
    });
  });

  describe('POST /api/admin/analytics/send-daily-email', () => {
    const outbox = async (): Promise<OutboxEmail[]> =>
      ((await t.http().get('/api/admin/outbox').set(auth).expect(200)).body as OutboxEmail[]).filter((e) => e.kind === 'daily-analytics');

    beforeAll(async () => {
      // The server's clock reads 2026-11-23T01:00Z: Monday 23 Nov in Perth, so yesterday is Sunday 22 Nov.
      await recordOrder(
        t,
        '9101',
        [
          orderItem('9101', 1, {
            productId: ids.quokka!,
            productName: 'Quokka Pale Ale',
            quantity: 16,
            packs: 1,
            packSize: '16pack',
            packQuantity: 16,
            unitPriceCents: 8400,
            lineTotalCents: 8400,
          }),
        ],
        {
          paidAt: '2026-11-22T15:59:00.000Z',
        },
      );
      await recordOrder(
        t,
        '9102',
        [orderItem('9102', 1, { productId: ids.kolsch!, productName: 'Kölsch', quantity: 4, packs: 4, lineTotalCents: 2600 })],
        { paidAt: '2026-11-17T02:00:00.000Z' },
      );
      // Paid on the 23rd in Perth (16:00Z on the 22nd): today, not in yesterday's figures.
      await recordOrder(
        t,
        '9103',
        [orderItem('9103', 1, { productId: ids.kolsch!, productName: 'Kölsch', quantity: 8, packs: 8, lineTotalCents: 5200 })],
        { paidAt: '2026-11-22T16:00:00.000Z' },
      );
    });

    it('without a token is 401 and sends nothing', async () => {
      await t.http().post('/api/admin/analytics/send-daily-email').expect(401);
      expect(await outbox()).toEqual([]);
    });

    it("given sales, then the e-mail to the shop's address has yesterday's and the last 7 days' figures, pending orders and low stock", async () => {
      const res = await t.http().post('/api/admin/analytics/send-daily-email').set(auth).expect(200);
      expect(res.body).toEqual({
        message: 'Daily analytics email sent successfully',
        emailKey: 'daily-analytics-2026-11-23-1',
        queued: true,
      });
      const listed = await outbox();
      expect(listed).toEqual([
        expect.objectContaining({ _id: 'daily-analytics-2026-11-23-1', to: t.config.shop.email, kind: 'daily-analytics' }),
      ]);
      const email = (await t.http().get('/api/admin/outbox/daily-analytics-2026-11-23-1').set(auth).expect(200)).body as OutboxEmail;
      expect(email.subject).toBe('Daily analytics for Sun 22 Nov 2026: $84.00, 16 cans');
      expect(email.text).toContain(
        'Yesterday (Sun 22 Nov 2026)\n  Orders paid: 1\n  Cans sold: 16\n  Revenue: $84.00\n  Top beers: Quokka Pale Ale (16 cans)',
      );
      expect(email.text).toContain(
        'Last 7 days (Mon 16 Nov 2026 to Sun 22 Nov 2026)\n  Orders paid: 2\n  Cans sold: 20\n  Revenue: $110.00\n  Top beers: Quokka Pale Ale (16 cans), Kölsch (4 cans)',
      );
      expect(email.text).toContain('Pending orders awaiting payment: 1');
      expect(email.text).toContain('CRITICAL Fremantle Stout: 4 cans in stock, 0 available');
      expect(email.text).toContain('CRITICAL Swan Lager: 0 cans in stock, 0 available');
      expect(email.text).toContain('LOW      Cottesloe Wheat: 9 cans in stock, 9 available');
      expect(email.text).not.toContain('Quokka Pale Ale: 120');
      await eventually(async () => (await outbox()).find((e) => e.status === 'sent'));
    });

    it('given a second press the same day, then a second e-mail is sent', async () => {
      const res = await t.http().post('/api/admin/analytics/send-daily-email').set(auth).expect(200);
      expect(res.body).toMatchObject({ emailKey: 'daily-analytics-2026-11-23-2', queued: true });
      expect((await outbox()).map((e) => e._id).sort()).toEqual(['daily-analytics-2026-11-23-1', 'daily-analytics-2026-11-23-2']);
    });

    it('given a retried request with the same Idempotency-Key, then no further e-mail is sent', async () => {
      const first = await t.http().post('/api/admin/analytics/send-daily-email').set(auth).set('Idempotency-Key', 'press-7f3a').expect(200);
      const retry = await t.http().post('/api/admin/analytics/send-daily-email').set(auth).set('Idempotency-Key', 'press-7f3a').expect(200);
      expect(first.body).toEqual({
        message: 'Daily analytics email sent successfully',
        emailKey: 'daily-analytics-2026-11-23-3',
        queued: true,
      });
      expect(retry.body).toEqual({
        message: 'Daily analytics email sent successfully',
        emailKey: 'daily-analytics-2026-11-23-3',
        queued: false,
      });
      expect(await outbox()).toHaveLength(3);
    });

    it('given the next Perth day, then the numbering starts again', async () => {
      t.clock.advance(24 * 60 * 60 * 1000);
      const res = await t.http().post('/api/admin/analytics/send-daily-email').set(auth).expect(200);
      expect(res.body).toMatchObject({ emailKey: 'daily-analytics-2026-11-24-1', queued: true });
      const email = (await t.http().get('/api/admin/outbox/daily-analytics-2026-11-24-1').set(auth).expect(200)).body as OutboxEmail;
      expect(email.text).toContain('Yesterday (Mon 23 Nov 2026)\n  Orders paid: 1\n  Cans sold: 8\n  Revenue: $52.00');
    });

    it('given a malformed Idempotency-Key, then 400 and nothing is sent', async () => {
      const before = (await outbox()).length;
      const res = await t
        .http()
        .post('/api/admin/analytics/send-daily-email')
        .set(auth)
        .set('Idempotency-Key', 'x'.repeat(201))
        .expect(400);
      expect(res.body).toMatchObject({ message: 'Idempotency-Key must be 1 to 200 printable characters' });
      expect(await outbox()).toHaveLength(before);
    });
  });

  it('a paid checkout lowers the stock figure the cards show', async () => {
    const order = await checkout(t, [{ productId: ids.quokka!, form: forms.quokka!, packSize: '4pack', packs: 1 }]);
    await pay(t, order);
    await eventually(async () => {
      const levels = (await t.http().get('/api/admin/stock-levels').set(auth).expect(200)).body as {
        productId: string;
        inventory: number;
      }[];
      return levels.find((l) => l.productId === ids.quokka)?.inventory === 116;
    });
  });
});
