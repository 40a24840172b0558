import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { describeInBrowser, launchChromium } from './support/browser';
import { startShopServer, type ShopServer } from '../support/shop-server';
import { tapFromFirstPaint } from '../support/early-taps';

jest.setTimeout(180_000);

/**
 * A customer on a slow phone taps as soon as the page shows, seconds before its code has taken over: 4 Pack,
 * "+", Add to Pack and the cart, 150 ms apart. Every tap must take effect, none wrongly (the bench measures the
 * same run: `npm run bench -- frontend`).
 */
describeInBrowser('taps from the first paint, on a slow phone', () => {
  let server: ShopServer;
  let browser: Browser;
  let beer: { name: string; slug: string };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'early-taps' }), launchChromium()]);
    const token = await server.adminToken();
    await server.api('POST', '/api/admin/seed-products', undefined, token);
    const products = (await (await fetch(`${server.url}/api/products`)).json()) as {
      name: string;
      slug: string;
      inventory: number;
      enable4Pack: boolean;
      price4Pack: string | null;
    }[];
    const offered = products.find((product) => product.inventory >= 16 && product.enable4Pack && product.price4Pack !== null);
    if (offered === undefined) throw new Error('no seeded beer offers 4 Packs with 16 cans in stock');
    beer = offered;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('given a page, then the tap keeper is inline at the top of its head, under 1 KB gzip, and allowed by the page’s policy', async () => {
    const response = await fetch(`${server.url}/shop`);
    const html = await response.text();
    const keeper = /<head>\s*<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(keeper).toContain('keptTaps');
    expect(gzipSync(keeper, { level: 9 }).byteLength).toBeLessThan(1024);
    const digest = createHash('sha256').update(keeper).digest('base64');
    expect(response.headers.get('content-security-policy')).toContain(`'sha256-${digest}'`);
  });

  it.each([['/shop'], ['a beer page']])(
    'given taps on %s before the code has taken over, then each takes effect once it has',
    async (where) => {
      const run = await tapFromFirstPaint(browser, server.url, where === '/shop' ? '/shop' : `/shop/${beer.slug}`, {
        beer: beer.name,
        throttled: true,
      });
      // The run proves something only if the customer tapped before the takeover.
      expect(run.tapsBeforeTakeover).toBeGreaterThanOrEqual(2);
      expect(run.lost).toEqual([]);
    },
  );
});
