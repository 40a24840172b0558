// @vitest-environment node
import type { Product, PublicConfig } from '@brewery/shop-rules';
import { describe, expect, it } from 'vitest';
import { productFixture } from '@/testing/product-fixture';
import {
  ADMIN_SHELL_MODULES,
  adminFirstPagePath,
  adminShell,
  markupProducts,
  pageKind,
  renderAdminPage,
  renderShopPage,
  shopDocument,
} from './entry-server';
import { adminOrderFixture, searchPage } from '@/features/admin-orders/admin-order.fixture';
import type { ViteManifest } from './entry-server';
import type { AdminBoot } from '@/shared/api/early-requests';

const config: PublicConfig = {
  brandName: 'Swan & Sand Brewing Co.',
  shopEmail: 'hello@example.com',
  paymentMode: 'test',
  stripePublishableKey: null,
  address: '1 Beach Rd, Perth WA 6000',
  liquorLicence: { number: '6180000000', licenceClass: 'Producer', licensee: 'Swan & Sand', premises: 'Perth' },
  social: [],
};

function beer(name: string, slug: string, fields: Partial<Product> = {}): Product {
  return productFixture({
    id: `id-${slug}`,
    slug,
    name,
    description: `${name}: passionfruit </script><script>alert(1)</script> and stone fruit.`,
    beerType: null,
    imageUrl: `/cans/${slug}.svg`,
    inventory: 200,
    ...fields,
  });
}

const PRODUCTS = [
  beer('Quokka Pale Ale', 'quokka-pale-ale'),
  beer('Karri Forest Stout', 'karri-forest-stout', { inventory: 0 }),
  beer('Old Bay Lager', 'old-bay-lager', { archived: true }),
];
const TEMPLATE =
  '<!doctype html><html lang="en-AU"><head><meta charset="UTF-8" /><meta name="description" content="Template" />' +
  '<title>Template title</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-2.js"><link rel="stylesheet" crossorigin href="/assets/index-3.css">' +
  '</head><body><div id="root"></div></body></html>';

