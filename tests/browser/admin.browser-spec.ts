import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { chooseOption, describeInBrowser, launchChromium, newShopContext, screenshot } from './support/browser';
import { BROWSER_ADMIN_PASSWORD, startShopServer, type ShopServer } from '../support/shop-server';

jest.setTimeout(120_000);

interface ShopProduct {
  id: string;
  name: string;
  price: string;
  price8Pack: string | null;
}

interface CheckoutAnswer {
  clientSecret: string;
  paymentIntentId: string;
  orderId: string;
}

interface OutboxEmail {
  to: string;
  subject: string;
}

const CUSTOMER = {
  name: 'Jordan Lee',
  email: 'jordan.lee@example.com',
  phone: '0412 345 678',
  addressLine1: '5 Hay Street',
  suburb: 'Perth',
  postCode: '6000',
  state: 'WA',
};

describeInBrowser('admin panel', () => {
  let server: ShopServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  /** A checkout of one 8-pack through the API, as the checkout page would make it. */
  async function checkout(product: ShopProduct, email = CUSTOMER.email): Promise<CheckoutAnswer> {
    return server.api<CheckoutAnswer>('POST', '/api/create-payment-intent', {
      cartItems: [
        {
          productId: product.id,
          name: product.name,
          quantity: 8,
          price: Number(product.price8Pack ?? Number(product.price) * 8),
          packSize: '8pack',
          packQuantity: 8,
        },
      ],
      customerInfo: { ...CUSTOMER, email },
    });
  }

  async function openTab(name: string): Promise<void> {
    await page.getByRole('tab', { name }).click();
  }

  async function toast(text: string): Promise<void> {
    await page.locator('.ant-notification-notice').getByText(text, { exact: true }).waitFor();
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'browser' }), launchChromium()]);
    context = await newShopContext(browser, server.url, { viewport: 'desktop', ageVerified: true });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('logs in: a wrong password first, then the right one', async () => {
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    await page.getByText('Enter admin password to continue').waitFor();
    await screenshot(page, 'admin-login-desktop');

    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await toast('Invalid admin password');
    expect(await page.evaluate("window.localStorage.getItem('adminToken')")).toBeNull();

    await page.getByLabel('Password').fill(BROWSER_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await toast('Admin access granted');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByText('Manage products and orders').waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    // The order tabs may carry how many orders they list (drawn, not part of their names).
    expect(tabs.map((tab) => tab.replace(/ \d+$/, ''))).toEqual([
      'Products',
      'Active Orders',
      'Pending Orders',
      'Shipping',
      'Analytics',
      'Order Backups',
      'System',
      'Discounts',
      'Club',
      'Staff',
      'My account',
    ]);
    expect(await page.getByRole('tab', { name: 'Active Orders', exact: true }).count()).toBe(1);

    // The stored token is verified on the next load and the dashboard comes straight back.
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  });

  it('seeds the range, adds a product and finds it in the shop', async () => {
    await page.getByText('No products found').waitFor();
    await page.getByRole('button', { name: 'Seed Products' }).first().click();
    await toast('Products seeded');
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(6);

    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByLabel('Name').fill('Swan River Stout');
    await dialog.getByLabel('Style').fill('Oatmeal Stout');
    await dialog.getByLabel('Description').fill('Roasted barley, oats and a whisper of coffee.');
    await dialog.getByLabel('ABV (%)').fill('5.8');
    await dialog.getByLabel('Single can price ($)').fill('7.50');
    await dialog.getByLabel('Inventory (cans)').fill('48');
    await dialog.getByLabel('Image URL').fill('/cans/quokka-pale-ale.svg');
    await dialog.getByLabel('8 Pack price ($)').fill('56');
    await dialog.getByRole('checkbox', { name: 'Enable 8 Pack' }).check();
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await toast('Product created');
    const card = page.getByRole('article', { name: 'Swan River Stout' });
    await card.getByText('Live in Shop').waitFor();
    await card.getByText('48 cans').waitFor();
    await screenshot(page, 'admin-products-desktop');

    const shop = await context.newPage();
    await shop.goto('/shop');
    await shop.getByRole('article', { name: 'Swan River Stout' }).waitFor();
    await shop.close();
  });

  it('takes a paid order from paid to packed to shipped, e-mails the customer, shows its history and its label', async () => {
    const products = await server.api<ShopProduct[]>('GET', '/api/products');
    const stout = products.find((p) => p.name === 'Swan River Stout');
    if (!stout) throw new Error('the new product is not in the shop');
    const order = await checkout(stout);
    await server.api('POST', `/api/test-gateway/payment-intents/${order.paymentIntentId}/confirm`, {
      cardNumber: '4242 4242 4242 4242',
      clientSecret: order.clientSecret,
    });

    await openTab('Active Orders');
    const card = orderRow(order.orderId);
    await card.getByText('Paid', { exact: true }).waitFor();
    await card.getByText(CUSTOMER.email).waitFor();
    await card.getByRole('button', { name: 'Update Tracking' }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Order #${order.orderId}`) });
    await dialog.getByRole('region', { name: 'Items' }).getByText('Swan River Stout').waitFor();
    await dialog.getByText('1 × $56.00 (8 Pack, 8 cans)').waitFor();

    await setStatus(dialog, 'Packed - Awaiting Pickup', 'PACK-001');
    await dialog
      .getByRole('region', { name: 'Order history' })
      .getByText(/Packed|packed/)
      .first()
      .waitFor();
    await setStatus(dialog, 'Shipped', '33XYZ0123456');
    await expectLink(
      dialog.getByRole('link', { name: /Track 33XYZ0123456 with Australia Post/ }),
      'https://auspost.com.au/mypost/track/details/33XYZ0123456',
    );
    await orderRow(order.orderId).getByText('33XYZ0123456', { exact: true }).waitFor();
    const outbox = await server.api<OutboxEmail[]>('GET', '/api/admin/outbox', undefined, await server.adminToken());
    // The confirmation and the shipped e-mail (packed is not news for the customer).
    expect(outbox.filter((email) => email.to.includes(CUSTOMER.email)).length).toBeGreaterThanOrEqual(2);

    const history = dialog.getByRole('region', { name: 'Order history' });
    await history.getByText('Customer', { exact: true }).first().waitFor();
    await history.getByText('Payment provider', { exact: true }).first().waitFor();
    await history.getByText('8 cans of Swan River Stout reserved for 10 minutes', { exact: true }).waitFor();
    await history.getByText('8 cans of Swan River Stout taken from stock', { exact: true }).waitFor();
    await history.getByText('Status changed from Packed - Awaiting Pickup to Shipped', { exact: true }).waitFor();

    await dialog.getByRole('button', { name: /Create Shipping Label/ }).click();
    await page
      .locator('.ant-notification-notice')
      .getByText(/^Shipping label created - Consignment: \S+$/)
      .waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /Download Label/ }).click()]);
    expect(download.suggestedFilename()).toBe(`shipping-label-order-${order.orderId}.pdf`);
    await screenshot(page, 'admin-active-orders-dialog-desktop');
    await dialog.getByRole('region', { name: 'Order history' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-order-history-desktop');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await screenshot(page, 'admin-active-orders-desktop');
  });

  it('deletes a pending order after the confirm prompt', async () => {
    const products = await server.api<ShopProduct[]>('GET', '/api/products');
    const product = products.find((p) => p.price8Pack !== null && p.name !== 'Swan River Stout') ?? products[0];
    if (!product) throw new Error('no products');
    const pending = await checkout(product, 'pending.customer@example.com');

    await openTab('Pending Orders');
    // Lists are never stale by themselves (spec section 9): a checkout made since shows after Refresh.
    // The Active tab stays mounted beside it with a Refresh of its own: press this tab's.
    await page.getByRole('region', { name: 'Pending orders' }).getByRole('button', { name: 'Refresh' }).click();
    const card = orderRow(pending.orderId);
    await card.getByText('Payment Pending').waitFor();
    await card.getByText(/Inventory is reduced only when payment succeeds/).waitFor();
    await screenshot(page, 'admin-pending-orders-desktop');

    await card.getByRole('button', { name: 'Delete Order' }).click();
    await page.getByText(`Are you sure you want to delete Order #${pending.orderId}? This action cannot be undone.`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Order' }).click();
    await toast('Pending order deleted successfully');
    await page.getByText('No pending orders').waitFor();
  });

  it('fits a 375 px phone', async () => {
    const phone = await newShopContext(browser, server.url, { viewport: 'mobile', ageVerified: true });
    const token = await server.adminToken();
    await phone.addInitScript(`window.localStorage.setItem('adminToken', ${JSON.stringify(token)})`);
    const mobile = await phone.newPage();
    await mobile.goto('/admin?tab=active-orders');
    await mobile.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await mobile.locator('tbody tr.ant-table-row').first().waitFor();
    const overflow = await mobile.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(mobile, 'admin-active-orders-mobile');
    await phone.close();
  });

  /** An order's row in the Active or Pending table (its first cell reads "#<id>"). */
  function orderRow(orderId: string): Locator {
    return page.locator('tbody tr', { has: page.getByText(`#${orderId}`, { exact: true }) });
  }

  async function setStatus(dialog: Locator, status: string, reference: string): Promise<void> {
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Status' }), status);
    await dialog.getByLabel('Tracking reference').fill(reference);
    await dialog.getByRole('button', { name: 'Update Order' }).click();
    // Packed is the brewery's step: its box comes unticked and the customer hears of it when it ships.
    await toast(
      status.startsWith('Packed') ? 'Order updated; the customer was not e-mailed' : 'Order updated and customer notified by email',
    );
    // The tag beside the title shows the order as the server now has it.
    await dialog.locator('.order-detail__title').getByText(status, { exact: true }).waitFor();
  }

  async function expectLink(link: Locator, href: string): Promise<void> {
    expect(await link.getAttribute('href')).toBe(href);
  }
});
