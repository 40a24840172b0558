import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, launchChromium, newShopContext, screenshot } from './support/browser';
import { startShopServer, type ShopServer } from '../support/shop-server';

jest.setTimeout(120_000);

interface ShopProduct {
  id: string;
  name: string;
  price: string;
  price8Pack: string | null;
  inventory: number;
}

interface CheckoutAnswer {
  clientSecret: string;
  paymentIntentId: string;
  orderId: string;
}

interface ShippingLabel {
  consignmentNumber: string;
  trackingUrl: string;
}

const CUSTOMER = {
  name: 'Casey Nguyen',
  email: 'casey.nguyen@example.com',
  phone: '0412 345 678',
  addressLine1: '12 Marine Parade',
  suburb: 'Cottesloe',
  postCode: '6011',
  state: 'WA',
};

const BEER = 'Quokka Pale Ale';

/** The report's days are Perth days. */
function perthDay(offsetDays = 0): string {
  const at = new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

describeInBrowser('admin operations: shipping, analytics, order backups, system', () => {
  let server: ShopServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let order: CheckoutAnswer;
  let product: ShopProduct;

  async function openTab(name: string): Promise<void> {
    await page.getByRole('tab', { name }).click();
    await page.getByRole('tab', { name, selected: true }).waitFor();
  }

  async function toast(text: string | RegExp): Promise<void> {
    await page.locator('.ant-notification-notice').getByText(text).first().waitFor();
  }

  /** The visible tab panel: panels opened before stay in the page, hidden. */
  function panel() {
    return page.getByRole('tabpanel');
  }

  async function loggedIn(target: BrowserContext): Promise<Page> {
    const token = await server.adminToken();
    await target.addInitScript((value) => window.localStorage.setItem('adminToken', value), token);
    const opened = await target.newPage();
    await opened.goto('/admin');
    await opened.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    return opened;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'browser' }), launchChromium()]);
    await server.api('POST', '/api/admin/seed-products', undefined, await server.adminToken());
    const products = await server.api<ShopProduct[]>('GET', '/api/products');
    const found = products.find((p) => p.name === BEER);
    if (found === undefined) throw new Error(`the seeded range has no ${BEER}`);
    product = found;
    // A paid order, made as the checkout page makes it: intent, then the card through the test gateway.
    order = await server.api<CheckoutAnswer>('POST', '/api/create-payment-intent', {
      cartItems: [
        { productId: product.id, name: product.name, quantity: 8, price: Number(product.price8Pack), packSize: '8pack', packQuantity: 8 },
      ],
      customerInfo: CUSTOMER,
    });
    await server.api('POST', `/api/test-gateway/payment-intents/${order.paymentIntentId}/confirm`, {
      cardNumber: '4242 4242 4242 4242',
      clientSecret: order.clientSecret,
    });
    context = await newShopContext(browser, server.url, { viewport: 'desktop', ageVerified: true });
    page = await loggedIn(context);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('Shipping: parses a reply e-mail and creates the label for its order', async () => {
    await openTab('Shipping');
    const tab = panel();
    await tab.getByRole('button', { name: 'Create Label' }).click();
    await toast('No valid order found. Please parse email first.');
    await tab.getByRole('button', { name: 'Parse Email' }).click();
    await toast('Please enter email content to parse');

    const reply = `Ship now please\n\nOn Sunday the shop wrote:\n> Order #${order.orderId} is paid.`;
    await tab.getByLabel('Email subject').fill(`Re: Order #${order.orderId} paid`);
    await tab.getByLabel('Email content').fill(reply);
    await tab.getByRole('button', { name: 'Parse Email' }).click();
    await toast('Email Parsed Successfully');
    const results = tab.locator('.ant-card', { hasText: 'Parse Results' });
    await results.getByText(`#${order.orderId}`, { exact: true }).waitFor();
    await results.getByText('create_label').waitFor();
    await results.getByText(new RegExp(`Order #${order.orderId} found with 'ship now'`)).waitFor();
    await screenshot(page, 'admin-shipping-parsed-desktop');

    await tab.getByRole('button', { name: `Create Label for Order #${order.orderId}` }).click();
    await toast(/^Shipping label created - Consignment: \S+$/);
    const label = await server.api<ShippingLabel>(
      'GET',
      `/api/admin/shipping-labels/${order.orderId}`,
      undefined,
      await server.adminToken(),
    );
    await tab.getByText(`Label created for Order #${order.orderId}`).waitFor();
    await tab.getByText(label.consignmentNumber, { exact: true }).first().waitFor();
    expect(await tab.getByRole('link', { name: 'Track with Australia Post' }).getAttribute('href')).toBe(
      `https://auspost.com.au/mypost/track/details/${label.consignmentNumber}`,
    );
    await screenshot(page, 'admin-shipping-desktop');
  });

  it('Analytics: updates stock from an e-mail and sends the daily e-mail', async () => {
    await openTab('Analytics');
    const tab = panel();
    const stock = tab.locator('.ant-card', { hasText: 'Stock Update from Email' });
    await stock.getByRole('button', { name: 'Update Stock' }).click();
    await stock.getByText('Please paste the stock update email').waitFor();

    await stock.getByLabel('Stock email').fill(`UPDATE STOCK\n${BEER}: 180\nWombat Stout: 12`);
    await stock.getByRole('button', { name: 'Update Stock' }).click();
    await toast('Updated 1 of 2 products');
    await stock
      .getByRole('list', { name: 'Lines that matched no product' })
      .getByText(/Wombat Stout: 12/)
      .waitFor();
    const products = await server.api<ShopProduct[]>('GET', '/api/products');
    expect(products.find((p) => p.id === product.id)?.inventory).toBe(180);
    // The stock cards refetch after the update.
    const card = tab.getByRole('list', { name: 'Stock levels' }).getByRole('listitem').filter({ hasText: BEER });
    await card.getByText('180', { exact: true }).waitFor();
    await card.getByText('OK', { exact: true }).waitFor();

    await tab.getByRole('button', { name: 'Send Daily Analytics Email' }).click();
    await toast('Daily analytics email sent successfully');
  });

  it('Analytics: runs the sales report with its charts and exports it as CSV', async () => {
    const tab = panel();
    const start = perthDay(-6);
    const end = perthDay(0);
    await tab.getByLabel('Start date').fill('');
    await tab.getByRole('button', { name: 'Generate Report' }).click();
    await tab.getByText('Please select both a start date and an end date').first().waitFor();

    await tab.getByLabel('Start date').fill(start);
    await tab.getByLabel('End date').fill(end);
    await tab.getByRole('button', { name: 'Generate Report' }).click();
    await toast('Generated sales report with 1 line items');
    const row = tab.getByRole('row').filter({ hasText: `#${order.orderId}` });
    await row.getByText(BEER).waitFor();
    expect(await row.textContent()).toContain('1 × 8 Pack');
    await tab.getByRole('img', { name: 'Revenue per day' }).waitFor();
    await tab.getByRole('img', { name: 'Cans sold per beer' }).waitFor();
    const cansChart = tab.locator('figure').filter({ has: page.getByRole('img', { name: 'Cans sold per beer' }) });
    await cansChart.getByText('Show the figures').click();
    const cansTable = cansChart.getByRole('table', { name: 'Cans sold per beer' });
    expect(await cansTable.getByRole('row').filter({ hasText: BEER }).textContent()).toBe(`${BEER}8 cans`);
    await screenshot(page, 'admin-analytics-desktop');

    const [download] = await Promise.all([page.waitForEvent('download'), tab.getByRole('button', { name: 'Export to CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`sales-report-${start}-to-${end}.csv`);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const [header, first] = csv.split(/\r?\n/);
    expect(header).toContain('Order Number');
    expect(first).toContain(BEER);
    expect(first).toContain('8 Pack');
  });

  it('Order Backups: lists the payment and recovers its order', async () => {
    await openTab('Order Backups');
    const tab = panel();
    await tab.getByText('Total Backups').waitFor();
    const row = tab.getByRole('row').filter({ hasText: order.paymentIntentId });
    await row.getByText('succeeded').waitFor();
    expect(await row.textContent()).toContain(CUSTOMER.name);
    await screenshot(page, 'admin-order-backups-desktop');

    await tab.getByRole('button', { name: 'Recover Order' }).click();
    await tab.getByText('Please enter a payment intent ID').waitFor();
    await tab.getByLabel('Payment intent ID').fill('pi_does_not_exist');
    await tab.getByRole('button', { name: 'Recover Order' }).click();
    await toast('Recovery Failed');

    await row.getByRole('button', { name: `Recover ${order.paymentIntentId}` }).click();
    await toast('Order Recovered');
    await page
      .locator('.ant-notification-notice')
      .getByText(new RegExp(`Order #${order.orderId}`))
      .waitFor();
  });

  it('System: status, refresh, auto-fix, webhook recovery and the e-mail outbox', async () => {
    await openTab('System');
    const tab = panel();
    await tab.getByRole('heading', { name: 'System Monitor' }).waitFor();
    // The answer first, in plain words; the engines under Details
    await tab.getByRole('region', { name: /^(All good|Needs your attention|Something is wrong)$/ }).waitFor();
    await tab.getByText('Details', { exact: true }).click();
    await tab.getByRole('region', { name: 'Services' }).waitFor();
    const checks = page.waitForResponse((res) => res.url().endsWith('/api/admin/system-status') && res.ok());
    await tab.getByRole('button', { name: 'Refresh' }).click();
    await checks;
    await tab.getByRole('button', { name: 'Auto-Fix Issues' }).click();
    await toast(/^Auto-Fix Complete: Applied \d+ fixes$/);

    const webhook = tab.locator('.ant-card', { hasText: 'Manual Webhook Recovery' });
    await webhook.getByRole('button', { name: 'Process Webhook' }).click();
    await webhook.getByText('Please enter a payment intent ID').waitFor();
    await webhook.getByLabel('Payment intent ID').fill('pi_does_not_exist');
    await webhook.getByRole('button', { name: 'Process Webhook' }).click();
    await toast(/^Failed to process webhook: /);
    await webhook.getByLabel('Payment intent ID').fill(order.paymentIntentId);
    await webhook.getByRole('button', { name: 'Process Webhook' }).click();
    await toast('Webhook Processed');

    const outbox = tab.locator('.ant-card', { hasText: 'E-mail outbox' });
    const confirmation = outbox.getByRole('row').filter({ hasText: CUSTOMER.email }).filter({ hasText: 'order-confirmation' });
    await confirmation.waitFor();
    await outbox.getByRole('row').filter({ hasText: 'daily-analytics' }).first().waitFor();
    await screenshot(page, 'admin-system-desktop');
    await confirmation.getByRole('button', { name: /^Read / }).click();
    const dialog = page.getByRole('dialog');
    const text = dialog.getByLabel('E-mail text');
    await text.waitFor();
    expect(await text.textContent()).toContain(`#${order.orderId}`);
    await screenshot(page, 'admin-system-email-desktop');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('on a phone, the System tab fits the screen', async () => {
    const phone = await newShopContext(browser, server.url, { viewport: 'mobile', ageVerified: true });
    try {
      const mobile = await loggedIn(phone);
      await mobile.getByRole('tab', { name: 'System' }).click();
      await mobile.getByRole('heading', { name: 'System Monitor' }).waitFor();
      await mobile.getByRole('tabpanel').getByText('E-mail outbox').waitFor();
      const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(mobile, 'admin-system-mobile');
    } finally {
      await phone.close();
    }
  });
});
