import { isDeepStrictEqual } from 'node:util';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describeInBrowser, launchChromium, newShopContext, screenshot } from './support/browser';
import { startShopServer, type ShopServer } from '../support/shop-server';

jest.setTimeout(120_000);

interface ShopProduct {
  id: string;
  name: string;
}

const UNDERAGE_ALERT = 'You must be 18 years or older to access this website.';
/** Code only the checkout and order result pages need; the shop must never download it. */
const CHECKOUT_CODE = /\/assets\/(checkout\.route|order-success\.route|stripe-payment-form)-|stripe\.com/;

/** Reads until the value settles on what is expected (the cart reprices itself after half a second). */
async function eventually<T>(read: () => Promise<T> | T, expected: T, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!isDeepStrictEqual(value, expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  expect(value).toEqual(expected);
}

function card(page: Page, name: string): Locator {
  return page.getByRole('article', { name });
}

/** Picks a pack size on a product card, steps the count up and adds it, as a customer does. */
async function addToPack(
  page: Page,
  name: string,
  packLabel: 'Single Can' | '4 Pack' | '8 Pack' | '16 Pack',
  count: number,
): Promise<void> {
  const product = card(page, name);
  await product.getByRole('radio', { name: new RegExp(`^${packLabel} `) }).check();
  for (let i = 0; i < count; i += 1) await product.getByRole('button', { name: `Increase ${name} quantity` }).click();
  await product.getByRole('button', { name: `Add to Pack: ${name}` }).click();
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-notification-notice').getByText(text, { exact: true }).waitFor();
}

async function cartButton(page: Page, cans: number): Promise<Locator> {
  const button = page.getByRole('button', { name: `Your pack, ${cans} ${cans === 1 ? 'can' : 'cans'}` });
  await button.waitFor();
  return button;
}

async function openDrawer(page: Page, cans: number): Promise<Locator> {
  await (await cartButton(page, cans)).click();
  const drawer = page.getByRole('dialog', { name: 'Your Pack' });
  await drawer.waitFor();
  return drawer;
}

async function closeDrawer(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close your pack' }).click();
  await page.getByRole('dialog', { name: 'Your Pack' }).waitFor({ state: 'hidden' });
}

/** The lines of the drawer as "name | count text | price", in order. */
async function drawerLines(drawer: Locator): Promise<string[]> {
  return drawer
    .getByRole('list', { name: 'Beers in your pack' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) =>
        ['.cart-drawer__name', '.cart-drawer__count', '.cart-drawer__price']
          .map((selector) => item.querySelector(selector)?.textContent ?? '')
          .join(' | '),
      ),
    );
}

