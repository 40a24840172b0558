import type { Response } from 'supertest';
import { createTestApp, type TestApp } from '../create-test-app';

jest.setTimeout(60_000);

/** What the application's path adds that the prepared one leaves out: its own request id; and the date. */
const PER_ANSWER = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Every header of an answer but those that differ from one answer to the next. */
function headersOf(res: Response): Record<string, string> {
  return Object.fromEntries(
    Object.entries(res.headers as Record<string, string>)
      .filter(([name]) => !PER_ANSWER.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** Answered by the server's path for hot reads: the application gives every answer a request id, that path does not. */
const prepared = (res: Response): boolean => res.headers['x-request-id'] === undefined;

/** A position no read model has reached: the request goes the whole way (read-your-writes), to the controller. */
const THE_WHOLE_WAY = { 'X-Shop-Position': '999999999999' };

describe('hot reads: the catalogue and a beer’s availability answered from prepared bytes', () => {
  let t: TestApp;
  let auth: { Authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
    await t.http().post('/api/admin/seed-products').set(auth).expect(201);
    // The first read after a change makes the answer.
    await t.http().get('/api/products').expect(200);
  });
  afterAll(() => t.close());

  it.each([
    ['GET /api/products', '/api/products'],
    ['GET /api/products/{id}', '/api/products/seed-quokka-pale-ale'],
  ])(
    'given %s prepared, it is the same answer as the application’s: bytes, ETag, type, caching and every security header',
    async (_, path) => {
      await t.http().get(path).expect(200);
      const hot = await t.http().get(path).expect(200);
      const whole = await t.http().get(path).set(THE_WHOLE_WAY).expect(200);
      expect([prepared(hot), prepared(whole)]).toEqual([true, false]);
      expect(hot.text).toBe(whole.text);
      expect(headersOf(hot)).toEqual(headersOf(whole));
      expect(hot.headers).toMatchObject({
        'cache-control': 'no-cache',
        'content-type': 'application/json; charset=utf-8',
        etag: expect.stringMatching(/^"[\w-]+"$/),
        'content-security-policy': expect.stringContaining("default-src 'self'"),
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'strict-transport-security': expect.any(String),
      });
      expect(hot.headers['x-powered-by']).toBeUndefined();
    },
  );

  it('given a beer’s availability, it is { id, name, isActive, inventory, releaseAt } as the checkout reads it', async () => {
    const res = await t.http().get('/api/products/seed-quokka-pale-ale').expect(200);
    expect(res.body).toEqual({
      id: 'seed-quokka-pale-ale',
      name: 'Quokka Pale Ale',
      isActive: true,
      inventory: expect.any(Number),
      releaseAt: null,
    });
  });

  it('given a beer not released yet, its availability says when it releases, as the list does, on both paths', async () => {
    // The test clock is Monday 23 November 2026; the release is that Saturday, 10 am in Perth.
    const releaseAt = '2026-11-28T02:00:00.000Z';
    const created = await t
      .http()
      .post('/api/admin/products')
      .set(auth)
      .send({
        name: 'Unreleased Wild Ale',
        style: 'Wild Ale',
        description: 'Barrel-aged, once a year.',
        abv: 7.2,
        price: '9.00',
        inventory: 48,
        imageUrl: '/cans/wild-ale.svg',
        enable4Pack: false,
        enable8Pack: false,
        enable16Pack: false,
        isActive: true,
        archived: false,
        releaseAt,
      })
      .expect(201);
    const id = (created.body as { id: string }).id;
    const listed = (
      (await t.http().get('/api/products').expect(200)).body as { id: string; inventory: number; releaseAt: string | null }[]
    ).find((p) => p.id === id);
    expect(listed).toMatchObject({ inventory: 48, releaseAt });
    await t.http().get(`/api/products/${id}`).expect(200);
    const hot = await t.http().get(`/api/products/${id}`).expect(200);
    const whole = await t.http().get(`/api/products/${id}`).set(THE_WHOLE_WAY).expect(200);
    expect([prepared(hot), prepared(whole)]).toEqual([true, false]);
    expect(hot.text).toBe(whole.text);
    expect(headersOf(hot)).toEqual(headersOf(whole));
    expect(hot.body).toEqual({
      id,
      name: 'Unreleased Wild Ale',
      isActive: true,
      inventory: listed?.inventory,
      releaseAt: listed?.releaseAt,
    });
  });

  it.each([
    ['an unknown beer', '/api/products/no-such-beer'],
    ['an id the prepared path does not read', '/api/products/no%20such%20beer'],
  ])('given %s, the application answers 404 with the spec’s message', async (_, path) => {
    const res = await t.http().get(path).expect(404);
    expect(res.body).toMatchObject({ message: expect.stringMatching(/^Product no.such.beer not found or inactive$/) });
  });

  it('given the tag a client holds, it answers 304 with no body, and a HEAD gets the headers with no body', async () => {
    const first = await t.http().get('/api/products').expect(200);
    const etag = first.headers.etag as string;
    const again = await t.http().get('/api/products').set('If-None-Match', etag).expect(304);
    expect([prepared(again), again.text, again.headers.etag]).toEqual([true, '', etag]);
    const weak = await t.http().get('/api/products').set('If-None-Match', `"other", W/${etag}`);
    expect(weak.status).toBe(304);
    const head = await t.http().head('/api/products').expect(200);
    expect([prepared(head), head.headers['content-length'], head.text]).toEqual([true, String(Buffer.byteLength(first.text)), undefined]);
  });

  it.each(['br', 'gzip'])('given a client accepting %s, the list comes compressed and decodes to the same JSON', async (encoding) => {
    const plain = await t.http().get('/api/products').expect(200);
    // The client decompresses what it is sent, as a browser does.
    const res = await t.http().get('/api/products').set('Accept-Encoding', encoding).expect(200);
    expect([prepared(res), res.headers['content-encoding'], res.headers.vary]).toEqual([true, encoding, 'Accept-Encoding']);
    expect(Number(res.headers['content-length'])).toBeLessThan(Buffer.byteLength(plain.text) / 2);
    expect(res.text).toBe(plain.text);
  });

  it('given a price change, the very next read shows it under a new ETag, and the one after is prepared again', async () => {
    const before = await t.http().get('/api/products').expect(200);
    const admin = await t.http().get('/api/admin/products').set(auth).expect(200);
    const quokka = (admin.body as { id: string }[]).find((p) => p.id === 'seed-quokka-pale-ale') as Record<string, unknown>;
    const { name, style, description, abv, imageUrl, inventory, enable4Pack, enable8Pack, enable16Pack, isActive, archived } = quokka;
    await t
      .http()
      .put('/api/admin/products/seed-quokka-pale-ale')
      .set(auth)
      .send({
        name,
        style,
        description,
        abv,
        imageUrl,
        inventory,
        enable4Pack,
        enable8Pack,
        enable16Pack,
        isActive,
        archived,
        price: '7.25',
        price4Pack: '27.00',
        price8Pack: '52.00',
        price16Pack: '99.00',
      })
      .expect(200);
    const after = await t.http().get('/api/products').expect(200);
    const next = await t.http().get('/api/products').expect(200);
    const price = (res: Response) => (res.body as { id: string; price: string }[]).find((p) => p.id === 'seed-quokka-pale-ale')?.price;
    expect([price(after), price(next), prepared(next)]).toEqual(['7.25', '7.25', true]);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(next.headers.etag).toBe(after.headers.etag);
  });

  it.each([
    ['a request id it sent', { 'X-Request-Id': 'order-check-12345' }, 'order-check-12345'],
    ['a request id that is not one', { 'X-Request-Id': 'no spaces <allowed>' }, undefined],
  ])('given %s, a prepared answer sends back only a sane one', async (_, headers, expected) => {
    await t.http().get('/api/products').expect(200);
    const res = await t.http().get('/api/products').set(headers).expect(200);
    expect(res.headers['x-request-id']).toBe(expected);
  });

  it.each([
    ['a POST', () => t.http().post('/api/products').send({}), 404],
    ['a GET with a body', () => t.http().get('/api/products').set('Content-Type', 'application/json').send('{"a":1}'), 200],
    ['another spelling of the address', () => t.http().get('/api/products/'), 200],
  ])('given %s, the application answers it, as before', async (_, send, status) => {
    const res = await send();
    expect([res.status, prepared(res)]).toEqual([status, false]);
  });
});
