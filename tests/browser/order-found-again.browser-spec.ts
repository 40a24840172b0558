import type { Browser, Page } from 'playwright-core';
import { chooseOption, describeInBrowser, launchChromium, newShopContext, screenshot, VIEWPORTS } from './support/browser';
import { startShopServer, type ShopServer } from '../support/shop-server';

jest.setTimeout(180_000);

interface CheckoutAnswer {
  orderId: string;
  paymentIntentId: string;
  clientSecret: string;
}

interface SeededBeer {
  id: string;
  name: string;
  slug: string;
  inventory: number;
  price8Pack: string | null;
  enable8Pack: boolean;
}

const VIEWPORT_NAMES = ['phone', 'desktop'] as const;

/** Nothing sticks out sideways: the page is no wider than the screen. */
async function fitsTheScreen(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/**
 * A customer finds their order again (the footer's Order status, the success page's link), a shopper's own
 * checkouts resume or replace each other, and the shop's terms pages: at 390 px and at 1440 px.
 */
describeInBrowser('the order found again, the checkout that survives, and the shop’s terms', () => {
  let server: ShopServer;
  let browser: Browser;
  let beer: SeededBeer;
  let shopper = 0;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'order-found-again' }), launchChromium()]);
    await server.api('POST', '/api/admin/seed-products', undefined, await server.adminToken());
    const products = await server.api<SeededBeer[]>('GET', '/api/products');
    const found = products.find((product) => product.enable8Pack && product.price8Pack !== null && product.inventory >= 64);
    if (found === undefined) throw new Error('no seeded beer offers 8 Packs with 64 cans in stock');
    beer = found;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const customer = (email: string) => ({
    name: 'Robin Brewer',
    email,
    phone: '0412 345 678',
    addressLine1: '5 Hay Street',
    addressLine2: '',
    suburb: 'Perth',
    postCode: '6000',
    state: 'WA',
  });

  const eightPack = () => ({
    productId: beer.id,
    name: beer.name,
    quantity: 8,
    price: Number(beer.price8Pack),
    packSize: '8pack',
    packQuantity: 8,
  });

  /** An order of one 8 Pack, paid with the test card, as the checkout page makes one. */
  async function paidOrder(email: string): Promise<CheckoutAnswer> {
    const order = await server.api<CheckoutAnswer>('POST', '/api/create-payment-intent', {
      cartItems: [eightPack()],
      customerInfo: customer(email),
    });
    await server.api('POST', `/api/test-gateway/payment-intents/${order.paymentIntentId}/confirm`, {
      cardNumber: '4242 4242 4242 4242',
      clientSecret: order.clientSecret,
    });
    return order;
  }

  it.each(VIEWPORT_NAMES)(
    'given a paid order, on a %s, the footer’s Order status finds it by number and e-mail, keeps it on reload, and gives its tax invoice',
    async (viewport) => {
      const email = `found.${viewport}@example.com`;
      const order = await paidOrder(email);
      const context = await newShopContext(browser, server.url, { viewport, ageVerified: true });
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Order status' }).click();
      await page.getByRole('heading', { level: 1, name: 'Order status' }).waitFor();

      // A wrong e-mail address first: one message, the form kept.
      await page.getByLabel('Order number').fill(order.orderId);
      await page.getByLabel('E-mail address').fill('someone.else@example.com');
      await page.getByRole('button', { name: 'Find my order' }).click();
      await page
        .getByRole('alert')
        .getByText(/We could not find an order with that order number and e-mail address/)
        .waitFor();

      await page.getByLabel('E-mail address').fill(email.toUpperCase());
      await page.getByRole('button', { name: 'Find my order' }).click();
      const heading = page.getByRole('heading', { level: 1, name: `Order #${order.orderId}` });
      await heading.waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      await page
        .getByTestId('order-status-label')
        .getByText(/Paid|Packed/)
        .waitFor();
      expect(new URL(page.url()).searchParams.get('t')).toMatch(new RegExp(`^${order.orderId}\\.`));
      await page.getByText(`Payment reference: ${order.paymentIntentId.slice(order.paymentIntentId.indexOf('_') + 1)}`).waitFor();
      await fitsTheScreen(page);
      await screenshot(page, `order-status-${viewport}`);

      // The address is the order's signed link: a reload comes back to it without typing.
      await page.reload();
      await heading.waitFor();
      const invoice = page.getByRole('link', { name: /Download tax invoice .* \(PDF\)/ });
      const href = (await invoice.getAttribute('href')) ?? '';
      const pdf = await page.request.get(href);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
      await context.close();
    },
  );

  it('given a paid checkout, then the success page links to the order’s status', async () => {
    const order = await paidOrder('success.link@example.com');
    const context = await newShopContext(browser, server.url, { viewport: 'phone', ageVerified: true });
    const page = await context.newPage();
    await page.goto(
      `/order-success?payment_intent=${order.paymentIntentId}&payment_intent_client_secret=${order.clientSecret}&redirect_status=succeeded`,
    );
    await page.getByRole('link', { name: "See your order's status and tax invoice" }).click();
    await page.getByRole('heading', { level: 1, name: `Order #${order.orderId}` }).waitFor();
    await context.close();
  });

  it('given a phone at the payment step, when the shopper edits the details, continues, and reloads, then it is the same order; another device with the same e-mail replaces it', async () => {
    const email = `resume.${++shopper}@example.com`;
    const context = await newShopContext(browser, server.url, { viewport: 'phone', ageVerified: true });
    await context.addInitScript((line) => window.localStorage.setItem('cart', JSON.stringify([line])), { ...eightPack(), imageUrl: '' });
    const page = await context.newPage();
    await page.goto('/checkout');
    const form = page.getByRole('form', { name: 'Customer Information' });
    const details = customer(email);
    await form.getByLabel('Full name').fill(details.name);
    await form.getByLabel('Email').fill(details.email);
    await form.getByLabel('Phone').fill(details.phone);
    await form.getByLabel('Street address').fill(details.addressLine1);
    await form.getByLabel('Suburb').fill(details.suburb);
    await form.getByLabel('Postcode').fill(details.postCode);
    await chooseOption(page, form.getByRole('combobox', { name: 'State' }), 'WA');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const orderNumber = page.locator('.checkout-payment__order');
    await orderNumber.waitFor();
    const first = await orderNumber.textContent();

    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await orderNumber.waitFor();
    expect(await orderNumber.textContent()).toBe(first);
    await page.reload();
    await orderNumber.waitFor();
    expect(await orderNumber.textContent()).toBe(first);

    // The same shopper on another device at home: a new checkout, and the first one's cans are handed back.
    const orderId = /#(\d+)/.exec(first ?? '')?.[1] ?? '';
    const laptop = await server.api<CheckoutAnswer>('POST', '/api/create-payment-intent', {
      cartItems: [eightPack()],
      customerInfo: details,
    });
    expect(laptop.orderId).not.toBe(orderId);
    const replaced = await server.api<{ status: string }>('POST', '/api/order-status', { orderNumber: orderId, email });
    expect(replaced.status).toBe('cancelled');
    await context.close();
  });

  it.each(VIEWPORT_NAMES)(
    'given a %s, the footer’s Help leads to delivery, returns and privacy pages that fit the screen',
    async (viewport) => {
      const context = await newShopContext(browser, server.url, { viewport, ageVerified: true });
      const page = await context.newPage();
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.goto('/shop');
      for (const [link, title] of [
        ['Delivery', 'Delivery'],
        ['Returns & refunds', 'Returns & refunds'],
        ['Privacy', 'Privacy'],
      ] as const) {
        await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
        await fitsTheScreen(page);
        await screenshot(page, `terms-${link.split(' ')[0]?.toLowerCase() ?? link}-${viewport}`);
      }
      await page.goto('/delivery');
      const rates = page.getByRole('table', { name: 'Shipping rates' });
      expect(await rates.getByRole('row').filter({ hasText: 'Perth metro' }).textContent()).toContain('$10.00');
      await context.close();
    },
  );
});
