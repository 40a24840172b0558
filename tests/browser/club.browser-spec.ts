import { isDeepStrictEqual } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { instantToPerthLocal } from '@brewery/shop-rules';
import { chooseOption, describeInBrowser, launchChromium, newShopContext, screenshot } from './support/browser';
import { startShopServer, type ShopServer } from '../support/shop-server';

jest.setTimeout(240_000);

interface SeededBeer {
  id: string;
  name: string;
  inventory: number;
}

/** Reads until the value settles on what is expected (the sweep and the projections answer shortly after). */
async function eventually<T>(read: () => Promise<T> | T, expected: T, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!isDeepStrictEqual(value, expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    value = await read();
  }
  expect(value).toEqual(expected);
}

/** Nothing sticks out sideways: the page is no wider than the screen. */
async function fitsTheScreen(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/**
 * The beer club in the browser: a customer joins on a phone (390 px), saves the local test card and is welcomed; the
 * owner creates a run in the admin Club tab, and the tab shows each run's members as they are charged.
 */
describeInBrowser('the beer club', () => {
  let server: ShopServer;
  let browser: Browser;
  let token: string;
  let beer: SeededBeer;
  let planId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'club', env: { CLUB_SWEEP_INTERVAL_MS: '500' } }), launchChromium()]);
    token = await server.adminToken();
    await server.api('POST', '/api/admin/seed-products', undefined, token);
    const products = await server.api<SeededBeer[]>('GET', '/api/products');
    const found = products.find((product) => product.inventory >= 64);
    if (found === undefined) throw new Error('no seeded beer has 64 cans');
    beer = found;
    planId = (
      await server.api<{ planId: string }>(
        'POST',
        '/api/admin/club/plans',
        { name: 'Monthly Eight', cans: 8, every: 'month', price: '48.00', description: 'Eight cans a month' },
        token,
      )
    ).planId;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a customer joins on a phone: a plan, their details, a card saved with the test card, and a welcome', async () => {
    const context = await newShopContext(browser, server.url, { viewport: 'phone', ageVerified: true });
    const page = await context.newPage();
    await page.goto('/club');
    const plan = page.getByRole('article', { name: 'Monthly Eight' });
    await plan.getByText('Eight cans a month').waitFor();
    await fitsTheScreen(page);
    await plan.getByRole('button', { name: 'Choose Monthly Eight' }).click();

    const form = page.getByRole('form', { name: 'Your details' });
    await form.getByLabel('Full name').fill('Robin Member');
    await form.getByLabel('Email').fill('robin.member@example.com');
    await form.getByLabel('Phone').fill('0412 345 678');
    await form.getByLabel('Street address').fill('5 Hay Street');
    await form.getByLabel('Suburb').fill('Perth');
    await form.getByLabel('Postcode').fill('6000');
    await chooseOption(page, form.getByRole('combobox', { name: 'State' }), 'WA');
    await fitsTheScreen(page);
    await screenshot(page, 'club-join-phone');
    await form.getByRole('button', { name: 'Continue to card' }).click();

    const card = page.getByTestId('club-card');
    await card.getByRole('heading', { name: 'Your card' }).waitFor();
    // A card the bank declines is not saved, and says why.
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByTestId('club-card-submit').click();
    await page.getByTestId('club-card-refusal').getByText('Your card was declined.').waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByTestId('club-card-submit').click();
    const welcome = page.getByTestId('club-welcome');
    await welcome.getByRole('heading', { name: 'You’re in the club, Robin!' }).waitFor({ timeout: 20_000 });
    await fitsTheScreen(page);
    await screenshot(page, 'club-welcome-phone');

    // The member's own page, from the welcome.
    await welcome.getByTestId('club-manage-link').click();
    await page.getByTestId('club-member-status').getByText('Active').waitFor();
    expect(await page.getByTestId('club-member-card').textContent()).toContain('4242');
    await fitsTheScreen(page);
    await context.close();
  });

  it('the owner creates a run in the Club tab, and the tab counts its members as the sweep charges them', async () => {
    const context = await newShopContext(browser, server.url, { viewport: 'desktop' });
    await context.addInitScript(`window.localStorage.setItem('adminToken', ${JSON.stringify(token)})`);
    const page = await context.newPage();
    await page.goto('/admin?tab=club');
    const panel = page.getByRole('tabpanel', { name: 'Club', exact: true });
    const form = panel.getByTestId('club-run-form');
    await chooseOption(page, form.getByRole('combobox', { name: 'Plan' }), 'Monthly Eight (8 cans every month)');
    // Charged a few minutes ahead (the field takes minutes): the run holds the member's cans until then.
    const chargeAt = instantToPerthLocal(new Date(Date.now() + 5 * 60_000).toISOString()).slice(0, 16);
    await form.getByLabel('Charge at (Perth time)').fill(chargeAt);
    await chooseOption(page, form.getByRole('combobox', { name: 'Beer 1' }), beer.name);
    await form.getByLabel('Cans of beer 1').fill('7');
    await form
      .getByTestId('club-run-cans')
      .getByText(/7 of 8 cans/)
      .waitFor();
    await form.getByLabel('Cans of beer 1').fill('8');
    await form.getByRole('button', { name: 'Create run' }).click();
    await page.locator('.ant-notification-notice').getByText('Run created', { exact: true }).waitFor();
    const rows = panel.getByTestId('club-run-row');
    await rows.first().getByTestId('club-run-count-waiting').getByText('1').waitFor();
    await screenshot(page, 'club-admin-runs');

    // A second run charged in two seconds: the sweep charges the member and the tab says so.
    await server.api(
      'POST',
      '/api/admin/club/runs',
      { planId, chargeAt: new Date(Date.now() + 2_000).toISOString(), items: [{ productId: beer.id, quantity: 8 }] },
      token,
    );
    const runs = async () =>
      (await server.api<{ runs: { counts: { charged: number } }[] }>('GET', '/api/admin/club/runs', undefined, token)).runs
        .map((run) => run.counts.charged)
        .sort();
    await eventually(runs, [0, 1]);
    await page.reload();
    await panel.getByTestId('club-run-count-charged').getByText('1', { exact: true }).first().waitFor();
    await context.close();
  });
});
