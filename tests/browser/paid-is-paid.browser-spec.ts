import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chooseOption, describeInBrowser, launchChromium, newShopContext } from './support/browser';
import { asSlowPhone } from '../support/early-taps';
import { seededFourPackBeer, startShopServer, type ShopServer } from '../support/shop-server';

jest.setTimeout(240_000);

interface AdminOrder {
  id: string;
  status: string;
  customerEmail: string;
}

/**
 * Paid is paid, whatever the page does. On a slow phone (4 × CPU, 150 ms, 200 kB/s) the customer taps "Complete
 * Payment" and reloads 0, 150 or 300 ms after the confirm request leaves (the spinner seemed stuck), then carries on
 * as the page invites. The card went through on the server: the page must end on the order placed, and the shop
 * must hold exactly one paid order for the customer.
 */
describeInBrowser('paid is paid: a reload right after "Complete Payment" on a slow phone', () => {
  let server: ShopServer;
  let browser: Browser;
  let beer: { name: string; slug: string; price4Pack: string };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'paid-is-paid' }), launchChromium()]);
    beer = await seededFourPackBeer(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function slowPhone(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newShopContext(browser, server.url, { viewport: 'phone', ageVerified: true });
    await context.addInitScript(
      (line) => {
        // Once: a reload must find the pack as the customer left it (the order result empties it when paid).
        if (window.localStorage.getItem('cart') === null && window.sessionStorage.getItem('packed') === null) {
          window.localStorage.setItem('cart', JSON.stringify([line]));
          window.sessionStorage.setItem('packed', 'yes');
        }
      },
      {
        productId: `seed-${beer.slug}`,
        name: beer.name,
        price: Number(beer.price4Pack),
        quantity: 4,
        packSize: '4pack',
        packQuantity: 4,
        imageUrl: '',
      },
    );
    const page = await context.newPage();
    await asSlowPhone(context, page);
    return { context, page };
  }

  async function fillDetails(page: Page, email: string): Promise<void> {
    const form = page.getByRole('form', { name: 'Customer Information' });
    await form.getByLabel('Full name').fill('Riley Quinn');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('0412 345 678');
    await form.getByLabel('Street address').fill('5 Hay Street');
    await form.getByLabel('Suburb').fill('Perth');
    await form.getByLabel('Postcode').fill('6000');
    await chooseOption(page, form.getByRole('combobox', { name: 'State' }), 'WA');
  }

  const confirmed = (page: Page) => page.getByRole('heading', { level: 1, name: 'Order Confirmed!' });

  it.each([0, 150, 300])(
    'given a reload %i ms after the confirm request leaves, then the page ends on the order placed and one order is paid',
    async (delayMs) => {
      const email = `reload-${delayMs}@example.com`;
      const { context, page } = await slowPhone();
      try {
        await page.goto('/checkout');
        await fillDetails(page, email);
        await page.getByRole('button', { name: 'Continue to Payment' }).click();
        await page.getByLabel('Card number').fill('4242 4242 4242 4242', { timeout: 60_000 });
        const confirmLeft = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('/confirm'));
        await page.getByRole('button', { name: 'Complete Payment' }).click();
        await confirmLeft;
        await page.waitForTimeout(delayMs);
        await page.reload({ waitUntil: 'commit' });

        // As the page invites: whatever it shows next is what the customer does, until the order is placed.
        for (let step = 0; step < 4 && !(await confirmed(page).isVisible()); step += 1) {
          const next = await Promise.race([
            confirmed(page)
              .waitFor({ timeout: 60_000 })
              .then(() => 'confirmed' as const),
            page
              .getByRole('button', { name: 'Complete Payment' })
              .waitFor({ timeout: 60_000 })
              .then(() => 'pay' as const),
            page
              .getByRole('button', { name: 'Continue to Payment' })
              .waitFor({ timeout: 60_000 })
              .then(() => 'details' as const),
          ]);
          if (next === 'confirmed') break;
          if (next === 'pay') {
            await page.getByLabel('Card number').fill('4242 4242 4242 4242');
            await page.getByRole('button', { name: 'Complete Payment' }).click();
          } else {
            if ((await page.getByLabel('Full name').inputValue()) === '') await fillDetails(page, email);
            await page.getByRole('button', { name: 'Continue to Payment' }).click();
          }
          await page.waitForTimeout(2_000);
        }
        await confirmed(page).waitFor({ timeout: 60_000 });
        // The pack was bought: it is empty now.
        expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? '[]') as unknown[])).toEqual([]);

        const orders = await server.api<AdminOrder[]>('GET', '/api/admin/orders', undefined, await server.adminToken());
        const paid = orders.filter((order) => order.customerEmail === email && order.status === 'paid');
        expect(paid).toHaveLength(1);
      } finally {
        await context.close();
      }
    },
  );
});
