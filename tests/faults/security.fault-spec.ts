import { createHmac, randomUUID } from 'node:crypto';
import { routePermission } from '@brewery/shop-rules';
import { startShopServer, type ShopServer } from '../support/shop-server';
import { byScale } from './support/fault-scale';
import {
  headPosition,
  openApiDocument,
  placeOrder,
  seedShop,
  sendRaw,
  settle,
  type RawAnswer,
  type ShopFixture,
} from './support/hostile-fixtures';
import { leakedLines, testGatewaySecret } from './support/log-audit';
import { operationsOf, type Operation } from './support/openapi-requests';

const ADMIN_PASSWORD = 'security-spec-admin-password';
const JWT_SECRET = 'security-spec-jwt-secret-0123456789abcdef';
const OTHER_SECRET = 'some-other-jwt-secret-0123456789abcdef';
/** Distinctive, so that the log audit would spot any of them. */
const WRONG_PASSWORDS = Array.from({ length: 14 }, (_, i) => `wrong-guess-${i}-${randomUUID().slice(0, 8)}`);
const LOGIN_LIMIT = 10;

function segment(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** A compact JWT signed with HMAC over `header.payload`, as node:crypto makes it. */
function signed(header: Record<string, unknown>, payload: Record<string, unknown>, secret: string, hash = 'sha256'): string {
  const unsigned = `${segment(header)}.${segment(payload)}`;
  return `${unsigned}.${createHmac(hash, secret).update(unsigned).digest('base64url')}`;
}

/** The password claim as the shop computes it: a digest of the configured password keyed by the JWT secret. */
const PASSWORD_CLAIM = createHmac('sha256', JWT_SECRET)
  .update(`admin-password:password:${ADMIN_PASSWORD}`)
  .digest('base64url')
  .slice(0, 22);

function claims(changes: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return { sub: 'admin', iat: now, exp: now + 3600, jti: randomUUID(), pwd: PASSWORD_CLAIM, ...changes };
}

const HS256 = { alg: 'HS256', typ: 'JWT' };

interface BadCredential {
  name: string;
  /** The Authorization header, or none. */
  authorization: string | null;
}

/** Tokens that must never open an admin route; `issued` is a real token from the shop, to tamper with. */
function badCredentials(issued: string, otherIssued: string): BadCredential[] {
  const [header = '', payload = '', signature = ''] = issued.split('.');
  const issuedClaims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const bearer = (token: string) => `Bearer ${token}`;
  const core: BadCredential[] = [
    { name: 'no token', authorization: null },
    { name: 'an expired token', authorization: bearer(signed(HS256, claims({ iat: now - 7200, exp: now - 3600 }), JWT_SECRET)) },
    { name: "an 'alg: none' token", authorization: bearer(`${segment({ alg: 'none', typ: 'JWT' })}.${segment(claims())}.`) },
    { name: 'a token signed with a wrong key', authorization: bearer(signed(HS256, claims(), OTHER_SECRET)) },
    {
      name: 'a tampered payload (ten more years) under the real signature',
      authorization: bearer(`${header}.${segment({ ...issuedClaims, exp: now + 10 * 365 * 86400 })}.${signature}`),
    },
    {
      name: "another token's signature on this one's payload",
      authorization: bearer(`${header}.${payload}.${otherIssued.split('.')[2] ?? ''}`),
    },
  ];
  const more: BadCredential[] = [
    {
      name: 'a token issued under another admin password',
      authorization: bearer(
        signed(
          HS256,
          claims({
            pwd: createHmac('sha256', JWT_SECRET).update('admin-password:password:last-season-password').digest('base64url').slice(0, 22),
          }),
          JWT_SECRET,
        ),
      ),
    },
    {
      name: 'a token that expired a second ago',
      authorization: bearer(signed(HS256, claims({ iat: now - 3600, exp: now - 1 }), JWT_SECRET)),
    },
    { name: "'alg: None' with a signature", authorization: bearer(`${segment({ alg: 'None' })}.${segment(claims())}.${signature}`) },
    { name: "'alg: NONE' and no signature segment", authorization: bearer(`${segment({ alg: 'NONE' })}.${segment(claims())}`) },
    { name: 'HS512 with the right key', authorization: bearer(signed({ alg: 'HS512', typ: 'JWT' }, claims(), JWT_SECRET, 'sha512')) },
    { name: 'HS384 with the right key', authorization: bearer(signed({ alg: 'HS384', typ: 'JWT' }, claims(), JWT_SECRET, 'sha384')) },
    {
      name: 'RS256 header over an HMAC signature (algorithm confusion)',
      authorization: bearer(signed({ alg: 'RS256', typ: 'JWT' }, claims(), JWT_SECRET)),
    },
    { name: 'a critical header extension', authorization: bearer(signed({ ...HS256, crit: ['exp'] }, claims(), JWT_SECRET)) },
    { name: "'sub: customer' with the right key", authorization: bearer(signed(HS256, claims({ sub: 'customer' }), JWT_SECRET)) },
    { name: 'no exp, with the right key', authorization: bearer(signed(HS256, { sub: 'admin', iat: now, jti: randomUUID() }, JWT_SECRET)) },
    { name: 'exp as a string, with the right key', authorization: bearer(signed(HS256, claims({ exp: String(now + 3600) }), JWT_SECRET)) },
    { name: 'the real token with its signature cut short', authorization: bearer(issued.slice(0, -4)) },
    { name: 'the real token with a fourth segment', authorization: bearer(`${issued}.${signature}`) },
    { name: 'the real token under the Basic scheme', authorization: `Basic ${issued}` },
    { name: 'the real token without a scheme', authorization: issued },
    { name: 'an empty bearer', authorization: 'Bearer ' },
    { name: 'the signing key itself as the token', authorization: bearer(JWT_SECRET) },
  ];
  return byScale(core, [...core, ...more]);
}

/** A concrete URL for an operation, with ids that exist where the shop has them. */
function concreteUrl(op: Operation, shop: ShopFixture): string {
  const product = shop.products[0]?.id ?? 'seed-quokka-pale-ale';
  const order = shop.orders[0]?.orderId ?? '1';
  return op.template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'key') return encodeURIComponent(shop.outboxKeys[0] ?? 'none');
    return /\/products\//.test(op.template) ? product : order;
  });
}