async function page(url: string, options: { products?: Product[]; ageVerified?: boolean } = {}) {
  const products = options.products ?? PRODUCTS;
  const rendered = await renderShopPage({
    url,
    products,
    config,
    ageVerified: options.ageVerified ?? false,
    origin: 'https://shop.example',
  });
  const html = shopDocument(TEMPLATE, rendered, {
    products,
    config,
    ageVerified: options.ageVerified ?? false,
    origin: 'https://shop.example',
  });
  return { status: rendered.status, html, rendered };
}

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  if (match?.[1] === undefined) throw new Error('no JSON-LD in the page');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe('server-rendered pages', () => {
  it.each([
    ['/', 'page'],
    ['/shop', 'page'],
    ['/Shop/', 'page'],
    ['/shop/quokka-pale-ale', 'page'],
    ['/shop/old-bay-lager', 'not-found'],
    ['/shop/no-such-beer', 'not-found'],
    ['/shop/quokka-pale-ale/more', 'not-found'],
    ['/order-success', 'page'],
    ['/order-status', 'page'],
    ['/delivery', 'page'],
    ['/returns', 'page'],
    ['/privacy', 'page'],
    ['/club', 'page'],
    ['/Club/', 'page'],
    ['/club/manage', 'client'],
    ['/club/no-such-page', 'not-found'],
    ['/checkout', 'client'],
    ['/admin', 'client'],
    ['/admin/accept-invite', 'client'],
    ['/admin/reset-password', 'client'],
    ['/Admin/Reset-Password/', 'client'],
    ['/admin/no-such-page', 'not-found'],
    ['/anything-else', 'not-found'],
  ])('%s is a %s', (path, kind) => {
    expect(pageKind(path, PRODUCTS)).toBe(kind);
  });

  it.each([
    {
      path: '/delivery',
      says: ['Delivery', 'Perth metro, any number of cans', '$10.00', 'Tasmania and the Northern Territory', '10-14 business days'],
    },
    { path: '/returns', says: ['Returns &amp; refunds', 'Australian Consumer Law'] },
    { path: '/privacy', says: ['Privacy', 'Australian Privacy Principles'] },
    { path: '/order-status', says: ['Order status', 'Find my order'] },
    { path: '/club', says: ['The beer club', 'Choose a plan', 'href="/club"'] },
  ])('given $path, the server draws the page whole, with the footer linking every help page', async ({ path, says }) => {
    const { status, html } = await page(path);
    expect(status).toBe(200);
    for (const text of says) expect(html).toContain(text);
    for (const link of ['/order-status', '/delivery', '/returns', '/privacy']) expect(html).toContain(`href="${link}"`);
  });

  it('given the shop, its HTML names every beer in the list with a link to each live one, and carries the list for hydration', async () => {
    const { status, html } = await page('/shop');
    expect(status).toBe(200);
    for (const product of PRODUCTS) expect(html).toContain(`>${product.name}<`);
    expect(html).toContain('href="/shop/quokka-pale-ale"');
    expect(html).not.toContain('href="/shop/old-bay-lager"');
    const state = /<script type="application\/json" id="shop-state">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect((JSON.parse(state) as { products: Product[] }).products.map((p) => p.id)).toEqual(PRODUCTS.map((p) => p.id));
  });

  it('given a description holding a closing script tag, nothing in the page runs it', async () => {
    const { html } = await page('/shop/quokka-pale-ale');
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('given a beer, its page has its own title, description, canonical link, share tags and schema.org Product with an AUD Offer', async () => {
    const { status, html } = await page('/shop/quokka-pale-ale');
    expect(status).toBe(200);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Quokka Pale Ale: Pale Ale, 4.8% ABV | Swan &amp; Sand Brewing Co.</title>');
    expect(head).not.toContain('Template title');
    expect(head).toContain('<link rel="canonical" href="https://shop.example/shop/quokka-pale-ale"/>');
    expect(head).toContain('<meta property="og:image" content="https://shop.example/cans/quokka-pale-ale.svg"/>');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(head).toMatch(/<meta name="description" content="Quokka Pale Ale: passionfruit/);
    expect(jsonLd(html)).toMatchObject({
      '@type': 'Product',
      name: 'Quokka Pale Ale',
      sku: 'id-quokka-pale-ale',
      offers: {
        '@type': 'Offer',
        priceCurrency: 'AUD',
        price: '6.50',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example/shop/quokka-pale-ale',
      },
    });
  });

  it('given a beer with no stock, its offer says out of stock', async () => {
    const { html } = await page('/shop/karri-forest-stout');
    expect(jsonLd(html)).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
  });

  it.each(['/shop/old-bay-lager', '/shop/no-such-beer', '/no-such-page'])(
    'given %s, the answer is 404 with the Page Not Found page, kept out of search',
    async (url) => {
      const { status, html } = await page(url);
      expect(status).toBe(404);
      expect(html).toContain('Page Not Found');
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    },
  );

  it('given a first visit, the HTML holds the age gate; given the cookie, it does not', async () => {
    expect((await page('/shop')).html).toContain('Are you 18 or older?');
    expect((await page('/shop', { ageVerified: true })).html).not.toContain('Are you 18 or older?');
  });

  it('given stock moving above a 16-pack, the markup is the same: a render is reused until what it shows changes', async () => {
    const at = (inventory: number) => markupProducts(PRODUCTS.map((p) => ({ ...p, inventory: p.inventory === 0 ? 0 : inventory })));
    const first = await renderShopPage({ url: '/shop', products: at(500), config, ageVerified: false, origin: 'https://shop.example' });
    const second = await renderShopPage({ url: '/shop', products: at(17), config, ageVerified: false, origin: 'https://shop.example' });
    expect(second.parts.body).toBe(first.parts.body);
    const low = await renderShopPage({ url: '/shop', products: at(3), config, ageVerified: false, origin: 'https://shop.example' });
    expect(low.parts.body).not.toBe(first.parts.body);
    expect(low.parts.body).toContain('LOW STOCK');
  });

  it('given the template, its scripts are fetched with the page but run after the first paint (boot.js); nothing blocks rendering but CSS', async () => {
    const { html } = await page('/');
    expect(html).not.toMatch(/<script type="module"/);
    const head = html.slice(0, html.indexOf('</head>'));
    expect([...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])).toEqual([
      '/assets/index-1.js',
      '/assets/react-2.js',
    ]);
    expect(html).toContain('<script src="/boot.js" defer></script>');
    const boot = JSON.parse(/<script type="application\/json" id="shop-boot">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as {
      entry: string;
    };
    expect(boot).toEqual({ entry: '/assets/index-1.js' });
  });

  it.each(['/', '/shop', '/shop/quokka-pale-ale', '/delivery', '/no-such-page'])(
    'given %s, a page drawn without antd, no style is inlined: its CSS is the stylesheet every page shares',
    async (path) => {
      const { html } = await page(path, { ageVerified: true });
      expect(html).not.toContain('<style');
      expect(html).not.toMatch(/class="[^"]*\bant-/);
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    },
  );

  it("given a page drawn with antd (the order status), inlines antd's styles of that page only, before the shop's stylesheets", async () => {
    const { html } = await page('/shop', { ageVerified: true });
    const status = (await page('/order-status')).html;
    expect(status).toMatch(/class="[^"]*\bant-/);
    expect(status.indexOf('data-css-hash')).toBeGreaterThan(-1);
    expect(status.indexOf('data-css-hash')).toBeLessThan(status.indexOf('/assets/index-3.css'));
    // Drawing the order status after the shop left the shop's page as it was, and the reverse holds too.
    expect((await page('/shop', { ageVerified: true })).html).toBe(html);
  });
});

describe('the admin shell', () => {
  const MANIFEST: ViteManifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'], css: ['assets/index-3.css'] },
    '_react.js': { file: 'assets/react-2.js' },
    '_table.js': { file: 'assets/table-4.js', imports: ['_react.js'] },
    'src/app/routes/admin.route.tsx': { file: 'assets/admin.route-5.js', imports: ['_react.js'], css: ['assets/admin-6.css'] },
    'src/features/admin-orders/index.ts': { file: 'assets/admin-orders-7.js', imports: ['_table.js'], css: ['assets/admin-orders-8.css'] },
    'src/features/admin-products/index.ts': { file: 'assets/admin-products-9.js', imports: ['_react.js'] },
  };
  const links = (html: string | null) =>
    [...(html ?? '').matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)">/g)].map((m) => m[2]);
  /** What the shell preloads beyond the template's own. */
  const preloads = (html: string | null) => links(html).filter((href) => !links(TEMPLATE).includes(href));

  it('given an order tab in the address, preloads the page, the tab and what they import, less what the entry loads', () => {
    const html = adminShell(TEMPLATE, '/admin?tab=active-orders&q=Zara', MANIFEST);
    expect(preloads(html)).toEqual([
      '/assets/admin.route-5.js',
      '/assets/admin-orders-7.js',
      '/assets/table-4.js',
      '/assets/admin-6.css',
      '/assets/admin-orders-8.css',
    ]);
    // The shell's own entry still loads at once
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/admin-6.css">');
  });

  it.each(['/admin', '/Admin/', '/admin?tab=no-such-tab', '/admin?tab=products'])('given %s, preloads the Products tab', (url) => {
    expect(preloads(adminShell(TEMPLATE, url, MANIFEST))).toContain('/assets/admin-products-9.js');
  });

  it.each(['/', '/checkout', '/administrator', '/shop/admin', '/admin/accept-invite?token=t', '/admin/reset-password?token=t'])(
    'given %s, there is no admin shell',
    (url) => {
      expect(adminShell(TEMPLATE, url, MANIFEST)).toBeNull();
    },
  );

  it('given no manifest, the shell preloads nothing', () => {
    expect(preloads(adminShell(TEMPLATE, '/admin', undefined))).toEqual([]);
  });

  const bootOf = (html: string | null) => {
    const data = /<script type="application\/json" id="admin-boot">(.*?)<\/script>/s.exec(html ?? '')?.[1];
    return data === undefined ? null : (JSON.parse(data) as AdminBoot);
  };

  it("given an order tab with filters, lists the token's check and that tab's first page for the boot script, which runs before the shop's own", () => {
    const html = adminShell(TEMPLATE, '/admin?tab=pending-orders&q=Zara%20Q&sort=total&page=2&pageSize=50', MANIFEST) ?? '';
    expect(bootOf(html)).toEqual({
      tokenKey: 'adminToken',
      requests: ['/api/admin/verify', '/api/admin/orders/search?q=Zara+Q&status=pending&sort=total&page=2&pageSize=50'],
    });
    expect(html.indexOf('<script src="/admin-boot.js" defer></script>')).toBeGreaterThan(-1);
    expect(html.indexOf('<script src="/admin-boot.js" defer></script>')).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it("given the shop's configuration, carries it for the header and footer, safe inside the script element", () => {
    const risky = { ...config, brandName: 'Swan </script><script>alert(1)</script> & Sand' };
    const html = adminShell(TEMPLATE, '/admin', MANIFEST, risky) ?? '';
    expect(html).not.toContain('</script><script>alert(1)');
    expect(bootOf(html)?.config).toEqual(risky);
  });

  it.each(['/admin', '/admin?tab=products', '/admin?tab=system&q=x'])('given %s, lists only the token check', (url) => {
    expect(bootOf(adminShell(TEMPLATE, url, MANIFEST))).toEqual({ tokenKey: 'adminToken', requests: ['/api/admin/verify'] });
  });

  it("names modules that exist: the admin's page and every tab", () => {
    const real = adminShell(TEMPLATE, '/admin', {
      'src/app/routes/admin.route.tsx': { file: 'assets/a.js' },
      'src/features/admin-products/index.ts': { file: 'assets/b.js' },
    });
    expect(preloads(real)).toEqual(['/assets/a.js', '/assets/b.js']);
    const sources = Object.keys(import.meta.glob(['/src/app/routes/*.tsx', '/src/features/*/index.ts']));
    for (const module of ADMIN_SHELL_MODULES) expect(sources).toContain(`/${module}`);
  });
});

describe("the admin's order tab drawn on the server", () => {
  const MANIFEST: ViteManifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'], css: ['assets/index-3.css'] },
    '_react.js': { file: 'assets/react-2.js' },
    'src/app/routes/admin.route.tsx': { file: 'assets/admin.route-5.js', imports: ['_react.js'], css: ['assets/antd-6.css'] },
    'src/features/admin-orders/index.ts': { file: 'assets/admin-orders-7.js', css: ['assets/admin-orders-8.css'] },
  };
  const firstPage = searchPage([
    adminOrderFixture({ id: '7', number: 7, customerName: 'Zara </script><script>alert(1)</script> Quinn' }),
    adminOrderFixture({ id: '6', number: 6, customerName: 'Ada Brewer' }),
  ]);
  const draw = (url: string, ageVerified = true) =>
    renderAdminPage({
      template: TEMPLATE,
      url,
      manifest: MANIFEST,
      config,
      products: PRODUCTS,
      ageVerified,
      origin: 'https://shop.example',
      firstPage,
    });
  const bootOf = (html: string | null) => {
    const data = /<script type="application\/json" id="admin-boot">(.*?)<\/script>/s.exec(html ?? '')?.[1];
    return data === undefined ? null : (JSON.parse(data) as AdminBoot);
  };

  it.each([
    [
      '/admin?tab=active-orders',
      '/api/admin/orders/search?status=paid&status=packed_awaiting_pickup&status=shipped&status=delivered&status=cancelled&sort=-createdAt&page=1&pageSize=25',
    ],
    ['/admin?tab=pending-orders&q=Zara&page=2', '/api/admin/orders/search?q=Zara&status=pending&sort=-createdAt&page=2&pageSize=25'],
    ['/admin?tab=products', null],
    ['/admin', null],
    ['/shop?tab=active-orders', null],
  ])('given %s, the first page to ask for is %s', (url, path) => {
    expect(adminFirstPagePath(url)).toBe(path);
  });

  it('given the first page, draws the dashboard with the tab and a row for each order, its stylesheets linked', async () => {
    const html = (await draw('/admin?tab=active-orders')) ?? '';
    const root = /<div id="root">(.*)<\/div>\s*<\/body>/s.exec(html)?.[1] ?? '';
    expect(root).toContain('Admin Dashboard');
    expect(root).toContain('Active Orders');
    expect([...root.matchAll(/data-row-key="([^"]+)"/g)].map((m) => m[1])).toEqual(['7', '6']);
    expect(root).toContain('Ada Brewer');
    expect(root).toContain('elementtiming="first-order"');
    // Escaped in the markup, and inert inside the boot data.
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/antd-6.css">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/admin-orders-8.css">');
    expect(html).toContain('<title>Admin Dashboard');
    // Never the storefront's hydration state: the admin's code takes the page over from the boot data.
    expect(html).not.toContain('id="shop-state"');
  });

  it("given an operator who never answered the shop's 18+ question, draws the dashboard without the age gate, nothing inert", async () => {
    const root = /<div id="root">(.*)<\/div>\s*<\/body>/s.exec((await draw('/admin?tab=active-orders', false)) ?? '')?.[1] ?? '';
    expect(root).toContain('Admin Dashboard');
    expect(root).not.toContain('Are you 18 or older?');
    expect(root).not.toContain('inert');
  });

  it("carries the first page for the browser's first render, and asks only the stored token's check", async () => {
    const boot = bootOf(await draw('/admin?tab=active-orders'));
    expect(boot).toEqual({
      tokenKey: 'adminToken',
      requests: ['/api/admin/verify'],
      config,
      drawn: { firstPage, ageVerified: true, origin: 'https://shop.example' },
    });
  });

  it.each(['/admin?tab=products', '/admin', '/admin?tab=system'])('given %s, draws nothing (the plain shell goes)', async (url) => {
    expect(await draw(url)).toBeNull();
  });
});
