import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { describeInBrowser, launchChromium, newShopContext } from './support/browser';
import { seededFourPackBeer, startShopServer, type ShopServer } from '../support/shop-server';
import { tapFromFirstPaint } from '../support/early-taps';

jest.setTimeout(180_000);

/**
 * The shop as a phone meets it. A customer on a slow phone taps as soon as the page shows, seconds before its code has taken over: 4 Pack,
 * "+", Add to Pack and the cart, 150 ms apart. Every tap must take effect, none wrongly (the bench measures the
 * same run: `npm run bench -- frontend`).
 */
describeInBrowser('the phone shop: taps from the first paint, toasts, the state select, the pack’s helper text', () => {
  let server: ShopServer;
  let browser: Browser;
  let beer: { name: string; slug: string };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'early-taps' }), launchChromium()]);
    beer = await seededFourPackBeer(server);
  });
  /** A returning adult's phone whose pack holds one 4 Pack of the beer. */
  const phoneWithFourPack = async () => {
    const context = await newShopContext(browser, server.url, { viewport: 'phone', ageVerified: true });
    await context.addInitScript((line) => window.localStorage.setItem('cart', JSON.stringify([line])), {
      productId: `seed-${beer.slug}`,
      name: beer.name,
      price: 6,
      quantity: 4,
      packSize: '4pack',
      packQuantity: 4,
      imageUrl: '',
    });
    return context;
  };

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

  it.each([
    { held: 'upright', size: { width: 390, height: 844 } },
    { held: 'sideways', size: { width: 640, height: 360 } },
    { held: 'sideways (small)', size: { width: 568, height: 320 } },
  ])(
    'given a phone held $held, when a pack is added and the drawer opened, then no toast covers the subtotal or Proceed to Checkout',
    async ({ size }) => {
      const context = await newShopContext(browser, server.url, { viewport: 'phone', ageVerified: true });
      try {
        const page = await context.newPage();
        await page.setViewportSize(size);
        await page.goto(`/shop/${beer.slug}`);
        await page.locator('main').locator('label', { hasText: '4 Pack' }).first().click();
        await page
          .getByRole('button', { name: /^Increase/ })
          .first()
          .click();
        await page
          .getByRole('button', { name: /^Add to Pack/ })
          .first()
          .click();
        const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Added to Pack' });
        await toast.waitFor();
        await page.getByRole('button', { name: /^Your pack/ }).click();
        const proceed = page.getByRole('dialog').getByRole('button', { name: 'Proceed to Checkout' });
        await proceed.waitFor();
        await page.waitForTimeout(400);
        const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
          a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        const proceedBox = await proceed.boundingBox();
        const subtotalBox = await page
          .getByRole('dialog')
          .getByText(/Subtotal/)
          .first()
          .boundingBox();
        for (const notice of await page.locator('.ant-notification-notice').all()) {
          const toastBox = await notice.boundingBox();
          for (const box of [proceedBox, subtotalBox]) {
            expect(box).not.toBeNull();
            if (toastBox !== null && box !== null) expect(overlaps(toastBox, box)).toBe(false);
          }
        }
      } finally {
        await context.close();
      }
    },
  );

  it.each([
    ['WA', 'WA'],
    ['vic', 'VIC'],
    ['t', 'TAS'],
    ['Western', 'WA'],
  ])('given "%s" typed in the State select then Enter, then %s is chosen', async (typed, chosen) => {
    const context = await phoneWithFourPack();
    try {
      const page = await context.newPage();
      await page.goto('/checkout');
      const state = page.getByRole('combobox', { name: 'State' });
      await state.click();
      await page.keyboard.type(typed);
      await page.keyboard.press('Enter');
      await expect(page.locator('.ant-select').filter({ has: state }).textContent()).resolves.toBe(chosen);
    } finally {
      await context.close();
    }
  });

  it('given a pack that needs cans at 320 px, then its helper text is read whole', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 320, height: 640 } });
    try {
      await context.addInitScript(
        (line) => {
          window.localStorage.setItem('ageVerified', 'true');
          window.localStorage.setItem('cart', JSON.stringify([line]));
        },
        { productId: `seed-${beer.slug}`, name: beer.name, price: 6, quantity: 1, packSize: 'single', packQuantity: 1, imageUrl: '' },
      );
      await context.addCookies([{ name: 'age_verified', value: 'true', url: server.url }]);
      const page = await context.newPage();
      await page.goto('/shop');
      await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
      const helper = page.locator('.pack-progress__helper');
      await expect(helper.textContent()).resolves.toMatch(/^Add 3 more cans/);
      // Nothing cut: the text fits its box.
      expect(await helper.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('given Proceed to Checkout pressed from the keyboard in the drawer, then focus lands on the Checkout heading and stays there', async () => {
    const context = await phoneWithFourPack();
    try {
      const page = await context.newPage();
      await page.goto('/shop');
      await page.getByRole('button', { name: /^Your pack/ }).click();
      const proceed = page.getByRole('dialog').getByRole('button', { name: 'Proceed to Checkout' });
      await proceed.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/checkout$/);
      // The drawer's closing animation ends after the page has changed: focus must not go back to the cart then.
      await page.waitForTimeout(1000);
      expect(await page.evaluate(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent)).toBe('Checkout');
    } finally {
      await context.close();
    }
  });
});
