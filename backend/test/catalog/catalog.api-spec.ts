import type { EventStore } from '@brewery/eventstore';
import { EVENT_STORE } from '../../src/platform/persistence/persistence.tokens';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { CatalogStock } from '../../src/modules/catalog';
import { createTestApp, type TestApp, FIRST_OWNER } from '../create-test-app';

jest.setTimeout(60_000);

const form = {
  name: 'Scarborough Session Ale',
  style: 'Session Ale',
  description: 'Light, bright and made for the beach.',
  abv: 4.2,
  price: '6.5',
  price4Pack: 24,
  price8Pack: '',
  price16Pack: null,
  inventory: 40,
  imageUrl: '/cans/scarborough-session-ale.svg',
  enable4Pack: true,
  enable8Pack: false,
  enable16Pack: false,
  beerType: 'New Beer',
  isActive: true,
  archived: false,
};

interface ShopProduct {
  id: string;
  name: string;
  price: string;
  inventory: number;
  archived: boolean;
  isActive: boolean;
}

describe('catalog over HTTP', () => {
  let t: TestApp;
  let auth: { Authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(async () => {
    await t.close();
  });

  const shop = async (): Promise<ShopProduct[]> => (await t.http().get('/api/products').expect(200)).body as ShopProduct[];
  type AdminListed = ShopProduct & { reserved: number; available: number; revision: number };
  const admin = async (): Promise<AdminListed[]> => (await t.http().get('/api/admin/products').set(auth).expect(200)).body as AdminListed[];
  const create = async (body: object = form): Promise<string> =>
    (await t.http().post('/api/admin/products').set(auth).send(body).expect(201)).body.id as string;

  describe('seeding', () => {
    it('given an empty shop, seeds the twelve beers once; seeding again adds nothing', async () => {
      expect(await shop()).toEqual([]);
      await t.http().post('/api/admin/seed-products').set(auth).expect(201, { created: 12, skipped: 0, deleted: 0 });
      await t.http().post('/api/admin/seed-products').set(auth).expect(201, { created: 0, skipped: 12, deleted: 0 });
      const events = await t.app.get<EventStore>(EVENT_STORE).readStream('product-seed-quokka-pale-ale');
      expect(events.map((e) => [e.type, e.revision, e.metadata.actor])).toEqual([['ProductCreated', 0, FIRST_OWNER]]);
    });

    it('given a seeded beer the operator deleted, seeding again leaves it deleted and says so', async () => {
      const scratch = await createTestApp();
      try {
        const token = `Bearer ${await scratch.adminToken()}`;
        await scratch.http().post('/api/admin/seed-products').set('Authorization', token).expect(201);
        await scratch.http().delete('/api/admin/products/seed-quokka-pale-ale').set('Authorization', token).expect(200);
        await scratch
          .http()
          .post('/api/admin/seed-products')
          .set('Authorization', token)
          .expect(201, { created: 0, skipped: 12, deleted: 1 });
        const listed = (await scratch.http().get('/api/admin/products').set('Authorization', token).expect(200)).body as { id: string }[];
        expect(listed.map((p) => p.id)).not.toContain('seed-quokka-pale-ale');
      } finally {
        await scratch.close();
      }
    });

    it('the shop lists the live ones by name with the archived beer last; the admin also sees the draft', async () => {
      const names = (await shop()).map((p) => p.name);
      expect(names).toHaveLength(11);
      expect(names.at(-1)).toBe('Kimberley Red Ale');
      expect(names.slice(0, -1)).toEqual([...names.slice(0, -1)].sort((a, b) => a.localeCompare(b)));
      expect(names).not.toContain('Margaret River Saison');
      const all = await admin();
      expect(all).toHaveLength(12);
      expect(all.find((p) => p.name === 'Margaret River Saison')).toMatchObject({ isActive: false });
      const slugs = all.map((p) => p.id).sort();
      expect(slugs).toEqual(
        [
          'cottesloe-sunset-sour',
          'fremantle-doctor-xpa',
          'karri-forest-stout',
          'kimberley-red-ale',
          'kings-park-kolsch',
          'lake-monger-mid',
          'margaret-river-saison',
          'nullarbor-imperial-stout',
          'pinnacles-west-coast-ipa',
          'quokka-pale-ale',
          'rottnest-hazy-ipa',
          'swan-valley-lager',
        ].map((s) => `seed-${s}`),
      );
    });
  });

  describe('GET /api/products', () => {
    it('asks browsers to revalidate and answers 304 with a strong ETag while nothing changed', async () => {
      const first = await t.http().get('/api/products').expect(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = first.headers['etag'] as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await t.http().get('/api/products').set('If-None-Match', etag).expect(304);
      expect(again.text).toBe('');
      await t.http().get('/api/products').set('If-None-Match', '"something-else"').expect(200);
    });

    it('an admin price change shows on the very next GET, under a new ETag', async () => {
      const before = await t.http().get('/api/products').expect(200);
      const quokka = (await admin()).find((p) => p.id === 'seed-quokka-pale-ale');
      await t
        .http()
        .put('/api/admin/products/seed-quokka-pale-ale')
        .set(auth)
        .send({ ...formOf(quokka), price: '6.95' })
        .expect(200, { id: 'seed-quokka-pale-ale' });
      const after = await t
        .http()
        .get('/api/products')
        .set('If-None-Match', before.headers['etag'] as string)
        .expect(200);
      expect(after.headers['etag']).not.toBe(before.headers['etag']);
      expect((after.body as ShopProduct[]).find((p) => p.id === 'seed-quokka-pale-ale')?.price).toBe('6.95');
    });
  });

  describe('GET /api/products/{id}', () => {
    it('answers id, name, isActive, the cans that can be bought and when it releases', async () => {
      await t
        .http()
        .get('/api/products/seed-rottnest-hazy-ipa')
        .expect(200, { id: 'seed-rottnest-hazy-ipa', name: 'Rottnest Hazy IPA', isActive: true, inventory: 3, releaseAt: null });
    });

    it.each([['seed-margaret-river-saison'], ['no-such-beer']])('answers 404 for %s (a draft or unknown product)', async (id) => {
      const res = await t.http().get(`/api/products/${id}`).expect(404);
      expect(res.body.message).toBe(`Product ${id} not found or inactive`);
    });
  });

  describe('stock held by checkouts', () => {
    it('a reservation lowers what the shop offers, a release gives it back, a sale lowers the stock figure', async () => {
      const stock = t.app.get(CatalogStock);
      const runner = t.app.get(ProjectionRunner);
      const ctx = { correlationId: 'checkout-1', actor: 'customer' as const };
      const id = 'seed-swan-valley-lager';
      const offered = async (): Promise<number | undefined> => (await shop()).find((p) => p.id === id)?.inventory;

      const reserved = await stock.reserve(
        { productId: id, orderId: 'order-1', quantity: 20, expiresAt: '2026-11-23T01:30:00.000Z', at: '2026-11-23T01:00:00.000Z' },
        ctx,
      );
      await runner.waitForReadModels(reserved.position);
      expect(await offered()).toBe(300);
      await t
        .http()
        .get(`/api/products/${id}`)
        .expect(200, { id, name: 'Swan Valley Lager', isActive: true, inventory: 300, releaseAt: null });
      expect((await admin()).find((p) => p.id === id)).toMatchObject({ inventory: 320, reserved: 20, available: 300 });

      const again = await stock.reserve(
        { productId: id, orderId: 'order-1', quantity: 20, expiresAt: '2026-11-23T01:30:00.000Z', at: '2026-11-23T01:00:00.000Z' },
        ctx,
      );
      expect(again.events).toEqual([]);

      const deleting = await t.http().delete(`/api/admin/products/${id}`).set(auth).expect(409);
      expect(deleting.body.message).toBe(
        'Swan Valley Lager cannot be deleted while 20 cans are reserved by checkouts in progress. Try again once they are paid or released.',
      );

      await expect(
        stock.reserve(
          { productId: id, orderId: 'order-2', quantity: 301, expiresAt: '2026-11-23T01:30:00.000Z', at: '2026-11-23T01:00:00.000Z' },
          ctx,
        ),
      ).rejects.toMatchObject({
        code: 'insufficient_stock',
        message: 'Insufficient stock for Swan Valley Lager. Available: 300, Requested: 301',
      });

      const released = await stock.release({ productId: id, orderId: 'order-1', reason: 'payment_failed' }, ctx);
      await runner.waitForReadModels(released.position);
      expect(await offered()).toBe(320);

      const held = await stock.reserve(
        { productId: id, orderId: 'order-3', quantity: 16, expiresAt: '2026-11-23T01:30:00.000Z', at: '2026-11-23T01:00:00.000Z' },
        ctx,
      );
      await runner.waitForReadModels(held.position);
      const sold = await stock.sell(
        { productId: id, orderId: 'order-3', quantity: 16, paymentIntentId: 'pi_3Nx' },
        { ...ctx, actor: 'system' },
      );
      await runner.waitForReadModels(sold.position);
      expect((await admin()).find((p) => p.id === id)).toMatchObject({ inventory: 304, reserved: 0, available: 304 });
      expect((await stock.sell({ productId: id, orderId: 'order-3', quantity: 16, paymentIntentId: 'pi_3Nx' }, ctx)).events).toEqual([]);
      expect((await stock.snapshot(id))?.product).toMatchObject({ id, inventory: 304, price: '5.50' });
    });
  });

  describe('POST /api/admin/products', () => {
    it('creates a product from the form and answers 201 with its id; prices are stored with two decimals', async () => {
      const id = await create();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await admin()).find((p) => p.id === id)).toEqual({
        ...form,
        id,
        price: '6.50',
        price4Pack: '24.00',
        price8Pack: null,
        price16Pack: null,
        maxPerOrder: null,
        releaseAt: null,
        // The beer page's address, from its name.
        slug: 'scarborough-session-ale',
        // Nobody asked to hear when it is back
        waiting: 0,
        waitingToConfirm: 0,
        reserved: 0,
        available: 40,
        revision: 0,
        createdAt: '2026-11-23T01:00:00.000Z',
        updatedAt: '2026-11-23T01:00:00.000Z',
      });
      const events = await t.app.get<EventStore>(EVENT_STORE).readStream(`product-${id}`);
      expect(events[0]?.metadata).toMatchObject({ actor: FIRST_OWNER, occurredAt: '2026-11-23T01:00:00.000Z' });
    });

    it('keeps a limit of cans per order, shows it on the shop, and refuses a limit that is not whole cans from 1 to 192', async () => {
      const id = await create({ ...form, name: 'Limited Lager', maxPerOrder: '8' });
      expect((await admin()).find((p) => p.id === id)).toMatchObject({ maxPerOrder: 8 });
      expect((await shop()).find((p) => p.id === id)).toMatchObject({ maxPerOrder: 8 });
      for (const bad of [0, 193, 1.5, 'lots']) {
        const res = await t
          .http()
          .post('/api/admin/products')
          .set(auth)
          .send({ ...form, name: `Bad limit ${String(bad)}`, maxPerOrder: bad })
          .expect(400);
        expect(res.body.message).toBe('maxPerOrder must be a whole number of cans from 1 to 192, or empty for no limit');
      }
      await t
        .http()
        .put(`/api/admin/products/${id}`)
        .set(auth)
        .send({ ...form, name: 'Limited Lager', maxPerOrder: null })
        .expect(200);
      expect((await admin()).find((p) => p.id === id)).toMatchObject({ maxPerOrder: null });
    });

    it('fills the optional fields with their defaults', async () => {
      const { style, description, abv, price, imageUrl } = form;
      const id = await create({ name: 'Minimal Mild', style, description, abv, price, imageUrl });
      expect((await admin()).find((p) => p.id === id)).toMatchObject({
        inventory: 0,
        isActive: true,
        archived: false,
        beerType: null,
        price4Pack: null,
        price8Pack: null,
        price16Pack: null,
        enable4Pack: false,
        enable8Pack: false,
        enable16Pack: false,
      });
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['a missing name', { name: undefined }, 'name is required'],
      ['a blank name', { name: '   ' }, 'name is required'],
      ['a missing style', { style: undefined }, 'style is required'],
      ['a missing description', { description: '' }, 'description is required'],
      ['a missing abv', { abv: undefined }, 'abv is required'],
      ['an abv over 20', { abv: 20.5 }, 'abv must be a number from 0 to 20 with at most one decimal, such as 5.2'],
      ['an abv with two decimals', { abv: 5.25 }, 'abv must be a number from 0 to 20 with at most one decimal, such as 5.2'],
      ['a negative abv', { abv: -1 }, 'abv must be a number from 0 to 20 with at most one decimal, such as 5.2'],
      ['a missing price', { price: undefined }, 'price is required'],
      ['a zero price', { price: 0 }, 'price must be an amount in dollars above 0 with at most two decimals, such as 6.50'],
      [
        'a price with three decimals',
        { price: '6.505' },
        'price must be an amount in dollars above 0 with at most two decimals, such as 6.50',
      ],
      ['a price that is not money', { price: 'six' }, 'price must be an amount in dollars above 0 with at most two decimals, such as 6.50'],
      [
        'a negative pack price',
        { price4Pack: -24 },
        'price4Pack must be an amount in dollars above 0 with at most two decimals, such as 24.00, or empty',
      ],
      [
        'a bad 8-pack price',
        { price8Pack: '4x' },
        'price8Pack must be an amount in dollars above 0 with at most two decimals, such as 46.00, or empty',
      ],
      [
        'a bad 16-pack price',
        { price16Pack: 0 },
        'price16Pack must be an amount in dollars above 0 with at most two decimals, such as 88.00, or empty',
      ],
      ['a fractional inventory', { inventory: 2.5 }, 'inventory must be a whole number of cans, 0 or more'],
      ['a negative inventory', { inventory: -1 }, 'inventory must be a whole number of cans, 0 or more'],
      ['a missing image', { imageUrl: undefined }, 'imageUrl is required'],
      ['an image on another scheme', { imageUrl: 'javascript:alert(1)' }, 'imageUrl must be an http(s) URL or a path starting with /'],
      ['a scheme-relative image', { imageUrl: '//elsewhere.example/can.png' }, 'imageUrl must be an http(s) URL or a path starting with /'],
      ['a relative image path', { imageUrl: 'cans/x.svg' }, 'imageUrl must be an http(s) URL or a path starting with /'],
      [
        'an unknown beer type',
        { beerType: 'Old Beer' },
        'beerType must be one of New Beer, New Batch, Limited Release, Collab Release, or empty',
      ],
      ['a pack flag that is not a boolean', { enable4Pack: 'yes' }, 'enable4Pack must be true or false'],
      ['an isActive that is not a boolean', { isActive: 1 }, 'isActive must be true or false'],
      ['an archived that is not a boolean', { archived: 'false' }, 'archived must be true or false'],
      ['an unknown field', { colour: 'amber' }, 'property colour should not exist'],
    ])('refuses %s with a clear message and records nothing', async (_name, change, message) => {
      const before = (await admin()).length;
      const res = await t
        .http()
        .post('/api/admin/products')
        .set(auth)
        .send({ ...form, ...change })
        .expect(400);
      expect(res.body.message).toBe(message);
      expect(await admin()).toHaveLength(before);
    });

    it('refuses a picture on another site unless IMAGE_HOSTS names it (it would not show), and records nothing', async () => {
      const before = (await admin()).length;
      const res = await t
        .http()
        .post('/api/admin/products')
        .set(auth)
        .send({ ...form, imageUrl: 'https://cdn.example.com/can.png' })
        .expect(400);
      expect(res.body.message).toBe(
        'imageUrl on https://cdn.example.com would not show: upload the picture instead (or name that host in IMAGE_HOSTS)',
      );
      expect(await admin()).toHaveLength(before);
    });

    it('accepts a picture on the site and numbers or strings for money', async () => {
      const id = await create({ ...form, imageUrl: '/cans/can.png', price: 7, price4Pack: '26.5', inventory: '12' });
      expect((await admin()).find((p) => p.id === id)).toMatchObject({
        imageUrl: '/cans/can.png',
        price: '7.00',
        price4Pack: '26.50',
        inventory: 12,
      });
    });

    it('names every problem of an empty form', async () => {
      const res = await t.http().post('/api/admin/products').set(auth).send({}).expect(400);
      expect((res.body as { message: string }).message.split('; ').sort()).toEqual([
        'abv is required',
        'description is required',
        'imageUrl is required',
        'name is required',
        'price is required',
        'style is required',
      ]);
    });
  });

  describe('PUT and DELETE /api/admin/products/{id}', () => {
    it('Remove from Shop and Include in Shop with only { isActive }', async () => {
      const id = await create({ ...form, name: 'Toggle Tripel' });
      await t.http().put(`/api/admin/products/${id}`).set(auth).send({ isActive: false }).expect(200, { id });
      expect((await shop()).some((p) => p.id === id)).toBe(false);
      await t.http().get(`/api/products/${id}`).expect(404);
      expect((await admin()).find((p) => p.id === id)).toMatchObject({ isActive: false, price: '6.50', inventory: 40 });
      await t.http().put(`/api/admin/products/${id}`).set(auth).send({ isActive: true }).expect(200);
      expect((await shop()).some((p) => p.id === id)).toBe(true);
      const bad = await t.http().put(`/api/admin/products/${id}`).set(auth).send({ isActive: 'no' }).expect(400);
      expect(bad.body.message).toBe('isActive must be true or false');
    });

    it('saves every field of the form, archived products move to the bottom', async () => {
      const id = await create({ ...form, name: 'Archive Altbier' });
      await t
        .http()
        .put(`/api/admin/products/${id}`)
        .set(auth)
        .send({ ...form, name: 'Archived Altbier', archived: true, inventory: 3, price8Pack: '45' })
        .expect(200);
      const list = await admin();
      expect(list.find((p) => p.id === id)).toMatchObject({
        name: 'Archived Altbier',
        archived: true,
        inventory: 3,
        price8Pack: '45.00',
        revision: 4,
      });
      const firstArchived = list.findIndex((p) => p.archived);
      expect(list.slice(firstArchived).every((p) => p.archived)).toBe(true);
    });

    it('refuses an edit made on a stale copy when the form sends its revision', async () => {
      const id = await create({ ...form, name: 'Stale Stout' });
      await t
        .http()
        .put(`/api/admin/products/${id}`)
        .set(auth)
        .send({ ...form, name: 'Fresh Stout', revision: 0 })
        .expect(200);
      const res = await t
        .http()
        .put(`/api/admin/products/${id}`)
        .set(auth)
        .send({ ...form, name: 'Stale Stout again', revision: 0 })
        .expect(409);
      expect(res.body).toMatchObject({
        code: 'product_changed',
        message: 'Fresh Stout was changed by someone else since you opened it. Reload the products and try again.',
      });
    });

    it('validates a full edit like a new product', async () => {
      const res = await t
        .http()
        .put('/api/admin/products/seed-quokka-pale-ale')
        .set(auth)
        .send({ ...form, price: '-1' })
        .expect(400);
      expect(res.body.message).toBe('price must be an amount in dollars above 0 with at most two decimals, such as 6.50');
    });

    it('deletes a product: gone from both lists; a second delete or an edit finds nothing', async () => {
      const id = await create({ ...form, name: 'Doomed Dunkel' });
      await t.http().delete(`/api/admin/products/${id}`).set(auth).expect(200, { id });
      expect((await admin()).some((p) => p.id === id)).toBe(false);
      expect((await shop()).some((p) => p.id === id)).toBe(false);
      const again = await t.http().delete(`/api/admin/products/${id}`).set(auth).expect(404);
      expect(again.body).toEqual({ statusCode: 404, message: `Product ${id} not found`, code: 'product_not_found' });
      await t.http().put(`/api/admin/products/${id}`).set(auth).send({ isActive: true }).expect(404);
      await t.http().put('/api/admin/products/never-existed').set(auth).send(form).expect(404);
    });
  });
});

/** The admin form as the screen would send it back from a product of the admin list. */
function formOf(product: object | undefined): Record<string, unknown> {
  if (!product) throw new Error('product missing');
  const {
    id: _id,
    reserved: _r,
    available: _a,
    revision: _v,
    createdAt: _c,
    updatedAt: _u,
    slug: _s,
    waiting: _w,
    waitingToConfirm: _wc,
    ...fields
  } = product as Record<string, unknown>;
  return fields;
}
