import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { chooseOption, describeInBrowser, launchChromium, newShopContext, screenshot } from './support/browser';
import { BROWSER_ADMIN_PASSWORD, startShopServer, type ShopServer } from '../support/shop-server';

jest.setTimeout(180_000);

interface ShopProduct {
  id: string;
  name: string;
  price: string;
  price4Pack: string | null;
  enable4Pack: boolean;
}

interface CheckoutAnswer {
  clientSecret: string;
  paymentIntentId: string;
  orderId: string;
}

interface AdminOrder {
  id: string;
  status: string;
  refundedAmount?: string;
}

const PLACES = [
  ['Perth', '6000', 'WA'],
  ['Fremantle', '6160', 'WA'],
  ['Newtown', '2042', 'NSW'],
] as const;

/** Pages a PDF declares (PDFKit writes its page objects uncompressed). */
function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

describeInBrowser("the operator's week: many orders, dispatch in bulk, refunds, pictures, logging out", () => {
  let server: ShopServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const paid: CheckoutAnswer[] = [];

  async function toast(text: string | RegExp): Promise<void> {
    await page.locator('.ant-notification-notice').getByText(text).first().waitFor();
  }

  const activeOrders = (): Locator => page.getByRole('region', { name: 'Active orders' });
  const rowOf = (orderId: string): Locator =>
    activeOrders()
      .locator('tbody tr')
      .filter({ has: page.locator('.orders-table__order strong', { hasText: new RegExp(`^#${orderId}$`) }) });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'operator-week' }), launchChromium()]);
    token = await server.adminToken();
    // A beer with plenty of cans for the week's orders
    await server.api(
      'POST',
      '/api/admin/products',
      {
        name: 'Dispatch Day Lager',
        style: 'Lager',
        description: 'Brewed for busy weeks.',
        abv: 4.5,
        price: '6.00',
        price4Pack: '22.00',
        inventory: 1000,
        imageUrl: '/cans/swan-valley-lager.svg',
        enable4Pack: true,
        enable8Pack: false,
        enable16Pack: false,
        isActive: true,
        archived: false,
      },
      token,
    );
    const products = (await server.api<ShopProduct[]>('GET', '/api/products')).filter((p) => p.name === 'Dispatch Day Lager');
    // 30 paid orders of one 4-pack each, from customers in three places; order 1's customer is one of a kind
    for (let n = 0; n < 30; n++) {
      const product = products[n % products.length] as ShopProduct;
      const [suburb, postCode, state] = PLACES[n % PLACES.length] as (typeof PLACES)[number];
      const order = await server.api<CheckoutAnswer>('POST', '/api/create-payment-intent', {
        cartItems: [
          { productId: product.id, name: product.name, quantity: 4, price: Number(product.price4Pack), packSize: '4pack', packQuantity: 4 },
        ],
        customerInfo: {
          name: n === 0 ? 'Zara Quokka' : `Customer ${n}`,
          email: `customer${n}@example.com`,
          phone: '0412 345 678',
          addressLine1: `${n + 1} Hay Street`,
          suburb,
          postCode,
          state,
        },
      });
      await server.api('POST', `/api/test-gateway/payment-intents/${order.paymentIntentId}/confirm`, {
        cardNumber: '4242 4242 4242 4242',
        clientSecret: order.clientSecret,
      });
      paid.push(order);
    }
    // Every payment has become a paid order before the operator looks
    for (const order of paid) {
      for (let tries = 0; ; tries++) {
        const orders = await server.api<AdminOrder[]>('GET', '/api/admin/orders', undefined, token);
        if (orders.find((o) => o.id === order.orderId)?.status === 'paid') break;
        if (tries > 100) throw new Error(`order #${order.orderId} was not paid`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    context = await newShopContext(browser, server.url, { viewport: 'desktop', ageVerified: true });
    await context.addInitScript(`window.localStorage.setItem('adminToken', ${JSON.stringify(token)})`);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('searches and filters the Active Orders table, the address keeping every choice', async () => {
    const asked: string[] = [];
    const note = (request: { url(): string }) => asked.push(new URL(request.url()).pathname);
    page.on('request', note);
    await page.goto('/admin?tab=active-orders');
    await activeOrders().getByText('1-25 of 30 orders').waitFor();
    expect(await activeOrders().locator('tbody tr.ant-table-row').count()).toBe(25);
    // The shell's boot script asked for the token's check and the first page once each, and the page took those
    // answers; the brand came with the shell
    page.off('request', note);
    expect(asked.filter((path) => path === '/api/admin/verify')).toHaveLength(1);
    expect(asked.filter((path) => path === '/api/admin/orders/search')).toHaveLength(1);
    expect(asked).not.toContain('/api/config');
    await page.getByRole('banner').getByText('Swan & Sand Brewing Co.').first().waitFor();

    await activeOrders().getByRole('searchbox', { name: 'Search orders' }).fill('Zara');
    await activeOrders().getByRole('searchbox', { name: 'Search orders' }).press('Enter');
    await activeOrders().getByText('1-1 of 1 order').waitFor();
    await rowOf(paid[0]!.orderId).getByText('Zara Quokka').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('Zara');

    // A reload (or a shared link) shows the same orders
    await page.reload();
    await activeOrders().getByText('1-1 of 1 order').waitFor();
    expect(await activeOrders().getByRole('searchbox', { name: 'Search orders' }).inputValue()).toBe('Zara');

    // A suburb finds the orders sent there
    await activeOrders().getByRole('searchbox', { name: 'Search orders' }).fill('Fremantle');
    await activeOrders().getByRole('searchbox', { name: 'Search orders' }).press('Enter');
    await activeOrders().getByText('1-10 of 10 orders').waitFor();
    await screenshot(page, 'admin-orders-search-desktop');

    await activeOrders().getByRole('button', { name: 'Clear filters' }).click();
    await activeOrders().getByText('1-25 of 30 orders').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBeNull();
  });

  it('prints the labels of the ticked orders as one PDF, a page each, then ships every matching order at once', async () => {
    // Three of the newest (the first page), ticked out of order: the PDF follows the ticks
    const chosen = [paid[26]!, paid[29]!, paid[27]!].map((o) => o.orderId);
    for (const orderId of chosen) await page.getByRole('checkbox', { name: `Select order #${orderId}` }).check();
    const bar = page.getByRole('region', { name: 'Selected orders' });
    await bar.getByText('3 orders selected').waitFor();
    // antd's static sheet styles the admin; the brand's tokens still colour it (a ticked row, a primary button)
    const tickedCell = rowOf(chosen[0]!).locator('td').nth(1);
    expect(await tickedCell.evaluate((td) => getComputedStyle(td).backgroundColor)).toBe('rgb(227, 239, 241)');
    const printButton = bar.getByRole('button', { name: /Print labels/ });
    expect(await printButton.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(11, 79, 92)');
    const [download] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: /Print labels/ }).click()]);
    expect(download.suggestedFilename()).toBe('shipping-labels-3-orders.pdf');
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(pdf)).toBe(3);
    // What was printed shows in the table's one result panel, not in a toast
    const result = activeOrders().getByRole('region', { name: 'Result of the bulk action' });
    await result.getByText('Labels of 3 orders ready to print').waitFor();

    // Every order matching the filter (all pages), shipped at once without e-mailing
    await bar.getByRole('button', { name: 'Select all 30 matching' }).click();
    await bar.getByText('30 orders selected').waitFor();
    await chooseOption(page, bar.getByRole('combobox', { name: 'Status for the selected orders' }), 'Shipped');
    await bar.getByRole('checkbox', { name: 'Notify customers by e-mail' }).uncheck();
    await screenshot(page, 'admin-orders-bulk-desktop', { fullPage: false });
    await bar.getByRole('button', { name: 'Set status' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Set 30 orders to Shipped?' }).waitFor();
    await page.getByRole('button', { name: 'Set 30 orders' }).click();
    await result.getByText('30 orders set to Shipped and no customer was e-mailed').waitFor();
    await result.getByRole('button', { name: 'Dismiss' }).click();
    await rowOf(paid[20]!.orderId).getByText('Shipped', { exact: true }).waitFor();
    const orders = await server.api<AdminOrder[]>('GET', '/api/admin/orders', undefined, token);
    expect(orders.filter((o) => o.status === 'shipped')).toHaveLength(30);
  });

  it('refunds part of an order from its dialog, and the dialog shows it', async () => {
    const orderId = paid[25]!.orderId;
    await rowOf(orderId)
      .getByRole('button', { name: `View Details of order #${orderId}` })
      .click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Order #${orderId}`) });
    await dialog.getByLabel(/Refund amount/).fill('5');
    await dialog.getByLabel('Note (kept in the history)').fill('One dented can');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    // The amount and the customer spelled out before any money moves
    await page
      .locator('.ant-modal-confirm-title')
      .filter({ hasText: /^Refund \$5\.00 to .+\?$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Refund $5.00' }).click();
    await toast(/Refunded \$5\.00/);
    await dialog
      .getByRole('list', { name: 'Refunds' })
      .getByText(/\$5\.00 refunded .* — One dented can/)
      .waitFor();
    const order = (await server.api<AdminOrder[]>('GET', '/api/admin/orders', undefined, token)).find((o) => o.id === orderId);
    expect(order?.refundedAmount).toBe('5.00');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('uploads a picture for a new beer, which the shop then shows', async () => {
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByLabel('Name').fill('Picture Pale Ale');
    await dialog.getByLabel('Style').fill('Pale Ale');
    await dialog.getByLabel('Description').fill('The beer with a photograph of its own can.');
    await dialog.getByLabel('ABV (%)').fill('4.9');
    await dialog.getByLabel('Single can price ($)').fill('6.50');
    await dialog.getByLabel('Inventory (cans)').fill('48');
    const png = await sharp({ create: { width: 600, height: 1000, channels: 3, background: '#1f6f8b' } })
      .png()
      .toBuffer();
    // The form offers one way to pick a file, its "Upload picture" button: the file input behind it stays hidden.
    expect(await dialog.getByRole('button', { name: 'Upload picture' }).isVisible()).toBe(true);
    expect(await dialog.getByLabel('Picture file').isVisible()).toBe(false);
    await dialog.getByLabel('Picture file').setInputFiles({ name: 'picture-pale.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('status').getByText('Uploaded picture-pale.png (600 × 1000)').waitFor();
    const url = await dialog.getByLabel('Image URL').inputValue();
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}-512\.webp$/);
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await toast('Product created');

    const shop = await context.newPage();
    await shop.goto('/shop');
    const picture = shop.getByRole('article', { name: 'Picture Pale Ale' }).getByRole('img', { name: 'Picture Pale Ale 500mL can' });
    await picture.waitFor();
    await picture.scrollIntoViewIfNeeded();
    await shop.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await picture.elementHandle(),
    );
    // The browser picked one of the served sizes, and the security policy let it load
    const shown = await picture.evaluate((img) => ({
      src: (img as HTMLImageElement).currentSrc,
      width: (img as HTMLImageElement).naturalWidth,
    }));
    expect(shown.src).toMatch(/\/media\/[0-9a-f]{32}-(128|256|512)\.webp$/);
    expect(shown.width).toBeGreaterThan(0);
    await shop.close();
  });

  it('draws the Active Orders tab on the server for a logged-in operator, which the code then takes over; never without the session', async () => {
    const operator = await newShopContext(browser, server.url, { viewport: 'desktop', ageVerified: true });
    const tab = await operator.newPage();
    const errors: string[] = [];
    tab.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // Logged in through the form: the login leaves the token in the page and the session cookie in the browser.
    await tab.goto('/admin');
    await tab.getByLabel('Password').fill(BROWSER_ADMIN_PASSWORD);
    await tab.getByRole('button', { name: 'Access Admin Panel' }).click();
    await tab.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const session = (await operator.cookies()).find((cookie) => cookie.name === 'admin_session');
    expect(session).toMatchObject({ path: '/admin', httpOnly: true, sameSite: 'Strict' });

    // The HTML itself holds the first page of orders, newest first, and is never stored.
    const drawn = await operator.request.get('/admin?tab=active-orders');
    expect(drawn.headers()['cache-control']).toBe('no-store');
    const html = await drawn.text();
    const newest = paid.map((order) => Number(order.orderId)).sort((a, b) => b - a);
    expect([...html.matchAll(/data-row-key="(\d+)"/g)].map((m) => Number(m[1]))).toEqual(newest.slice(0, 25));

    // Opened, it shows the rows at once and works once its code took the HTML over, with no mismatch.
    await tab.goto('/admin?tab=active-orders');
    await tab.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true');
    const first = tab.getByRole('region', { name: 'Active orders' }).locator('tbody tr.ant-table-row').first();
    await first.getByRole('button', { name: /View Details of order/ }).click();
    await tab.getByRole('dialog').getByText('Customer Information').waitFor();
    expect(errors).toEqual([]);
    await tab.keyboard.press('Escape');
    await tab.getByRole('dialog').waitFor({ state: 'hidden' });

    // Without a script at all, the operator still sees the orders (the server's picture of the page).
    const noScript = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    await noScript.addCookies(await operator.cookies());
    const still = await noScript.newPage();
    await still.goto('/admin?tab=active-orders');
    expect(await still.locator('.orders-table tbody tr.ant-table-row').count()).toBe(25);
    await noScript.close();

    // No session, another tab, or a session logged out: the plain shell, no order in it.
    const stranger = await browser.newContext({ baseURL: server.url });
    expect(await (await stranger.request.get('/admin?tab=active-orders')).text()).not.toContain('data-row-key');
    await stranger.close();
    expect(await (await operator.request.get('/admin?tab=products')).text()).not.toContain('data-row-key');
    const cookie = `admin_session=${session?.value ?? ''}`;
    await tab.getByRole('button', { name: 'Log out' }).click();
    await tab.getByRole('heading', { name: 'Admin Access' }).waitFor();
    expect((await operator.cookies()).find((c) => c.name === 'admin_session')).toBeUndefined();
    const replayed = await operator.request.get('/admin?tab=active-orders', { headers: { Cookie: cookie } });
    expect(await replayed.text()).not.toContain('data-row-key');
    await operator.close();
  });

  it('shows the day at a glance and the order tabs’ counts at 1440 px', async () => {
    await page.goto('/admin?tab=active-orders');
    const glance = page.getByRole('region', { name: 'Today at a glance' });
    // Every order was shipped above: nothing left to dispatch, and the week's money is there.
    await glance.getByRole('link', { name: /^0 to dispatch by / }).waitFor();
    await glance.getByText(/this week/).waitFor();
    expect(await page.getByRole('tab', { name: 'Active Orders' }).textContent()).toBe('Active Orders 30');
    // Log out is not under the toast (top right).
    const logout = await page.getByRole('button', { name: 'Log out' }).boundingBox();
    expect((logout?.x ?? 1440) + (logout?.width ?? 0)).toBeLessThan(1440 - 400);
  });

  it('works the orders on a 390 px phone with one thumb: cards, the packing slip, a note, the customer’s orders', async () => {
    const phone = await newShopContext(browser, server.url, { viewport: 'phone', ageVerified: true });
    await phone.addInitScript(`window.localStorage.setItem('adminToken', ${JSON.stringify(token)})`);
    const tab = await phone.newPage();
    try {
      const orderId = paid[3]!.orderId;
      await tab.goto(`/admin?tab=active-orders&q=${orderId}`);
      const card = tab.getByRole('article', { name: `Order #${orderId}` });
      await card.waitFor();
      await tab.getByRole('region', { name: 'Today at a glance' }).waitFor();
      const details = card.getByRole('button', { name: `View Details of order #${orderId}` });
      const box = await details.boundingBox();
      expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      await screenshot(tab, 'admin-orders-phone', { fullPage: false });

      // The filters fold under one button; opened, every field fits the phone, and the days narrow the list and stay in the address
      const orders = tab.getByRole('region', { name: 'Active orders' });
      await orders.getByRole('button', { name: 'Filters', exact: true }).click();
      const from = orders.getByLabel('From');
      await from.fill('2026-11-23');
      await tab.waitForURL(/from=2026-11-23/);
      const fulfilment = orders.locator('.ant-select').filter({ has: tab.getByRole('combobox', { name: 'Fulfilment' }) });
      for (const field of [from, orders.getByLabel('To'), fulfilment]) {
        const at = await field.boundingBox();
        expect((at?.x ?? 999) + (at?.width ?? 0)).toBeLessThanOrEqual(390);
        expect(at?.height ?? 0).toBeGreaterThanOrEqual(36);
      }
      await screenshot(tab, 'admin-orders-filters-phone', { fullPage: false });
      await orders.getByRole('button', { name: /^Show \d+ orders?$/ }).click();
      await orders.getByRole('button', { name: 'Filters (1)', exact: true }).click();
      await orders.getByLabel('From').fill('');
      await tab.waitForURL((url) => !url.search.includes('from=') && url.search.includes(`q=${orderId}`));
      await card.waitFor();

      await details.click();
      const dialog = tab.getByRole('dialog', { name: new RegExp(`Order #${orderId}`) });
      const [slip] = await Promise.all([tab.waitForEvent('download'), dialog.getByRole('button', { name: /Packing Slip/ }).click()]);
      expect(slip.suggestedFilename()).toBe(`packing-slip-order-${orderId}.pdf`);
      expect(
        readFileSync(await slip.path())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');

      const notes = dialog.getByRole('region', { name: 'Internal notes' });
      await notes.getByRole('textbox').fill('Rang: leave with the neighbour is not allowed');
      await notes.getByRole('button', { name: 'Add note' }).click();
      await notes.getByText('Rang: leave with the neighbour is not allowed').waitFor();

      await dialog.getByRole('button', { name: /All orders from this customer/ }).click();
      const customer = tab.locator('.ant-drawer').filter({ hasText: `Customer: customer3@example.com` });
      await customer.getByText('1 (1 paid)').waitFor();
      await customer.getByRole('button', { name: `#${orderId}` }).waitFor();
    } finally {
      await phone.close();
    }
  });

  it('logs out: the token it held is refused by the server from then on', async () => {
    const held = await page.evaluate<string>("window.localStorage.getItem('adminToken')");
    expect(held).toBe(token);
    const before = await page.request.get('/api/admin/orders', { headers: { Authorization: `Bearer ${held}` } });
    expect(before.status()).toBe(200);
    // A context of its own: this page's context puts the token back on every load
    const fresh = await browser.newContext({ baseURL: server.url });
    const login = await fresh.newPage();
    await login.addInitScript(`window.localStorage.setItem('ageVerified', 'true')`);
    await login.goto('/admin');
    await login.evaluate((t) => window.localStorage.setItem('adminToken', t), held);
    await login.goto('/admin');
    await login.getByRole('button', { name: 'Log out' }).click();
    await login.getByRole('heading', { name: 'Admin Access' }).waitFor();
    expect(await login.evaluate("window.localStorage.getItem('adminToken')")).toBeNull();
    const after = await login.request.get('/api/admin/orders', { headers: { Authorization: `Bearer ${held}` } });
    expect(after.status()).toBe(401);
    await fresh.close();
  });
});
