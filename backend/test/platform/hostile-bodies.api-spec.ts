import { JSON_SHAPE_LIMITS } from '../../src/platform/http/json-shape';
import { createTestApp, type TestApp } from '../create-test-app';

const { keysPerObject, listItems, entries, textLength } = JSON_SHAPE_LIMITS;

/** The public routes that take a JSON body and count their callers per client. */
const ROUTES = ['/api/order-status', '/api/create-payment-intent', '/api/products/quokka-pale-ale/notify-me', '/api/admin/login'];

/** About 950 KB of `{"k0":1,"k1":1,…}`: unknown keys every route refuses, made to keep validation busy. */
const NINETY_THOUSAND_KEYS = JSON.stringify(Object.fromEntries(Array.from({ length: 90_000 }, (_, i) => [`k${i}`, 1])));

const TOO_MANY_KEYS = {
  statusCode: 400,
  message: `The request body has an object of more than ${keysPerObject.toLocaleString('en-AU')} keys`,
  code: 'body_too_complex',
};

/** Lets superagent send a Buffer as it is (its types say a serializer returns text; it sends a Buffer too). */
const bytesAsTheyAre = (bytes: Buffer): string => bytes as unknown as string;

function unknownKeys(n: number): Record<string, number> {
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1]));
}

/** Bodies refused for their shape before validation, and the per-client counts met before it. */
describe('hostile JSON bodies', () => {
  let t: TestApp;
  let client = 0;
  const nextClient = () => `198.51.100.${++client}`;

  const post = (path: string, body: string | object, from = nextClient()) =>
    t
      .http()
      .post(path)
      .set('X-Forwarded-For', from)
      .set('Content-Type', 'application/json')
      .send(typeof body === 'string' ? body : JSON.stringify(body));

  const headPosition = async (): Promise<number> => {
    const health = await t
      .http()
      .get('/api/health')
      .set('Authorization', `Bearer ${await t.adminToken()}`);
    return (health.body as { headPosition: number }).headPosition;
  };

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_PER_MINUTE: '5' });
    await t
      .http()
      .post('/api/admin/seed-products')
      .set('Authorization', `Bearer ${await t.adminToken()}`)
      .expect(201);
  });

  afterAll(async () => {
    await t.close();
  });

  it.each(ROUTES)('refuses 90,000 unknown keys sent to %s with 400 body_too_complex, and records nothing', async (path) => {
    const before = await headPosition();
    const res = await post(path, NINETY_THOUSAND_KEYS);
    expect(res.body).toEqual(TOO_MANY_KEYS);
    expect(res.status).toBe(400);
    expect(await headPosition()).toBe(before);
  });

  it('does not count refused bodies against the client: its look-ups and checkouts still go through', async () => {
    const from = nextClient();
    for (let i = 0; i < 12; i++) expect((await post('/api/order-status', NINETY_THOUSAND_KEYS, from)).status).toBe(400);
    for (let i = 0; i < 6; i++) expect((await post('/api/create-payment-intent', NINETY_THOUSAND_KEYS, from)).status).toBe(400);
    const lookUp = await post('/api/order-status', { orderNumber: '1', email: 'ada@example.com' }, from);
    expect(lookUp.status).toBe(404);
    const checkout = await post('/api/create-payment-intent', { cartItems: [], customerInfo: {} }, from);
    expect(checkout.status).toBe(400);
    expect((checkout.body as { code?: string }).code).not.toBe('checkout_rate_limited');
  });

  it.each<[string, string, () => object, { status: number; code?: string; message: RegExp }]>([
    [
      `an object of exactly ${keysPerObject} keys`,
      '/api/order-status',
      () => ({ orderNumber: '1', email: 'ada@example.com', ...unknownKeys(keysPerObject - 2) }),
      { status: 400, message: /^property k0 should not exist; .*; and \d+ more$/ },
    ],
    [
      `a list of exactly ${listItems} cart lines`,
      '/api/create-payment-intent',
      () => ({ cartItems: Array.from({ length: listItems }, () => ({})), customerInfo: {} }),
      { status: 400, message: /cartItems must contain no more than 50 elements/ },
    ],
    [
      `exactly ${entries} keys and list items in all`,
      '/api/create-payment-intent',
      () => entriesBody(entries),
      { status: 400, message: /cartItems must contain no more than 50 elements/ },
    ],
    [
      `an address of exactly ${textLength} characters`,
      '/api/products/quokka-pale-ale/notify-me',
      () => ({ email: `${'a'.repeat(textLength - 12)}@example.com` }),
      { status: 400, code: 'invalid_email', message: /./ },
    ],
    [
      `a password of exactly ${textLength} characters`,
      '/api/admin/login',
      () => ({ password: 'p'.repeat(textLength) }),
      { status: 400, message: /^Password is too long$/ },
    ],
  ])('validates %s sent to %s as any other body', async (_, path, body, expected) => {
    const before = await headPosition();
    const res = await post(path, body());
    const answer = res.body as { code?: string; message: string };
    expect(answer.code).not.toBe('body_too_complex');
    expect(res.status).toBe(expected.status);
    if (expected.code !== undefined) expect(answer.code).toBe(expected.code);
    expect(answer.message).toMatch(expected.message);
    expect(await headPosition()).toBe(before);
  });

  it('refuses one key, one list item or one character past the limits with 400 body_too_complex', async () => {
    const past: [string, object][] = [
      ['/api/order-status', { orderNumber: '1', email: 'ada@example.com', ...unknownKeys(keysPerObject - 1) }],
      ['/api/create-payment-intent', { cartItems: Array.from({ length: listItems + 1 }, () => ({})), customerInfo: {} }],
      ['/api/create-payment-intent', entriesBody(entries + 1)],
      ['/api/products/quokka-pale-ale/notify-me', { email: `${'a'.repeat(textLength - 11)}@example.com` }],
      ['/api/admin/login', { password: 'p'.repeat(textLength + 1) }],
    ];
    const codes: unknown[] = [];
    for (const [path, body] of past) {
      const res = await post(path, body);
      codes.push([res.status, (res.body as { code?: string }).code]);
    }
    expect(codes).toEqual(past.map(() => [400, 'body_too_complex']));
  });

  it('refuses before parsing, with the security headers every answer carries', async () => {
    const res = await post('/api/order-status', NINETY_THOUSAND_KEYS);
    expect(res.status).toBe(400);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('checks a body sent in UTF-16 as one sent in UTF-8, and refuses one in a charset it cannot read with 415', async () => {
    const utf16 = (value: object) =>
      t
        .http()
        .post('/api/order-status')
        .set('X-Forwarded-For', nextClient())
        .set('Content-Type', 'application/json; charset=utf-16le')
        .serialize(bytesAsTheyAre)
        .send(Buffer.from(JSON.stringify(value), 'utf16le'));
    const found = await utf16({ orderNumber: '1', email: 'ada@example.com' });
    expect([found.status, (found.body as { code?: string }).code]).toEqual([404, 'order_not_found']);
    const complex = await utf16(unknownKeys(keysPerObject + 1));
    expect([complex.status, (complex.body as { code?: string }).code]).toEqual([400, 'body_too_complex']);
    const utf32 = await t
      .http()
      .post('/api/order-status')
      .set('Content-Type', 'application/json; charset=utf-32le')
      .serialize(bytesAsTheyAre)
      .send(Buffer.from(new Uint32Array([...'{}'].map((c) => c.charCodeAt(0))).buffer));
    expect(utf32.body).toEqual({ statusCode: 415, message: 'Send the request body as JSON in UTF-8', code: 'unsupported_media_type' });
  });

  it('answers /api/health while several 90,000-key bodies are being sent', async () => {
    const hostile = ROUTES.flatMap((path) => [post(path, NINETY_THOUSAND_KEYS), post(path, NINETY_THOUSAND_KEYS)]);
    const health = await t.http().get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: expect.any(String) as unknown });
    const refused = await Promise.all(hostile);
    expect(refused.map((res) => [res.status, (res.body as { code?: string }).code])).toEqual(
      ROUTES.flatMap(() => [
        [400, 'body_too_complex'],
        [400, 'body_too_complex'],
      ]),
    );
  });

  describe('per-client limits, counted before the body is validated', () => {
    it.each<[string, string, number, number, string]>([
      ['order look-ups', '/api/order-status', 10, 429, 'too_many_lookups'],
      ['back-in-stock requests', '/api/products/quokka-pale-ale/notify-me', 5, 429, 'too_many_requests'],
      ['checkout attempts', '/api/create-payment-intent', 5, 429, 'checkout_rate_limited'],
      ['admin logins', '/api/admin/login', 10, 429, 'too_many_login_attempts'],
    ])('counts %s refused by validation, and past the limit answers 429 with Retry-After', async (_, path, limit, status, code) => {
      const from = nextClient();
      const invalid = { unknown: 'x' };
      for (let i = 0; i < limit; i++) expect((await post(path, invalid, from)).status).toBe(400);
      const refused = await post(path, invalid, from);
      expect([refused.status, (refused.body as { code?: string }).code]).toEqual([status, code]);
      expect((refused.body as { message: string }).message).toEqual(expect.any(String));
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Another client is not held to this one's count.
      expect((await post(path, invalid)).status).toBe(400);
    });
  });
});

/**
 * A checkout body holding exactly `n` keys and list items in all, no object or list past its own limit: 2 keys,
 * a cart of as many lines as a list may hold, and lines holding objects of as many keys as an object may hold for
 * the rest.
 */
function entriesBody(n: number): object {
  const lines: object[] = Array.from({ length: listItems }, () => ({}));
  let left = n - 2 - listItems;
  for (let i = 0; left > 0; i++) {
    const keys = Math.min(left - 1, keysPerObject - 1);
    lines[i] = { extra: unknownKeys(keys) };
    left -= 1 + keys;
  }
  return { cartItems: lines, customerInfo: {} };
}
