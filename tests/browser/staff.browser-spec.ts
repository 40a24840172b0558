import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { chooseOption, describeInBrowser, launchChromium, newShopContext, screenshot, VIEWPORTS } from './support/browser';
import { BROWSER_ADMIN_PASSWORD, startShopServer, type ShopServer } from '../support/shop-server';

jest.setTimeout(240_000);

const OWNER_EMAIL = 'owner@swanandsand.beer';
const PACKER_PASSWORD = 'boxes by the roller door';

interface ShopProduct {
  id: string;
  name: string;
  price8Pack: string | null;
  price: string;
}

interface CheckoutAnswer {
  clientSecret: string;
  paymentIntentId: string;
  orderId: string;
}

/** The invitation link the person finds in their e-mail (the shop writes each e-mail to DATA_DIR/outbox). */
async function invitationLink(server: ShopServer, to: string): Promise<string> {
  const outbox = join(server.dataDir, 'outbox');
  for (let tries = 0; tries < 200; tries += 1) {
    for (const file of readdirSync(outbox).filter((name) => name.startsWith('staff-invite-'))) {
      const mail = readFileSync(join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (!mail.toLowerCase().includes(`to: ${to}`)) continue;
      const link = /https?:\/\/\S+\/admin\/accept-invite\?token=[^\s"<]+/.exec(mail)?.[0];
      if (link !== undefined) return new URL(link).pathname + new URL(link).search;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No invitation e-mail to ${to}`);
}

describeInBrowser('staff: the owner invites a packer, who packs and labels an order and cannot refund', () => {
  let server: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'staff', env: { OWNER_EMAIL } }), launchChromium()]);
    await server.api('POST', '/api/admin/seed-products', undefined, await server.adminToken());
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function paidOrder(email: string): Promise<CheckoutAnswer> {
    const products = await server.api<ShopProduct[]>('GET', '/api/products');
    const product = products.find((p) => p.price8Pack !== null);
    if (product === undefined) throw new Error('no 8-pack beer');
    const order = await server.api<CheckoutAnswer>('POST', '/api/create-payment-intent', {
      cartItems: [
        {
          productId: product.id,
          name: product.name,
          quantity: 8,
          price: Number(product.price8Pack),
          packSize: '8pack',
          packQuantity: 8,
        },
      ],
      customerInfo: {
        name: 'Ada Lovelace',
        email,
        phone: '0412 345 678',
        addressLine1: '1 Hay Street',
        suburb: 'Perth',
        postCode: '6000',
        state: 'WA',
      },
    });
    await server.api('POST', `/api/test-gateway/payment-intents/${order.paymentIntentId}/confirm`, {
      cardNumber: '4242 4242 4242 4242',
      clientSecret: order.clientSecret,
    });
    return order;
  }

  async function signIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  }

  /** The tabs once the panel has drawn them (they come with the person's permissions, a moment after the heading). */
  const tabNames = async (page: Page): Promise<string[]> => {
    await page.getByRole('tab', { name: 'My account' }).waitFor();
    return (await page.getByRole('tab').allTextContents()).map((tab) => tab.replace(/ \d+$/, '').trim());
  };

  function orderRow(page: Page, orderId: string): Locator {
    return page
      .locator('tbody tr, article')
      .filter({ has: page.getByText(`#${orderId}`, { exact: true }) })
      .first();
  }

  async function noWiderThanTheScreen(page: Page): Promise<void> {
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
  }

  it.each([
    ['desktop', 'pat.desktop@example.com', 'Pat Desktop'],
    ['phone', 'pat.phone@example.com', 'Pat Phone'],
  ] as const)('at %s size', async (viewport, packerEmail, packerName) => {
    const order = await paidOrder(`customer.${viewport}@example.com`);
    const ownerContext: BrowserContext = await newShopContext(browser, server.url, { viewport, ageVerified: true });
    const packerContext: BrowserContext = await newShopContext(browser, server.url, { viewport, ageVerified: true });
    try {
      // Given the owner, signed in with their e-mail and the admin password, on the Staff tab
      const owner = await ownerContext.newPage();
      await signIn(owner, OWNER_EMAIL, BROWSER_ADMIN_PASSWORD);
      expect(await tabNames(owner)).toEqual(expect.arrayContaining(['Staff', 'System', 'Analytics']));
      await owner.getByRole('tab', { name: 'Staff' }).click();

      // When they invite a packer
      const invite = owner.locator('form[id="invite-staff"], form').filter({ has: owner.getByRole('button', { name: 'Invite' }) });
      await invite.getByLabel('Name').fill(packerName);
      await invite.getByLabel('E-mail').fill(packerEmail);
      await chooseOption(owner, invite.getByRole('combobox', { name: 'Role' }), 'Packer');
      await invite.getByRole('button', { name: 'Invite' }).click();
      await owner.getByText(packerEmail).first().waitFor();
      await noWiderThanTheScreen(owner);
      await screenshot(owner, `staff-invited-${viewport}`);

      // Then the packer uses the e-mailed link to choose a password
      const packer = await packerContext.newPage();
      await packer.goto(await invitationLink(server, packerEmail));
      await packer.getByRole('heading', { name: 'Choose your password' }).waitFor();
      await packer.getByLabel('Password', { exact: true }).fill('short');
      await packer.getByLabel('Confirm password').fill('short');
      await packer.getByRole('button', { name: 'Set password' }).click();
      await packer
        .getByText(/at least 12 characters/)
        .first()
        .waitFor();
      await packer.getByLabel('Password', { exact: true }).fill(PACKER_PASSWORD);
      await packer.getByLabel('Confirm password').fill(PACKER_PASSWORD);
      await packer.getByRole('button', { name: 'Set password' }).click();
      await packer.getByText(/Your password is set/).waitFor();
      await noWiderThanTheScreen(packer);
      await screenshot(packer, `staff-password-set-${viewport}`);

      // And signs in, seeing only what a packer may do
      await signIn(packer, packerEmail, PACKER_PASSWORD);
      const tabs = await tabNames(packer);
      expect(tabs).toEqual(expect.arrayContaining(['Active Orders', 'Shipping']));
      for (const hidden of ['Staff', 'Analytics', 'Order Backups', 'System']) expect(tabs).not.toContain(hidden);

      // And packs and labels the order
      await packer.getByRole('tab', { name: 'Active Orders' }).click();
      await orderRow(packer, order.orderId)
        .getByRole('button', { name: `Update Tracking of order #${order.orderId}` })
        .click();
      const dialog = packer.getByRole('dialog', { name: new RegExp(`Order #${order.orderId}`) });
      await chooseOption(packer, dialog.getByRole('combobox', { name: 'Status' }), 'Packed - Awaiting Pickup');
      await dialog.getByLabel('Tracking reference').fill(`PK-${viewport}`);
      await dialog.getByRole('button', { name: 'Update Order' }).click();
      await dialog.locator('.order-detail__title').getByText('Packed - Awaiting Pickup', { exact: true }).waitFor();
      await dialog.getByRole('button', { name: /Create Shipping Label/ }).click();
      await packer
        .locator('.ant-notification-notice')
        .getByText(/^Shipping label created - Consignment: \S+$/)
        .waitFor();

      // But cannot refund: no refund form, and the server refuses the request outright
      await dialog.getByText('Refunds and reviews are settled by an owner or a manager.').waitFor();
      expect(await dialog.getByRole('radiogroup', { name: 'Refund by' }).count()).toBe(0);
      const refund = await packer.evaluate(async (orderId) => {
        const res = await fetch(`/api/admin/orders/${orderId}/refund`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${window.localStorage.getItem('adminToken') ?? ''}` },
          body: JSON.stringify({ amountCents: 100, reason: 'mine' }),
        });
        return { status: res.status, body: (await res.json()) as { code: string } };
      }, order.orderId);
      expect(refund).toEqual({ status: 403, body: expect.objectContaining({ code: 'forbidden_for_role' }) });
      await noWiderThanTheScreen(packer);
      await screenshot(packer, `staff-packer-order-${viewport}`);
      await packer.keyboard.press('Escape');

      // Then the order's history, as the owner sees it, names the packer
      await owner.getByRole('tab', { name: 'Active Orders' }).click();
      await owner.getByRole('region', { name: 'Active orders' }).getByRole('button', { name: 'Refresh' }).click();
      await orderRow(owner, order.orderId)
        .getByRole('button', { name: new RegExp(`View Details of order #${order.orderId}`) })
        .click();
      const history = owner.getByRole('dialog').getByRole('region', { name: 'Order history' });
      await history.getByText(new RegExp(packerName)).first().waitFor();
      await history.getByText('Status changed from Paid to Packed - Awaiting Pickup (customer not e-mailed)', { exact: true }).waitFor();
      await screenshot(owner, `staff-order-history-${viewport}`);
      await owner.keyboard.press('Escape');

      // And when the owner deactivates them, the packer's session ends at once, for the drawn admin page too
      const before = await packerContext.request.get('/admin?tab=active-orders');
      expect(await before.text()).toMatch(/data-row-key="\d+"/);
      await owner.getByRole('tab', { name: 'Staff' }).click();
      await owner.getByRole('button', { name: `Deactivate ${packerName}` }).click();
      await owner
        .getByRole('dialog')
        .getByRole('button', { name: /Deactivate/ })
        .click();
      await owner.getByText('Deactivated').first().waitFor();
      const drawn = await packerContext.request.get('/admin?tab=active-orders');
      expect(await drawn.text()).not.toMatch(/data-row-key="\d+"/);
      await packer.reload();
      await packer.getByRole('heading', { name: 'Admin Access' }).waitFor();
    } finally {
      await ownerContext.close();
      await packerContext.close();
    }
  });

  it('draws the public pages of e-mailed links at 390 px, and marks them not for search engines', async () => {
    const context = await newShopContext(browser, server.url, { viewport: 'phone' });
    try {
      const page = await context.newPage();
      const res = await page.goto('/admin/reset-password?token=nobody.AAAA');
      expect(res?.status()).toBe(200);
      expect(page.viewportSize()).toEqual(VIEWPORTS.phone);
      await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      await noWiderThanTheScreen(page);
    } finally {
      await context.close();
    }
  });
});
