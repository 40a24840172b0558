import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, launchChromium, newShopContext, screenshot } from './support/browser';
import { startShopServer, type ShopServer } from '../support/shop-server';

jest.setTimeout(180_000);

const beer = (name: string, changes: Record<string, unknown>): Record<string, unknown> => ({
  name,
  style: 'Imperial Stout',
  description: `${name}, once a year.`,
  abv: 9.5,
  price: '9.00',
  price4Pack: '34.00',
  inventory: 48,
  imageUrl: '/cans/karri-forest-stout.svg',
  enable4Pack: true,
  enable8Pack: false,
  enable16Pack: false,
  isActive: true,
  archived: false,
  maxPerOrder: 8,
  ...changes,
});

async function fitsTheScreen(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

/** The confirmation link in the e-mail the shop wrote to its outbox for `to` (quoted-printable decoded), once written. */
async function confirmationLink(dataDir: string, to: string): Promise<string> {
  for (let tries = 0; ; tries++) {
    const outbox = join(dataDir, 'outbox');
    for (const file of readdirSync(outbox).filter((name) => name.startsWith('back-in-stock-confirm-'))) {
      const text = readFileSync(join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const link = /Confirm it's you and we'll tell you once: (\S+)/.exec(text)?.[1];
      if (text.includes(`To: ${to}`) && link !== undefined) return link.slice(link.indexOf('/api/'));
    }
    if (tries > 100) throw new Error(`no confirmation e-mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeInBrowser('release day in the shop: a countdown that opens by itself, and "Tell me when it\'s back"', () => {
  let server: ShopServer;
  let browser: Browser;
  let context: BrowserContext;
  let token: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'release-day' }), launchChromium()]);
    token = await server.adminToken();
    await server.api('POST', '/api/admin/products', beer('Sold Out Saison', { inventory: 0 }), token);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it.each([
    ['phone', 390],
    ['desktop', 1440],
  ] as const)(
    '%s (%i px): the beer shows when it releases and counts down, no add button; at the time the add button appears without a reload',
    async (viewport, _width) => {
      const name = `Countdown Stout ${viewport}`;
      const releaseAt = new Date(Date.now() + 8_000).toISOString();
      await server.api('POST', '/api/admin/products', beer(name, { releaseAt }), token);
      context = await newShopContext(browser, server.url, { viewport, ageVerified: true });
      const page = await context.newPage();
      await page.goto('/shop');
      const card = page.getByRole('article', { name });
      await card.getByText(/^Releasing \w+day \d{1,2}:\d{2} (am|pm) \(Perth time\)$/).waitFor();
      await card
        .getByRole('timer')
        .filter({ hasText: /^00:00:0\d$/ })
        .waitFor();
      expect(await card.getByRole('button', { name: `Add to Pack: ${name}` }).count()).toBe(0);
      await fitsTheScreen(page);
      await screenshot(page, `release-countdown-${viewport}`, { fullPage: false });

      // No reload: the page opens the beer at its time
      await card.getByRole('button', { name: `Add to Pack: ${name}` }).waitFor({ timeout: 15_000 });
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(releaseAt));
      await card.getByText('On sale now').waitFor();
      await card.getByRole('radio', { name: /^4 Pack / }).check();
      await card.getByRole('button', { name: `Increase ${name} quantity` }).click();
      await card.getByRole('button', { name: `Add to Pack: ${name}` }).click();
      await page.getByRole('button', { name: 'Your pack, 4 cans' }).waitFor();
      await context.close();
    },
  );

  it('on a phone, a sold-out beer takes an e-mail address for "Tell me when it\'s back" and asks to confirm it; the link in the e-mail confirms; the operator sees one waiting', async () => {
    context = await newShopContext(browser, server.url, { viewport: 'phone', ageVerified: true });
    const page = await context.newPage();
    await page.goto('/shop');
    const card = page.getByRole('article', { name: 'Sold Out Saison' });
    await card.getByRole('button', { name: "Tell me when it's back: Sold Out Saison" }).click();
    const form = card.getByRole('form', { name: "Tell me when it's back: Sold Out Saison" });
    await form.getByRole('button', { name: 'Notify me' }).click();
    await form.getByRole('alert').waitFor();
    await form.getByLabel('Your e-mail address').fill('saison@example.com');
    await form.getByRole('button', { name: 'Notify me' }).click();
    await card.getByText("Check your inbox to confirm, and we'll e-mail saison@example.com when Sold Out Saison is back.").waitFor();
    await fitsTheScreen(page);
    await screenshot(page, 'notify-me-phone', { fullPage: false });

    // The customer opens the link in the e-mail
    const confirmed = await context.newPage();
    await confirmed.goto(await confirmationLink(server.dataDir, 'saison@example.com'));
    await confirmed.getByRole('button', { name: 'Confirm' }).click();
    await confirmed.getByRole('heading', { name: 'Confirmed' }).waitFor();
    await confirmed.getByText("We'll e-mail saison@example.com once when Sold Out Saison is on sale.").waitFor();

    for (let tries = 0; ; tries++) {
      const products = await server.api<{ name: string; waiting?: number }[]>('GET', '/api/admin/products', undefined, token);
      if (products.find((p) => p.name === 'Sold Out Saison')?.waiting === 1) break;
      if (tries > 100) throw new Error('the waiting address was not counted');
      await new Promise((r) => setTimeout(r, 100));
    }

    // The operator, on the same phone, opens the beer's waiting list from its card
    await context.addInitScript((value) => window.localStorage.setItem('adminToken', value), token);
    const admin = await context.newPage();
    await admin.goto('/admin');
    await admin.getByRole('tab', { name: 'Products' }).click();
    await admin.getByRole('button', { name: 'Waiting list for Sold Out Saison: 1 waiting' }).click();
    const list = admin.getByRole('region', { name: 'Waiting list: Sold Out Saison' });
    await list.getByText('1 confirmed of 500 · 0 pending').waitFor();
    const entry = list.getByRole('article', { name: 'saison@example.com' });
    await entry.getByText('Confirmed', { exact: true }).first().waitFor();
    await entry.getByRole('button', { name: 'Remove saison@example.com' }).waitFor();
    await list.getByRole('button', { name: /Export CSV/ }).waitFor();
    await fitsTheScreen(admin);
    await screenshot(admin, 'waiting-list-phone', { fullPage: false });
  });
});
