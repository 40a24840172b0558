import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../create-test-app';

/** The template's placeholder: in a page the server drew it is replaced, so seeing it means the raw file was sent. */
const PLACEHOLDER = '<!--page-markup-->';

/**
 * A server-rendering bundle of the shape `frontend/dist-ssr/entry-server.js` has: `/` and `/shop` are pages, the
 * checkout and the admin are the browser's, anything else is "Page Not Found"; a drawn document fills the placeholder.
 */
const BUNDLE = `
exports.pageKind = (pathname) =>
  pathname === '/' || pathname === '/shop' ? 'page' : /^\\/(admin|checkout)(\\/|$)/.test(pathname) ? 'client' : 'not-found';
exports.markupProducts = (products) => products;
exports.renderShopPage = async ({ url }) => ({ status: url.includes('~missing') ? 404 : 200, url });
exports.shopDocument = (template, page) => template.replace(${JSON.stringify(PLACEHOLDER)}, '<main>drawn ' + page.url + '</main>');
exports.adminShell = () => null;
exports.adminFirstPagePath = () => null;
exports.renderAdminPage = async () => null;
`;

/** A GET sent exactly as written: supertest and fetch would resolve the dot segments before sending. */
function rawGet(server: Server, path: string): Promise<{ status: number; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the built shop’s index.html template is never sent as a file', () => {
  const root = mkdtempSync(join(tmpdir(), 'brewery-built-'));
  const staticDir = join(root, 'dist');
  let t: TestApp;
  let server: Server;

  beforeAll(async () => {
    mkdirSync(join(staticDir, 'assets'), { recursive: true });
    mkdirSync(join(root, 'dist-ssr'));
    writeFileSync(join(staticDir, 'index.html'), `<!doctype html><title>Shop</title><div id="root">${PLACEHOLDER}</div>`);
    writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), 'export {};\n');
    writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), BUNDLE);
    t = await createTestApp({ STATIC_DIR: staticDir });
    server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the assets and draws the pages (the fixture works)', async () => {
    expect(await rawGet(server, '/assets/index-abc123.js')).toEqual({ status: 200, body: 'export {};\n' });
    const shop = await rawGet(server, '/shop');
    expect(shop.status).toBe(200);
    expect(shop.body).toContain('<main>drawn /shop</main>');
  });

  it.each([
    '/index.html',
    '/assets/../index.html',
    '/assets/%2e%2e/index.html',
    '/assets/%2E%2E/index.html',
    '/assets/..%2findex.html',
    '/assets/%2e%2e%2findex.html',
    '/assets/./../index.html',
    '/./index.html',
    '//index.html',
    '/%69ndex.html',
    '/index.html/.',
    '/assets/../assets/../index.html',
  ])('given %s, answers as for an unknown file (404, the drawn page), never the raw template', async (path) => {
    const unknown = await rawGet(server, '/assets/no-such-file.js');
    const res = await rawGet(server, path);
    expect(res.body).not.toContain(PLACEHOLDER);
    expect(res.status).toBe(unknown.status);
    expect(res.status).toBe(404);
  });
});
