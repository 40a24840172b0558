import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openPickupDates, pickupDayLabel, pickupWhen } from '@brewery/shop-rules';
import { chooseOption, describeInBrowser, launchChromium, newShopContext, screenshot } from './support/browser';
import { startShopServer, type ShopServer } from '../support/shop-server';

jest.setTimeout(180_000);

interface AdminOrder {
  id: string;
  status: string;
  customerName: string;
  fulfilment?: { method: string; pickupDate?: string };
  collection?: { idType: string; collectedBy: string | null } | null;
}

/** The page is never wider than the screen (no sideways scrolling on a phone). */
async function fitsTheScreen(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

describeInBrowser('the cellar door: a customer collects on Saturday, the operator hands it over', () => {
  let server: ShopServer;
  let browser: Browser;
  let phone: BrowserContext;
  let desk: BrowserContext;
  // The Saturday the customer chooses: the first one open now, as the shop offers it
  const saturday = openPickupDates(new Date())[0] ?? '';
  let orderId = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'cellar-door' }), launchChromium()]);
    await server.api('POST', '/api/admin/seed-products', undefined, await server.adminToken());
  });

  afterAll(async () => {
    await phone?.close();
    await desk?.close();
    await browser?.close();
    await server?.stop();
  });

  it('on a 390 px phone, a customer chooses to collect, gives no address, pays no shipping and pays', async () => {
    phone = await newShopContext(browser, server.url, { viewport: 'phone', ageVerified: true });
    const page = await phone.newPage();
    await page.goto('/shop');
    const beer = page.getByRole('article', { name: 'Quokka Pale Ale' });
    await beer.getByRole('radio', { name: /^4 Pack / }).check();
    await beer.getByRole('button', { name: 'Increase Quokka Pale Ale quantity' }).click();
    await beer.getByRole('button', { name: 'Add to Pack: Quokka Pale Ale' }).click();
    await page.getByRole('button', { name: 'Your pack, 4 cans' }).click();
    await page.getByRole('dialog', { name: 'Your Pack' }).getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('**/checkout');

    const form = page.getByRole('form', { name: 'Customer Information' });
    await form.getByRole('radio', { name: 'Collect from the cellar door (free)' }).check();
    await form.getByRole('radio', { name: pickupDayLabel(saturday) }).check();
    // No address is asked for a collection
    expect(await form.getByLabel('Street address').count()).toBe(0);
    await form.getByLabel('Full name').fill('Collette Cellar');
    await form.getByLabel('Email').fill('collette@example.com');
    await form.getByLabel('Phone').fill('0412 345 678');
    const summary = page.getByTestId('order-summary');
    await summary.getByText(`Collect ${pickupWhen(saturday)}`, { exact: false }).waitFor();
    expect(await summary.getByTestId('summary-shipping').textContent()).toContain('$0.00');
    await fitsTheScreen(page);
    await screenshot(page, 'cellar-door-checkout-phone');

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();

    const token = await server.adminToken();
    for (let tries = 0; ; tries++) {
      const orders = await server.api<AdminOrder[]>('GET', '/api/admin/orders', undefined, token);
      const order = orders.find((o) => o.customerName === 'Collette Cellar');
      if (order?.status === 'paid') {
        expect(order.fulfilment).toEqual({ method: 'pickup', pickupDate: saturday });
        orderId = order.id;
        break;
      }
      if (tries > 100) throw new Error('the pickup order was not paid');
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it.each([
    ['desktop', 'on a 1440 px screen'],
    ['phone', 'on a 390 px phone'],
  ] as const)(
    "%s: the operator opens the Saturday's list, and hands the order over only with the photo ID checked (%s)",
    async (viewport, _where) => {
      if (orderId === '') throw new Error('no pickup order from the customer journey');
      const token = await server.adminToken();
      desk = await newShopContext(browser, server.url, { viewport, ageVerified: true });
      await desk.addInitScript(`window.localStorage.setItem('adminToken', ${JSON.stringify(token)})`);
      const page = await desk.newPage();
      await page.goto('/admin?tab=active-orders');
      await page.getByRole('button', { name: 'Cellar door' }).click();
      const drawer = page.getByRole('dialog', { name: 'Cellar door' });
      await chooseOption(page, drawer.getByRole('combobox', { name: 'Saturday' }), pickupDayLabel(saturday));
      const list = drawer.getByRole('region', { name: 'Cellar door list' });
      await list.getByText('Collette Cellar').first().waitFor();
      await list
        .getByText(/Quokka Pale Ale/)
        .first()
        .waitFor();
      await fitsTheScreen(page);
      await screenshot(page, `cellar-door-list-${viewport}`);
      if (viewport === 'phone') return; // the hand-over is made once, at the desk

      await drawer.getByRole('button', { name: `Hand over order #${orderId} to Collette Cellar` }).click();
      const handOver = page.getByRole('dialog', { name: `Hand over order #${orderId} to Collette Cellar` });
      const confirm = handOver.getByRole('button', { name: 'Confirm hand-over' });
      expect(await confirm.isDisabled()).toBe(true);
      await handOver.getByRole('checkbox', { name: 'Photo ID checked: the person collecting is 18 or older' }).check();
      await chooseOption(page, handOver.getByRole('combobox', { name: 'Photo ID' }), 'Passport');
      await confirm.click();
      await page.locator('.ant-notification-notice').getByText(`Order #${orderId} collected by the customer (Passport checked)`).waitFor();
      await list
        .getByText(/Collected/)
        .first()
        .waitFor();

      const orders = await server.api<AdminOrder[]>('GET', '/api/admin/orders', undefined, token);
      expect(orders.find((o) => o.id === orderId)).toMatchObject({
        status: 'delivered',
        collection: { idType: 'passport', collectedBy: null },
      });
      await desk.close();
    },
  );
});
