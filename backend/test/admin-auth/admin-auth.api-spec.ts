import { createHmac } from 'node:crypto';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../create-test-app';
import { eventStoreOf } from '../checkout/checkout-fixtures';
import { concretePath, protectedAdminRoutes } from './admin-routes';

jest.setTimeout(60_000);

const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
function jwt(header: unknown, payload: unknown, secret = TEST_JWT_SECRET): string {
  const unsigned = `${b64(header)}.${b64(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('admin access over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A login from its own client address (each address has its own rate limit). */
  const logIn = (address: string, password = TEST_ADMIN_PASSWORD) =>
    t.http().post('/api/admin/login').set('X-Forwarded-For', address).send({ password });

  describe('POST /api/admin/login', () => {
    it('given the admin password, answers 201 with a bearer token that opens the admin API', async () => {
      const res = await t
        .http()
        .post('/api/admin/login')
        .set('X-Forwarded-For', '198.51.100.1')
        .send({ password: TEST_ADMIN_PASSWORD })
        .expect(201);
      expect(res.body).toEqual({ token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), expiresAt: '2026-11-23T09:00:00.000Z' });
      await t.http().get('/api/admin/verify').set('Authorization', `Bearer ${res.body.token}`).expect(200, { ok: true });
    });

    it('given a wrong password, answers 401 Invalid admin password', async () => {
      const res = await t
        .http()
        .post('/api/admin/login')
        .set('X-Forwarded-For', '198.51.100.2')
        .send({ password: 'not-the-password' })
        .expect(401);
      expect(res.body).toEqual({ statusCode: 401, message: 'Invalid admin password', code: 'invalid_admin_password' });
    });

    it.each<[string, unknown]>([
      ['an empty password', { password: '' }],
      ['a blank password', { password: '   ' }],
      ['no password', {}],
      ['a password that is not text', { password: 12345678 }],
      ['a null password', { password: null }],
    ])('given %s, answers 400 Password is required', async (_name, body) => {
      const res = await t
        .http()
        .post('/api/admin/login')
        .set('X-Forwarded-For', '198.51.100.3')
        .send(body as object)
        .expect(400);
      expect(res.body.message).toBe('Password is required');
    });

    it('refuses unknown fields', async () => {
      const res = await t
        .http()
        .post('/api/admin/login')
        .set('X-Forwarded-For', '198.51.100.4')
        .send({ password: TEST_ADMIN_PASSWORD, remember: true })
        .expect(400);
      expect(res.body.message).toBe('property remember should not exist');
    });

    it('allows 10 attempts a minute per client IP, then answers 429 until the minute is over', async () => {
      const from = (ip: string) => t.http().post('/api/admin/login').set('X-Forwarded-For', ip);
      for (let attempt = 1; attempt <= 10; attempt++)
        await from('203.0.113.7')
          .send({ password: `guess-${attempt}` })
          .expect(401);
      const blocked = await from('203.0.113.7').send({ password: TEST_ADMIN_PASSWORD }).expect(429);
      expect(blocked.body.message).toBe('Too many login attempts. Please wait a minute and try again.');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Another client is not held back by someone else's guessing.
      await from('203.0.113.8').send({ password: TEST_ADMIN_PASSWORD }).expect(201);
    });
  });

  describe('POST /api/admin/logout', () => {
    const login = async (address: string): Promise<string> => ((await logIn(address).expect(201)).body as { token: string }).token;

    it('given a logged-in token, ends it on the server: every admin route refuses it from the answer on, other sessions go on', async () => {
      const leaving = await login('198.51.100.20');
      const staying = await login('198.51.100.21');
      await t.http().post('/api/admin/logout').set('Authorization', `Bearer ${leaving}`).expect(200, { message: 'Logged out' });

      for (const path of ['/api/admin/verify', '/api/admin/orders', '/api/admin/orders/search']) {
        const res = await t.http().get(path).set('Authorization', `Bearer ${leaving}`);
        expect([path, res.status, res.body.message]).toEqual([path, 401, 'Authentication required']);
      }
      await t.http().post('/api/admin/logout').set('Authorization', `Bearer ${leaving}`).expect(401);
      await t.http().get('/api/admin/verify').set('Authorization', `Bearer ${staying}`).expect(200, { ok: true });
    });

    it('records the logout in the log, so every shop process and every restart refuses the token', async () => {
      const token = await login('198.51.100.22');
      await t.http().post('/api/admin/logout').set('Authorization', `Bearer ${token}`).expect(200);
      const jti = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { jti: string }).jti;
      const events = await eventStoreOf(t.app).readStream(`admin-session-${jti}`);
      expect(events.map((e) => [e.type, e.metadata.actor])).toEqual([['AdminSessionEnded', { id: 'owner', name: 'Owner', role: 'owner' }]]);
    });
  });

  describe('the admin page session cookie', () => {
    const sessionCookie = (res: { headers: Record<string, unknown> }): string | undefined =>
      ([res.headers['set-cookie']].flat() as (string | undefined)[]).find((cookie) => cookie?.startsWith('admin_session='));

    it("is set by a login to the token, for the admin page only, out of scripts' and other sites' reach, as long as the token lives", async () => {
      const res = await logIn('198.51.100.30').expect(201);
      const cookie = sessionCookie(res);
      expect(cookie).toBeDefined();
      const [pair, ...attributes] = (cookie ?? '').split(';').map((part) => part.trim());
      expect(pair).toBe(`admin_session=${(res.body as { token: string }).token}`);
      expect(attributes).toEqual(expect.arrayContaining(['Path=/admin', 'HttpOnly', 'SameSite=Strict', 'Max-Age=28800']));
      // Plain HTTP here; behind TLS (TRUST_PROXY and X-Forwarded-Proto) it is Secure as well.
      expect(attributes).not.toContain('Secure');
    });

    it('is not set by a refused login', async () => {
      const res = await logIn('198.51.100.31', 'wrong').expect(401);
      expect(sessionCookie(res)).toBeUndefined();
    });

    it('is renewed by a good verify, never set by a refused one, and removed by the logout', async () => {
      const login = await logIn('198.51.100.32');
      const token = (login.body as { token: string }).token;
      const verified = await t.http().get('/api/admin/verify').set('Authorization', `Bearer ${token}`).expect(200);
      expect(sessionCookie(verified)).toMatch(new RegExp(`^admin_session=${token.replace(/\./g, '\\.')};.*Path=/admin`));
      const refused = await t.http().get('/api/admin/verify').set('Authorization', 'Bearer not-a-token').expect(401);
      expect(sessionCookie(refused)).toBeUndefined();
      const out = await t.http().post('/api/admin/logout').set('Authorization', `Bearer ${token}`).expect(200);
      expect(sessionCookie(out)).toMatch(/^admin_session=;.*Path=\/admin;.*Expires=Thu, 01 Jan 1970/);
    });

    it('is never taken for the bearer token by the API: a request with the cookie alone is refused', async () => {
      const login = await logIn('198.51.100.33');
      const token = (login.body as { token: string }).token;
      for (const path of ['/api/admin/verify', '/api/admin/orders/search']) {
        await t.http().get(path).set('Cookie', `admin_session=${token}`).expect(401);
      }
    });
  });

  describe('the guard over /api/admin/', () => {
    const iat = Math.floor(new Date('2026-11-23T01:00:00.000Z').getTime() / 1000);
    const refusals: [string, () => string | undefined][] = [
      ['no Authorization header', () => undefined],
      ['an empty bearer', () => 'Bearer '],
      ['another scheme', () => `Basic ${Buffer.from(`admin:${TEST_ADMIN_PASSWORD}`).toString('base64')}`],
      ['a malformed token', () => 'Bearer not-a-token'],
      ['an expired token', () => `Bearer ${jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'admin', iat: iat - 7200, exp: iat - 3600 })}`],
      ['an alg:none token', () => `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'admin', iat, exp: iat + 3600 })}.`],
      [
        'a token signed with another key',
        () =>
          `Bearer ${jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'admin', iat, exp: iat + 3600 }, 'someone-elses-secret-that-is-long-enough')}`,
      ],
    ];

    it('knows the admin routes from the application router', () => {
      const routes = protectedAdminRoutes(t.app).map((r) => `${r.method} ${r.path}`);
      expect(routes).toEqual(
        expect.arrayContaining([
          'GET /api/admin/verify',
          'GET /api/admin/products',
          'POST /api/admin/products',
          'PUT /api/admin/products/:id',
          'DELETE /api/admin/products/:id',
          'POST /api/admin/seed-products',
        ]),
      );
      expect(routes).not.toContain('POST /api/admin/login');
    });

    it.each(refusals)('answers 401 Authentication required on every admin route given %s', async (_name, authorization) => {
      const routes = protectedAdminRoutes(t.app);
      const wrong: string[] = [];
      for (const route of routes) {
        const req = t.http()[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](concretePath(route.path));
        const header = authorization();
        if (header !== undefined) req.set('Authorization', header);
        const res = await req.send({});
        if (res.status !== 401 || res.body.message !== 'Authentication required')
          wrong.push(`${route.method} ${route.path} -> ${res.status} ${JSON.stringify(res.body)}`);
      }
      expect(wrong).toEqual([]);
    });

    it('is not fooled by the case of the path or doubled slashes', async () => {
      for (const path of ['/api/Admin/products', '/api/ADMIN/PRODUCTS', '/api/admin/products/']) {
        const res = await t.http().get(path);
        expect([path, res.status, res.body.message]).toEqual([path, 401, 'Authentication required']);
      }
      // These never reach a handler (404, or the shop's page fallback), so nothing leaks either.
      for (const path of ['/API/ADMIN/products', '/api//admin/products']) {
        const res = await t.http().get(path);
        expect([path, res.status === 200 || Array.isArray(res.body)]).toEqual([path, false]);
      }
    });

    it('a token issued by login opens every admin route (none answers 401)', async () => {
      // A token of its own, since logging out (taken last) ends it.
      const login = await t.http().post('/api/admin/login').set('X-Forwarded-For', '198.51.100.30').send({ password: TEST_ADMIN_PASSWORD });
      const token = (login.body as { token: string }).token;
      const isLogout = (route: { method: string; path: string }) => route.method === 'POST' && route.path === '/api/admin/logout';
      const routes = protectedAdminRoutes(t.app);
      expect(routes.filter(isLogout)).toHaveLength(1);
      const still: string[] = [];
      for (const route of [...routes.filter((r) => !isLogout(r)), ...routes.filter(isLogout)]) {
        const http = t.http();
        const res = await http[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](concretePath(route.path))
          .set('Authorization', `Bearer ${token}`)
          .send({});
        if (res.status === 401) still.push(`${route.method} ${route.path}`);
      }
      expect(still).toEqual([]);
    });

    it('leaves the shop routes open', async () => {
      await t.http().get('/api/products').expect(200);
      await t.http().get('/api/config').expect(200);
    });

    it('documents the admin routes with bearer auth in OpenAPI', async () => {
      const res = await t.http().get('/api/docs/openapi.json').expect(200);
      const doc = res.body as { paths: Record<string, Record<string, { security?: unknown[]; tags?: string[] }>> };
      expect(doc.paths['/api/admin/products']?.['get']?.security).toEqual([{ bearer: [] }]);
      expect(doc.paths['/api/admin/verify']?.['get']?.security).toEqual([{ bearer: [] }]);
      expect(doc.paths['/api/products']?.['get']?.tags).toEqual(['products']);
      expect(doc.paths['/api/admin/login']?.['post']).toBeDefined();
    });
  });
});