describeInBrowser('shop journeys', () => {
  let server: ShopServer;
  let browser: Browser;
  let products: ShopProduct[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'browser' }), launchChromium()]);
    await server.api('POST', '/api/admin/seed-products', undefined, await server.adminToken());
    products = await server.api<ShopProduct[]>('GET', '/api/products');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe('age gate', () => {
    it('given "No", it alerts that visitors must be 18 and leaves the site', async () => {
      const context = await newShopContext(browser, server.url);
      const page = await context.newPage();
      const leaving: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest() && !request.url().startsWith(server.url)) leaving.push(request.url());
      });
      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.accept();
      });
      await page.goto('/');
      await page.getByRole('dialog', { name: 'Are you 18 or older?' }).waitFor();
      await page.getByRole('button', { name: "No, I'm under 18" }).click();
      await eventually(() => leaving.length > 0, true);
      expect(alerts).toEqual([`alert: ${UNDERAGE_ALERT}`]);
      expect(leaving[0]).toMatch(/^https:\/\/www\.google\.com/);
      // Nothing was remembered: the next visit asks again.
      const again = await context.newPage();
      await again.goto('/');
      await again.getByRole('dialog', { name: 'Are you 18 or older?' }).waitFor();
      expect(await again.evaluate(() => localStorage.getItem('ageVerified'))).toBeNull();
      await context.close();
    });

    it('given "Yes", it closes and is remembered after a reload', async () => {
      const context = await newShopContext(browser, server.url, { viewport: 'mobile' });
      const page = await context.newPage();
      await page.goto('/');
      const gate = page.getByRole('dialog', { name: 'Are you 18 or older?' });
      await gate.waitFor();
      await screenshot(page, 'age-gate-mobile');
      await page.getByRole('button', { name: "Yes, I'm 18 or older" }).click();
      await gate.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => localStorage.getItem('ageVerified'))).toBe('true');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Craft Excellence In Every Can' }).waitFor();
      // Give the gate every chance to come back before saying it did not.
      await page.waitForTimeout(500);
      expect(await gate.isVisible()).toBe(false);
      await context.close();
    });
  });

  describe('a customer building a pack', () => {
    let context: BrowserContext;
    let page: Page;
    const scripts: string[] = [];

    beforeAll(async () => {
      context = await newShopContext(browser, server.url, { viewport: 'desktop', ageVerified: true });
      page = await context.newPage();
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
    });

    afterAll(async () => {
      await context?.close();
    });

    it('shows the home page, and neither it nor the shop downloads checkout or Stripe code', async () => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Craft Excellence In Every Can' }).waitFor();
      await page.getByRole('link', { name: 'Shop Now' }).click();
      await page.getByRole('heading', { level: 1, name: 'Our Craft Collection' }).waitFor();
      await card(page, 'Quokka Pale Ale').waitFor();
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((url) => CHECKOUT_CODE.test(url))).toEqual([]);
    });

    it('lists every seeded beer that is on sale', async () => {
      expect(products.length).toBeGreaterThanOrEqual(6);
      const names = await page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
      expect(names.sort()).toEqual(products.map((p) => p.name).sort());
      await page.getByText('Add cans to your pack to enable checkout').waitFor();
      expect(await page.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled()).toBe(true);
    });

    it('adds two 4-packs with a toast and counts 8 cans in the header', async () => {
      await addToPack(page, 'Quokka Pale Ale', '4 Pack', 2);
      await toast(page, '2 Quokka Pale Ale (4-pack) added to your pack');
      await cartButton(page, 8);
      await card(page, 'Quokka Pale Ale').getByText('8 in pack').waitFor();
      await page.getByText('Ready for checkout!').waitFor();
    });

    it('reprices 5 single cans into a 4-pack and a single, and advises on 13 cans', async () => {
      await addToPack(page, 'Fremantle Doctor XPA', 'Single Can', 5);
      await toast(page, '5 Fremantle Doctor XPA (can) added to your pack');
      const drawer = await openDrawer(page, 13);
      // About half a second after the change, the singles become the cheaper 4-pack plus one can.
      await eventually(
        () => drawerLines(drawer),
        [
          'Quokka Pale Ale | 2 4-packs (8 cans) | $48.00',
          'Fremantle Doctor XPA | 1 4-pack (4 cans) | $26.00',
          'Fremantle Doctor XPA | 1 single can | $7.00',
        ],
      );
      await drawer.getByText('Optimized pricing: $6.50 per can').waitFor();
      expect(await drawer.getByTestId('cart-total-cans').textContent()).toBe('13');
      expect(await drawer.getByTestId('cart-subtotal').textContent()).toBe('$81.00');
      await drawer.getByText('Remove 5 for 8-pack OR Add 3 for 16-pack', { exact: true }).waitFor();
      await drawer.getByText('+ shipping (calculated at checkout)').waitFor();
      expect(await drawer.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled()).toBe(true);
      await screenshot(page, 'shop-drawer-13-cans-desktop');
      await closeDrawer(page);
      await page.getByText('Add 3 more cans to complete a 16-pack').waitFor();
      expect(await page.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled()).toBe(true);
    });

    it('completes a 16-pack with a valid total and enables checkout', async () => {
      await addToPack(page, 'Fremantle Doctor XPA', 'Single Can', 3);
      const drawer = await openDrawer(page, 16);
      await eventually(
        () => drawerLines(drawer),
        ['Quokka Pale Ale | 2 4-packs (8 cans) | $48.00', 'Fremantle Doctor XPA | 2 4-packs (8 cans) | $52.00'],
      );
      await drawer.getByText('✓ Complete 16-pack').waitFor();
      expect(await drawer.getByTestId('cart-subtotal').textContent()).toBe('$100.00');
      expect(await drawer.getByRole('button', { name: 'Proceed to Checkout' }).isEnabled()).toBe(true);
      await screenshot(page, 'shop-drawer-desktop');
      await closeDrawer(page);
      await page.getByText('Ready for checkout!').waitFor();
    });

    it('keeps the pack across a reload', async () => {
      await page.reload();
      const drawer = await openDrawer(page, 16);
      expect(await drawerLines(drawer)).toEqual([
        'Quokka Pale Ale | 2 4-packs (8 cans) | $48.00',
        'Fremantle Doctor XPA | 2 4-packs (8 cans) | $52.00',
      ]);
      await closeDrawer(page);
    });

    it('opens checkout only while the pack is valid', async () => {
      const checkout = page.getByRole('button', { name: 'Proceed to Checkout' });
      await checkout.click();
      await page.waitForURL('**/checkout');
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();

      await page.goto('/shop');
      const drawer = await openDrawer(page, 16);
      await drawer.getByRole('button', { name: 'Decrease Fremantle Doctor XPA 4-packs' }).click();
      await drawer.getByText('Add 4 for 16-pack', { exact: false }).waitFor();
      expect(await drawer.getByTestId('cart-total-cans').textContent()).toBe('12');
      expect(await drawer.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled()).toBe(true);
      await closeDrawer(page);
      expect(await page.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled()).toBe(true);
    });

    it('shows the 404 page for an unknown path', async () => {
      await page.goto('/no-such-page');
      await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL(`${server.url}/`);
    });
  });

  describe('screenshots', () => {
    it.each(['mobile', 'desktop'] as const)('Home, Shop and the drawer at %s width', async (viewport) => {
      const context = await newShopContext(browser, server.url, { viewport, ageVerified: true });
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Craft Excellence In Every Can' }).waitFor();
      await screenshot(page, `home-${viewport}`);

      await page.goto('/shop');
      await card(page, 'Quokka Pale Ale').waitFor();
      await addToPack(page, 'Quokka Pale Ale', '8 Pack', 1);
      await addToPack(page, 'Swan Valley Lager', '4 Pack', 1);
      await cartButton(page, 12);
      await screenshot(page, `shop-${viewport}`);

      const drawer = await openDrawer(page, 12);
      await drawer.getByText('Remove 4 for 8-pack OR Add 4 for 16-pack').waitFor();
      await screenshot(page, `drawer-${viewport}`, { fullPage: false });
      await context.close();
    });
  });
});