/** The routes the running router mapped, from its start-up log: `POST /api/admin/orders/{id}`. */
function mappedRoutes(output: string): string[] {
  return [...output.matchAll(/Mapped \{([^,]+), ([A-Z]+)\} route/g)].map(
    ([, path = '', method = '']) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`,
  );
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0] !== undefined && parts[0] !== '')
      .map(([name = '', ...values]) => [name.toLowerCase(), values]),
  );
}

describe('security: admin tokens, response headers, login rate limit and logs', () => {
  let server: ShopServer;
  let token: string;
  let shop: ShopFixture;
  let adminOps: Operation[];
  const clientSecrets: string[] = [];
  const issuedTokens: string[] = [];

  beforeAll(async () => {
    server = await startShopServer({ name: 'security', env: { LOG_LEVEL: 'debug', ADMIN_PASSWORD, JWT_SECRET } });
    token = await server.adminToken();
    issuedTokens.push(token);
    shop = await seedShop(server, token, 2);
    clientSecrets.push(...shop.orders.map((o) => o.clientSecret));
    adminOps = operationsOf(await openApiDocument(server)).filter((op) => op.admin);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  const call = (
    method: string,
    path: string,
    authorization: string | null,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<RawAnswer> =>
    sendRaw(server.url, {
      method,
      path,
      headers: {
        ...headers,
        ...(authorization === null ? {} : { authorization }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('documents every admin route the router has, each with bearer security', () => {
    // Given the routes the server mapped at start-up, and the operations its OpenAPI document lists
    // (but the public ones of the permissions table: log in, an invitation, a password reset)
    const routed = mappedRoutes(server.output()).filter((r) => {
      const [method = '', template = ''] = r.split(' ');
      return /^\/api\/admin(\/|$)/i.test(template) && routePermission(method, template.replace(/\{(\w+)\}/g, ':$1')) !== 'public';
    });
    // Then both name the same admin routes, and the document says each needs the bearer token
    expect(routed.length).toBeGreaterThan(20);
    expect(adminOps.map((op) => op.key).sort()).toEqual([...new Set(routed)].sort());
    expect(adminOps.filter((op) => !op.bearer).map((op) => op.key)).toEqual([]);
  });

  it('refuses every admin route with 401 for a missing, expired, unsigned, wrongly signed or tampered token, and appends nothing', async () => {
    // Given a token forged with the right key: the forging is right, so the refusals below are the checks'
    expect((await call('GET', '/api/admin/verify', `Bearer ${signed(HS256, claims(), JWT_SECRET)}`)).status).toBe(200);
    const other = (await server.api<{ token: string }>('POST', '/api/admin/login', { password: ADMIN_PASSWORD })).token;
    issuedTokens.push(other);
    const credentials = badCredentials(token, other);
    const head = await headPosition(server);

    // When each admin route is called with each of them
    const wrong: string[] = [];
    for (const op of adminOps) {
      const path = concreteUrl(op, shop);
      for (const credential of credentials) {
        const res = await call(op.method, path, credential.authorization, op.method === 'GET' ? undefined : {});
        if (res.status !== 401 || res.headers['www-authenticate'] !== 'Bearer realm="admin"')
          wrong.push(`${op.method} ${path} with ${credential.name} -> ${res.status}`);
      }
    }

    // Then every answer is 401 with the bearer challenge, and the event log did not move
    expect(wrong).toEqual([]);
    await settle(server);
    expect(await headPosition(server)).toBe(head);
    // And the real token still works
    expect((await call('GET', '/api/admin/verify', `Bearer ${token}`)).status).toBe(200);
    console.log(
      `security: ${adminOps.length} admin routes x ${credentials.length} bad credentials = ${adminOps.length * credentials.length} requests, all 401, event head unchanged`,
    );
  });

  it('sends restrictive security headers on pages, API answers and errors', async () => {
    const answers: [string, RawAnswer][] = [
      ['GET /', await call('GET', '/', null)],
      ['GET /shop', await call('GET', '/shop', null)],
      ['GET /admin', await call('GET', '/admin', null)],
      ['GET /api/products', await call('GET', '/api/products', null)],
      // Asked again, these come from prepared bytes (the server's path for hot reads), with the same headers.
      ['GET /shop (prepared)', await call('GET', '/shop', null)],
      ['GET /api/products (prepared)', await call('GET', '/api/products', null)],
      ['GET /api/products/{id}', await call('GET', `/api/products/${shop.products[0]?.id ?? ''}`, null)],
      ['GET /api/products/{id} (prepared)', await call('GET', `/api/products/${shop.products[0]?.id ?? ''}`, null)],
      ['GET /api/admin/orders (admin)', await call('GET', '/api/admin/orders', `Bearer ${token}`)],
      ['GET /api/admin/orders (401)', await call('GET', '/api/admin/orders', null)],
      ['GET /api/no-such-route (404)', await call('GET', '/api/no-such-route', null)],
    ];
    expect(answers.map(([name, res]) => [name, res.status])).toEqual([
      ['GET /', 200],
      ['GET /shop', 200],
      ['GET /admin', 200],
      ['GET /api/products', 200],
      ['GET /shop (prepared)', 200],
      ['GET /api/products (prepared)', 200],
      ['GET /api/products/{id}', 200],
      ['GET /api/products/{id} (prepared)', 200],
      ['GET /api/admin/orders (admin)', 200],
      ['GET /api/admin/orders (401)', 401],
      ['GET /api/no-such-route (404)', 404],
    ]);
    for (const [name, res] of answers) {
      const csp = res.headers['content-security-policy'];
      expect({ name, csp: typeof csp }).toEqual({ name, csp: 'string' });
      const policy = directives(String(csp));
      const scripts = policy.get('script-src') ?? policy.get('default-src') ?? [];
      expect({ name, frameAncestors: policy.get('frame-ancestors')?.join(' ') }).toEqual({
        name,
        frameAncestors: expect.stringMatching(/^'(none|self)'$/),
      });
      expect({ name, defaultSrc: policy.get('default-src') }).toEqual({ name, defaultSrc: ["'self'"] });
      expect({ name, objectSrc: policy.get('object-src') }).toEqual({ name, objectSrc: ["'none'"] });
      expect({ name, unsafeEval: String(csp).includes('unsafe-eval'), inlineScripts: scripts.includes("'unsafe-inline'") }).toEqual({
        name,
        unsafeEval: false,
        inlineScripts: false,
      });
      expect({ name, nosniff: res.headers['x-content-type-options'] }).toEqual({ name, nosniff: 'nosniff' });
      expect({ name, referrer: res.headers['referrer-policy'] }).toEqual({
        name,
        referrer: expect.stringMatching(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin|origin)$/),
      });
      expect({ name, poweredBy: res.headers['x-powered-by'] }).toEqual({ name, poweredBy: undefined });
    }
  });

  it(`limits login attempts to ${LOGIN_LIMIT} a minute per client, right or wrong, and not for other clients`, async () => {
    // The shop trusts X-Forwarded-For from loopback (its reverse proxy): each client here is an address of its own.
    const guesser = { 'x-forwarded-for': '203.0.113.7' };
    const statuses: number[] = [];
    for (const password of WRONG_PASSWORDS.slice(0, LOGIN_LIMIT + 2))
      statuses.push((await call('POST', '/api/admin/login', null, { password }, guesser)).status);
    // Then the first ten wrong guesses are refused as wrong, and the rest as too many
    expect(statuses).toEqual([...Array<number>(LOGIN_LIMIT).fill(401), 429, 429]);
    const blocked = await call('POST', '/api/admin/login', null, { password: ADMIN_PASSWORD }, guesser);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(blocked.text).not.toContain('token');
    // And another client logs in as usual
    const other = await call('POST', '/api/admin/login', null, { password: ADMIN_PASSWORD }, { 'x-forwarded-for': '198.51.100.23' });
    expect(other.status).toBe(201);
    issuedTokens.push((JSON.parse(other.text) as { token: string }).token);
  });

  it('logs no password, key, token, client secret or e-mail address through a whole customer and admin day', async () => {
    // Given a customer who checks out and pays
    const product = shop.products[1] ?? shop.products[0];
    if (product === undefined) throw new Error('no product');
    const order = await placeOrder(server, product, true, 'audit.customer@example.com');
    clientSecrets.push(order.clientSecret);
    // And an operator who mistypes the password twice, then logs in, and ships the order (the customer is e-mailed)
    for (const password of WRONG_PASSWORDS.slice(LOGIN_LIMIT + 2))
      expect((await call('POST', '/api/admin/login', null, { password })).status).toBe(401);
    const login = await call('POST', '/api/admin/login', null, { password: ADMIN_PASSWORD });
    expect(login.status).toBe(201);
    const session = (JSON.parse(login.text) as { token: string }).token;
    issuedTokens.push(session);
    await settle(server);
    const shipped = await call('PUT', `/api/admin/orders/${order.orderId}/tracking`, `Bearer ${session}`, {
      status: 'shipped',
      trackingReference: '33ABC1234567',
    });
    expect(shipped.status).toBe(200);
    expect(shipped.text).toContain('notified by email');
    await settle(server);
    const outbox = await server.api<{ to: string; kind: string; orderId: string | null; status: string }[]>(
      'GET',
      '/api/admin/outbox',
      undefined,
      session,
    );
    expect(
      outbox
        .filter((e) => e.orderId === order.orderId)
        .map((e) => [e.kind, e.to])
        .sort(),
    ).toEqual(expect.arrayContaining([['order-status', 'audit.customer@example.com']]));

    // Then the whole log, at debug level, gives none of it away
    const secrets = [ADMIN_PASSWORD, JWT_SECRET, testGatewaySecret(server.dataDir), ...clientSecrets, ...WRONG_PASSWORDS, ...issuedTokens];
    expect(leakedLines(server.output(), secrets, [])).toEqual([]);
    console.log(
      `security log audit: ${server.output().split('\n').length.toLocaleString('en-AU')} log lines at debug level, ${secrets.length} secrets (password, JWT key, webhook secret, ` +
        `${clientSecrets.length} client secrets, ${WRONG_PASSWORDS.length} wrong passwords, ${issuedTokens.length} tokens) and no e-mail address found`,
    );
  });
});
