import { request as httpRequest } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchChromium, newShopContext, screenshot } from './support/browser';
import { startShopServer, type ShopServer } from '../support/shop-server';

jest.setTimeout(120_000);

interface AdminProduct {
  id: string;
  name: string;
  slug: string;
  isActive: boolean;
  archived: boolean;
}

/** Errors and warnings the page wrote to its console (a hydration mismatch among them). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

describeInBrowser('storefront: server-rendered pages, beer pages and search', () => {
  let server: ShopServer;
  let browser: Browser;
  let token: string;
  let products: AdminProduct[];

  const raw = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { redirect: 'manual', ...init });
  /** A GET sent with its path exactly as written (fetch would resolve `//host` and dot segments first). */
  const sentAsWritten = (path: string, cookie?: string) =>
    new Promise<{ status: number; location: string | undefined; body: string }>((resolve, reject) => {
      const url = new URL(server.url);
      const req = httpRequest({ host: url.hostname, port: url.port, path, headers: cookie === undefined ? {} : { cookie } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'storefront' }), launchChromium()]);
    token = await server.adminToken();
    await server.api('POST', '/api/admin/seed-products', undefined, token);
    // A draft, which the shop must never show
    await server.api(
      'POST',
      '/api/admin/products',
      {
        name: 'Secret Draft Saison',
        style: 'Saison',
        description: 'Not ready yet.',
        abv: 6,
        price: '7.00',
        inventory: 50,
        imageUrl: '/cans/swan-valley-lager.svg',
        enable4Pack: false,
        enable8Pack: false,
        enable16Pack: false,
        isActive: false,
        archived: false,
      },
      token,
    );
    products = await server.api<AdminProduct[]>('GET', '/api/admin/products', undefined, token);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const live = () => products.filter((p) => p.isActive && !p.archived);

  it('given no script at all, the HTML of /shop names every beer on sale and no draft', async () => {
    const res = await raw('/shop');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
    for (const product of live()) expect(root).toContain(product.name.replace(/&/g, '&amp;'));
    expect(html).not.toContain('Secret Draft Saison');
    expect(html).not.toMatch(/<script type="module"/);
  });

  it.each([
    ['/admin?tab=active-orders', /\/assets\/admin-orders-[\w-]+\.js$/],
    ['/admin', /\/assets\/admin-products-[\w-]+\.js$/],
  ])("given %s, the shell asks for the admin page's code and its tab's at once, each a file the server has", async (path, tabChunk) => {
    const res = await raw(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1] ?? '');
    expect(preloads.some((href) => /\/assets\/admin\.route-[\w-]+\.js$/.test(href))).toBe(true);
    expect(preloads.some((href) => tabChunk.test(href))).toBe(true);
    expect(html).toMatch(/<link rel="preload" as="style" crossorigin href="\/assets\/[\w.-]+\.css">/);
    for (const href of preloads) expect((await raw(href)).status).toBe(200);
    // Still the shell the browser draws, its own script loading at once
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(html).toContain('<div id="root"></div>');
  });

  it('given the checkout, its shell preloads none of the admin', async () => {
    const html = await (await raw('/checkout')).text();
    expect(html).not.toMatch(/admin\.route|admin-(orders|products|shipping|analytics|backups|system)-/);
  });

  it.each(['/no-such-page', '/shop/no-such-beer', '/shop/secret-draft-saison', '/index.html'])(
    'given %s, the answer is 404 with the Page Not Found page',
    async (path) => {
      const res = await raw(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Page Not Found');
    },
  );

  it('given addresses that spell a beer through encoded slashes, dot segments or another host, no unknown address ever shows it', async () => {
    const beer = live().find((p) => p.slug === 'kings-park-kolsch') ?? live()[0];
    if (beer === undefined) throw new Error('no beer on sale');
    const tricks = [
      `/%2F%2Fevil.example/shop/${beer.slug}`,
      `//evil.example/shop/${beer.slug}`,
      `/shop/%2e%2e%2f%2e%2e%2fshop%2f${beer.slug}`,
      `/%2e%2e/shop/${beer.slug}%2F`,
      `/\\evil.example/shop/${beer.slug}`,
    ];
    for (const cookie of [undefined, 'age_verified=true']) {
      for (const path of tricks) {
        const res = await sentAsWritten(path, cookie);
        // Never the beer's own content: a 404, or one redirect to a clean address on this shop.
        if (res.status === 301) expect(res.location).toMatch(/^\/(?![/\\])/);
        else expect({ path, status: res.status }).toEqual({ path, status: 404 });
        if (res.status === 404) expect(res.body).toContain('Page Not Found');
        expect(res.body).not.toContain(`/shop/${beer.slug}"`);
      }
      // What came first does not decide what the next unknown address shows.
      for (const path of ['/no-such-page-2', '/shop-typo', '/shop/no-such-beer', '/.env', '/wp-login.php']) {
        const res = await sentAsWritten(path, cookie);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.body).toContain('Page Not Found');
        expect(res.body).not.toContain(`/shop/${beer.slug}"`);
        expect(res.body).not.toContain('rel="canonical"');
      }
    }
  });

  it.each([
    ['/Shop/', '/shop'],
    ['/shop/%71uokka-pale-ale', '/shop/quokka-pale-ale'],
    ['/shop/Quokka-Pale-Ale/?utm_source=x', '/shop/quokka-pale-ale?utm_source=x'],
  ])('given %s, the answer is a 301 to its one address, %s', async (path, location) => {
    const res = await raw(path);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(location);
  });

  it('given the sitemap and robots.txt, they list every beer on sale and keep crawlers out of the private pages', async () => {
    const sitemap = await (await raw('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname).sort();
    expect(locs).toEqual(['/', '/shop', '/club', '/delivery', '/returns', '/privacy', ...live().map((p) => `/shop/${p.slug}`)].sort());
    const robots = await (await raw('/robots.txt')).text();
    for (const path of ['/admin', '/checkout', '/order-success', '/order-status', '/club/manage'])
      expect(robots).toContain(`Disallow: ${path}`);
    expect(robots).toMatch(/^Sitemap: .*\/sitemap\.xml$/m);
  });

  it('given a renamed beer, its old address redirects to its new page, whose JSON-LD offer matches the product', async () => {
    const beer = live().find((p) => p.name === 'Kings Park Kolsch') ?? live()[0];
    if (beer === undefined) throw new Error('no live beer');
    const full = await server.api<Record<string, unknown>[]>('GET', '/api/admin/products', undefined, token);
    const current = full.find((p) => p['id'] === beer.id) ?? {};
    const form = Object.fromEntries(
      [
        'name',
        'style',
        'description',
        'abv',
        'beerType',
        'imageUrl',
        'inventory',
        'isActive',
        'archived',
        'price',
        'price4Pack',
        'price8Pack',
        'price16Pack',
        'enable4Pack',
        'enable8Pack',
        'enable16Pack',
      ].map((key) => [key, current[key]]),
    );
    await server.api('PUT', `/api/admin/products/${beer.id}`, { ...form, name: `${beer.name} Reserve` }, token);
    const moved = await raw(`/shop/${beer.slug}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/shop/${beer.slug}-reserve`);
    const page = await raw(`/shop/${beer.slug}-reserve`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as {
      name: string;
      offers: { price: string; priceCurrency: string };
    };
    expect(ld.name).toBe(`${beer.name} Reserve`);
    expect(ld.offers).toMatchObject({ price: current['price'], priceCurrency: 'AUD' });
    expect(html).toContain(`<link rel="canonical" href="${server.url.replace('127.0.0.1', 'localhost')}/shop/${beer.slug}-reserve"/>`);
  });

  it.each([
    ['adult', '/shop?x=1', 303, '/shop?x=1', true],
    ['adult', '//evil.example/', 303, '/', true],
    ['minor', '/shop', 303, 'https://www.google.com', false],
  ])(
    'given the gate answered %s before the script ran (return %s), the server answers %i to %s',
    async (answer, back, status, location, cookie) => {
      const res = await raw('/age-check', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ answer, return: back }).toString(),
      });
      expect(res.status).toBe(status);
      expect(res.headers.get('location')).toBe(location);
      expect((res.headers.get('set-cookie') ?? '').includes('age_verified=true')).toBe(cookie);
    },
  );

  it('given a phone, the home page, the shop and a beer page hydrate without a warning, and a first visit answers the gate', async () => {
    const context = await newShopContext(browser, server.url, { viewport: 'phone' });
    const page = await context.newPage();
    const problems = consoleProblems(page);
    await page.goto('/');
    await page.getByRole('dialog', { name: 'Are you 18 or older?' }).waitFor();
    await page.getByRole('button', { name: "Yes, I'm 18 or older" }).click();
    expect((await context.cookies()).find((c) => c.name === 'age_verified')?.value).toBe('true');
    // The next page's HTML comes without the gate.
    const html = await (await page.request.get('/shop')).text();
    expect(html).not.toContain('Are you 18 or older?');
    await page.goto('/shop');
    await page.getByRole('article', { name: 'Quokka Pale Ale' }).waitFor();
    await page.goto('/shop/quokka-pale-ale');
    await page.getByRole('heading', { level: 1, name: 'Quokka Pale Ale' }).waitFor();
    await screenshot(page, 'beer-page-mobile');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('given the admin and the order status page opened first, the public pages keep their colours and a focused link its ring', async () => {
    const context = await newShopContext(browser, server.url, { ageVerified: true });
    const page = await context.newPage();
    const colourOf = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).color);
    const deliveryLink = () => page.locator('main').getByRole('link', { name: 'order status' });
    await page.goto('/');
    const icon = await colourOf('.home-hops__icon');
    await page.goto('/delivery');
    const link = await deliveryLink().evaluate((el) => getComputedStyle(el).color);
    expect([icon, link]).toEqual(['rgb(11, 79, 92)', 'rgb(11, 79, 92)']);

    // The admin brings antd's whole sheet, the order status page antd's own styles; both stay in the document.
    await page.goto('/admin');
    await page.getByLabel('Password').waitFor();
    await page.locator('footer').getByRole('link', { name: 'Order status', exact: true }).click();
    await page.waitForURL('**/order-status');
    await page.locator('header').getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await colourOf('.home-hops__icon')).toBe(icon);
    await page.locator('footer').getByRole('link', { name: 'Delivery', exact: true }).click();
    await page.waitForURL('**/delivery');
    expect(await deliveryLink().evaluate((el) => getComputedStyle(el).color)).toBe(link);
    // Reached by the keyboard, the link shows its focus ring.
    await deliveryLink().focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await deliveryLink().evaluate((el) => [el === document.activeElement, getComputedStyle(el).outlineStyle])).toEqual([
      true,
      'solid',
    ]);
    await context.close();
  });

  it('given a scrolled shop on a phone, opening a beer starts its page at the top with focus on its name', async () => {
    const context = await newShopContext(browser, server.url, { viewport: 'phone', ageVerified: true });
    const page = await context.newPage();
    await page.goto('/shop');
    const link = page.getByRole('article', { name: 'Swan Valley Lager' }).getByRole('link', { name: 'Swan Valley Lager' });
    await link.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await link.click();
    const heading = page.getByRole('heading', { level: 1, name: 'Swan Valley Lager' });
    await heading.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.title()).toMatch(/^Swan Valley Lager: /);
    await context.close();
  });

  it('given the menu open on a phone, Escape closes it with focus back on its button, and so does a tap outside', async () => {
    const context = await newShopContext(browser, server.url, { viewport: 'phone', ageVerified: true });
    const page = await context.newPage();
    await page.goto('/shop');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Shop' }).waitFor({ state: 'visible' });
    // Focus moves into the menu, so Tab walks its links.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Home');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Shop');
    const closeIcon = page.getByRole('button', { name: 'Close menu' });
    // The close control is drawn light on the dark header.
    expect(await closeIcon.evaluate((button) => getComputedStyle(button).color)).toBe('rgb(250, 246, 238)');
    await page.keyboard.press('Escape');
    await nav.getByRole('link', { name: 'Shop' }).waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Shop' }).waitFor({ state: 'visible' });
    await page.mouse.click(195, 600);
    await nav.getByRole('link', { name: 'Shop' }).waitFor({ state: 'hidden' });
    await context.close();
  });

  it('given a beer page, Add to Pack counts what the pack already holds against the stock', async () => {
    const context = await newShopContext(browser, server.url, { viewport: 'phone', ageVerified: true });
    const page = await context.newPage();
    const listing = (await (await raw('/api/products')).json()) as { slug: string; name: string; inventory: number }[];
    const low = listing.filter((p) => p.inventory > 0 && p.inventory < 10).sort((a, b) => a.inventory - b.inventory)[0];
    if (low === undefined) throw new Error('the seeded range has no low-stock beer');
    await page.goto(`/shop/${low.slug}`);
    const increase = page.getByRole('button', { name: `Increase ${low.name} quantity` });
    for (let i = 0; i < low.inventory; i += 1) await increase.click();
    expect(await increase.isDisabled()).toBe(true);
    await page.getByRole('button', { name: `Add to Pack: ${low.name}` }).click();
    await page.getByText(`${low.inventory} in pack`).waitFor();
    // Every can in stock is in the pack: nothing more can be chosen, here or on the shop's card.
    expect(await increase.isDisabled()).toBe(true);
    await page.goto('/shop');
    expect(
      await page
        .getByRole('article', { name: low.name })
        .getByRole('button', { name: `Increase ${low.name} quantity` })
        .isDisabled(),
    ).toBe(true);
    await context.close();
  });
});
