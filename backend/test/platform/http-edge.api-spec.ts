import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../create-test-app';

/** The HTTP edge: the built shop served with caching and compression, security headers on everything. */
describe('the HTTP edge', () => {
  const staticDir = mkdtempSync(join(tmpdir(), 'brewery-static-'));
  const script = `export const shop = ${JSON.stringify('Swan River Stout, '.repeat(800))};\n`;
  let t: TestApp;

  beforeAll(async () => {
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
    writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), script);
    // A script the build compressed ahead: its forms say which one was sent (real builds hold the same bytes).
    writeFileSync(join(staticDir, 'assets', 'chunk-def456.js'), script);
    writeFileSync(join(staticDir, 'assets', 'chunk-def456.js.br'), brotliCompressSync(`${script}// br\n`));
    writeFileSync(join(staticDir, 'assets', 'chunk-def456.js.gz'), gzipSync(`${script}// gz\n`));
    // A stray file where an API route lives: the API must answer, never the disk.
    mkdirSync(join(staticDir, 'api'));
    writeFileSync(join(staticDir, 'api', 'products'), 'stale file');
    writeFileSync(join(staticDir, 'api', 'health'), 'stale file');
    t = await createTestApp({ STATIC_DIR: staticDir });
  });

  afterAll(async () => {
    await t.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it.each([
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
  ])('given Accept-Encoding %s, sends a fingerprinted script compressed with %s and cached for a year', async (accept, encoding) => {
    // supertest decodes the body, so it reads as the file itself when the encoding is right.
    const res = await t.http().get('/assets/index-abc123.js').set('Accept-Encoding', accept);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.text).toBe(script);
  });

  it.each([
    ['br', 'br', '// br\n'],
    ['gzip', 'gzip', '// gz\n'],
    ['gzip;q=1, br;q=0.5', 'gzip', '// gz\n'],
    ['br, gzip', 'br', '// br\n'],
    // What Chromium sends: gzip listed first, all of equal weight.
    ['gzip, deflate, br, zstd', 'br', '// br\n'],
  ])(
    'given Accept-Encoding %s and forms compressed by the build, sends the %s form as it is, typed as a script',
    async (accept, encoding, marker) => {
      const res = await t.http().get('/assets/chunk-def456.js').set('Accept-Encoding', accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.text).toBe(`${script}${marker}`);
    },
  );

  it('sends a build-compressed script as it is to a client that accepts no encoding, and never its compressed files by name mistakes', async () => {
    const plain = await t.http().get('/assets/chunk-def456.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
    const traversal = await t.http().get('/assets/..%2Findex.html').set('Accept-Encoding', 'br');
    expect(traversal.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD for a build-compressed script with its headers and length, and no body', async () => {
    const res = await t.http().head('/assets/chunk-def456.js').set('Accept-Encoding', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(`${script}// br\n`).length);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the script as it is to a client that accepts no encoding', async () => {
    const res = await t.http().get('/assets/index-abc123.js').set('Accept-Encoding', 'identity');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe(script);
  });

  it.each(['/api/products', '/api/health', '/API/products'])(
    'answers %s from the application, never from a file in the built shop',
    async (path) => {
      const res = await t.http().get(path);
      expect(res.text).not.toBe('stale file');
      expect(res.headers['content-type']).toMatch(/application\/json/);
    },
  );

  it('answers a page route with the shop, revalidated on every visit', async () => {
    const res = await t.http().get('/shop');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<div id="root"></div>');
  });

  it.each(['/', '/shop', '/assets/index-abc123.js', '/assets/chunk-def456.js', '/api/products', '/api/no-such-route'])(
    'sets the security headers on %s',
    async (path) => {
      const res = await t.http().get(path);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
    },
  );

  it('refuses a form post to the checkout with 415, before anything is reserved or recorded', async () => {
    const auth = { Authorization: `Bearer ${await t.adminToken()}` };
    const before = (await t.http().get('/api/health').set(auth)).body as { headPosition: number };
    const res = await t
      .http()
      .post('/api/create-payment-intent')
      .type('form')
      .send({ 'customerInfo[name]': 'Ada', 'cartItems[0][productId]': 'quokka-pale-ale', 'cartItems[0][quantity]': '4' });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      statusCode: 415,
      message: 'Send the request body as JSON (Content-Type: application/json)',
      code: 'unsupported_media_type',
    });
    const after = (await t.http().get('/api/health').set(auth)).body as { headPosition: number };
    expect(after.headPosition).toBe(before.headPosition);
  });

  it('answers an unknown API route with a JSON 404, never the shop page', async () => {
    const res = await t.http().get('/api/no-such-route');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('answers a write with the position it was written at (X-Shop-Position), and a read presenting it sees the write', async () => {
    const auth = { Authorization: `Bearer ${await t.adminToken()}` };
    const seeded = await t.http().post('/api/admin/seed-products').set(auth).expect(201);
    const position = Number(seeded.headers['x-shop-position']);
    expect(Number.isSafeInteger(position) && position >= 0).toBe(true);
    const read = await t.http().get('/api/products').set('X-Shop-Position', String(position)).expect(200);
    expect((read.body as unknown[]).length).toBeGreaterThan(0);
    // A read writes nothing, so its answer carries no position; nor does a write that changed nothing.
    expect(read.headers['x-shop-position']).toBeUndefined();
    const again = await t.http().post('/api/admin/seed-products').set(auth).expect(201);
    expect(again.headers['x-shop-position']).toBeUndefined();
  });

  it('tells anyone only the health verdict; the reasons, stores, projections and lease need the admin token', async () => {
    const anyone = await t.http().get('/api/health').expect(200);
    expect(anyone.body).toEqual({ status: 'ok' });
    const forged = await t.http().get('/api/health').set('Authorization', 'Bearer not-a-token').expect(200);
    expect(forged.body).toEqual({ status: 'ok' });
    const operator = await t
      .http()
      .get('/api/health')
      .set('Authorization', `Bearer ${await t.adminToken()}`)
      .expect(200);
    expect(operator.body).toMatchObject({
      status: 'ok',
      reasons: [],
      eventStore: { ok: true },
      lease: { kind: 'sole', leader: true, holder: expect.any(String) as unknown },
    });
    expect((operator.body as { projections: unknown[] }).projections.length).toBeGreaterThan(1);
  });

  it('given a body of 200 unknown keys (as many as an object may hold), answers a 400 of a few hundred bytes', async () => {
    const body = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}${'x'.repeat(40)}`, 1]));
    const res = await t.http().post('/api/create-payment-intent').set('Content-Type', 'application/json').send(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.text.length).toBeLessThan(2_500);
    expect((res.body as { message: string }).message).toMatch(/; and \d+ more$/);
  });
});
