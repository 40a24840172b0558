import { isDeepStrictEqual } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { chooseOption, describeInBrowser, launchChromium, newShopContext, screenshot } from './support/browser';
import { startShopServer, type ShopServer } from '../support/shop-server';

jest.setTimeout(180_000);

interface SeededBeer {
  id: string;
  name: string;
  slug: string;
  inventory: number;
  price8Pack: string | null;
  enable8Pack: boolean;
}

interface CheckoutAnswer {
  orderId: string;
  paymentIntentId: string;
  clientSecret: string;
  amount: number;
}

interface AdminOrder {
  id: string;
  status: string;
  paymentIntentId: string | null;
  totalAmount: string;
}

/** "$12.34" from cents. */
const dollars = (cents: number): string => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Reads until the value settles on what is expected (projections finish shortly after a reply). */
async function eventually<T>(read: () => Promise<T> | T, expected: T, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!isDeepStrictEqual(value, expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  expect(value).toEqual(expected);
}

/** Nothing sticks out sideways: the page is no wider than the screen. */
async function fitsTheScreen(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

const PERTH_CUSTOMER = {
  name: 'Robin Brewer',
  phone: '0412 345 678',
  addressLine1: '5 Hay Street',
  addressLine2: '',
  suburb: 'Perth',
  postCode: '6000',
  state: 'WA',
};

async function fillDetails(page: Page, email: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Customer Information' });
  await form.getByLabel('Full name').fill(PERTH_CUSTOMER.name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill(PERTH_CUSTOMER.phone);
  await form.getByLabel('Street address').fill(PERTH_CUSTOMER.addressLine1);
  await form.getByLabel('Suburb').fill(PERTH_CUSTOMER.suburb);
  await form.getByLabel('Postcode').fill(PERTH_CUSTOMER.postCode);
  await chooseOption(page, form.getByRole('combobox', { name: 'State' }), PERTH_CUSTOMER.state);
}

/** The words the code's field is described by (its message), as a screen reader reads them with it. */
async function codeFieldMessage(page: Page): Promise<string> {
  return page.getByLabel('Discount code').evaluate((field) =>
    (field.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/**
 * Discount codes on a phone (390 px): the owner creates one in the Discounts tab, a customer applies it at
 * checkout, pays with the local test card, and the order is the discounted one; a code that is used up or unknown
 * says why on the field.
 */
describeInBrowser('discount codes on a phone', () => {
  let server: ShopServer;
  let browser: Browser;
  let beer: SeededBeer;
  let token: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'discounts' }), launchChromium()]);
    token = await server.adminToken();
    await server.api('POST', '/api/admin/seed-products', undefined, token);
    const products = await server.api<SeededBeer[]>('GET', '/api/products');
    const found = products.find((product) => product.enable8Pack && product.price8Pack !== null && product.inventory >= 64);
    if (found === undefined) throw new Error('no seeded beer offers 8 Packs with 64 cans in stock');
    beer = found;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Two 8 Packs of the beer, as the cart keeps them. */
  const sixteenCans = () => ({
    productId: beer.id,
    name: beer.name,
    quantity: 16,
    price: 2 * Number(beer.price8Pack),
    packSize: '8pack',
    packQuantity: 8,
  });

  it('given a 10% code the owner creates in the Discounts tab, a customer applies it, pays with the test card, and the order is discounted', async () => {
    // The owner, on a phone.
    const owner = await newShopContext(browser, server.url, { viewport: 'phone' });
    await owner.addInitScript(`window.localStorage.setItem('adminToken', ${JSON.stringify(token)})`);
    const admin = await owner.newPage();
    await admin.goto('/admin?tab=discounts');
    const panel = admin.getByRole('tabpanel', { name: 'Discounts', exact: true });
    const form = panel.locator('form').filter({ has: admin.getByRole('button', { name: 'Create code' }) });
    await form.getByLabel('Code', { exact: true }).fill('phone10');
    await form.getByLabel('Percent off').fill('10');
    await form.getByRole('button', { name: 'Create code' }).click();
    await admin.locator('.ant-notification-notice').getByText('Code created', { exact: true }).waitFor();
    const card = panel.getByRole('article', { name: 'PHONE10' });
    await card.getByText('10% off', { exact: true }).waitFor();
    await card.getByText('0 paid · 0 held').waitFor();
    await screenshot(admin, 'discounts-admin-phone');

    // A customer, on a phone: a pack of two 8 Packs from the beer's page.
    const customer = await newShopContext(browser, server.url, { viewport: 'phone', ageVerified: true });
    const page = await customer.newPage();
    await page.goto(`/shop/${beer.slug}`);
    const main = page.locator('main');
    await main.locator('label', { hasText: '8 Pack' }).first().click();
    const increase = main.getByRole('button', { name: /^Increase/ }).first();
    await increase.click();
    await increase.click();
    await main
      .getByRole('button', { name: `Add to Pack: ${beer.name}` })
      .first()
      .click();
    await page.getByRole('button', { name: 'Your pack, 16 cans' }).click();
    await page.getByRole('dialog', { name: 'Your Pack' }).getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('**/checkout');

    const subtotalCents = Math.round(2 * Number(beer.price8Pack) * 100);
    const discountCents = Math.floor((subtotalCents * 10 + 50) / 100);
    const totalCents = subtotalCents + 1000 - discountCents;
    const summary = page.getByTestId('order-summary');
    await summary.getByText(`Subtotal (16 cans)`).waitFor();

    await page.getByRole('button', { name: 'Have a code?' }).click();
    await page.getByLabel('Discount code').fill('phone10');
    await page.getByRole('button', { name: 'Apply' }).click();
    const line = summary.getByTestId('summary-discount');
    await line.waitFor();
    expect(await line.textContent()).toBe(`Discount (PHONE10, 10% off)\u2212${dollars(discountCents)}`);
    expect(await codeFieldMessage(page)).toBe('PHONE10 applied: 10% off.');

    await fillDetails(page, 'robin.discount@example.com');
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="summary-total"]')?.textContent === expected,
      `Total${dollars(totalCents)}`,
    );
    expect(await summary.getByTestId('summary-shipping').textContent()).toBe('Shipping to WA (Perth Metro)$10.00');
    await fitsTheScreen(page);
    await screenshot(page, 'discounts-checkout-phone');

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Test mode — no real payment').waitFor();
    expect(await page.getByTestId('amount-to-pay').textContent()).toBe(dollars(totalCents));
    expect(await page.getByTestId('payment-discount').textContent()).toBe(
      `Includes ${dollars(discountCents)} off with the code PHONE10 (10% off).`,
    );
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await page.waitForURL(/\/order-success\?payment_intent=pi_[^&]+&payment_intent_client_secret=/);
    const paymentIntentId = new URL(page.url()).searchParams.get('payment_intent') ?? '';
    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();

    // The order's status page: the total charged is the discounted one.
    await page.getByRole('link', { name: "See your order's status and tax invoice" }).click();
    await page.getByRole('heading', { level: 1, name: /^Order #\d+$/ }).waitFor();
    expect(await page.locator('.order-status__total dd').textContent()).toBe(dollars(totalCents));
    await fitsTheScreen(page);
    await screenshot(page, 'discounts-order-status-phone');

    const paid = async () => {
      const orders = await server.api<AdminOrder[]>('GET', '/api/admin/orders', undefined, token);
      const order = orders.find((o) => o.paymentIntentId === paymentIntentId);
      return order === undefined ? null : { status: order.status, total: order.totalAmount };
    };
    await eventually(paid, { status: 'paid', total: (totalCents / 100).toFixed(2) });

    // The owner's list counts the paid use.
    await admin.reload();
    await panel.getByRole('article', { name: 'PHONE10' }).getByText('1 paid · 0 held').waitFor();
    await customer.close();
    await owner.close();
  });

  it('given a code used as many times as it can be, or one that is not the shop’s, says why on the field and the customer pays without it', async () => {
    await server.api('POST', '/api/admin/discount-codes', { code: 'ONCE-ONLY', kind: 'amount', value: 5, maxUses: 1 }, token);
    // Its one use, paid.
    const used = await server.api<CheckoutAnswer>('POST', '/api/create-payment-intent', {
      cartItems: [sixteenCans()],
      customerInfo: { ...PERTH_CUSTOMER, email: 'first.in@example.com' },
      discountCode: 'once-only',
    });
    await server.api('POST', `/api/test-gateway/payment-intents/${used.paymentIntentId}/confirm`, {
      cardNumber: '4242 4242 4242 4242',
      clientSecret: used.clientSecret,
    });

    const customer = await newShopContext(browser, server.url, { viewport: 'phone', ageVerified: true });
    await customer.addInitScript((line) => window.localStorage.setItem('cart', JSON.stringify([line])), { ...sixteenCans(), imageUrl: '' });
    const page = await customer.newPage();
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Have a code?' }).click();
    const field = page.getByLabel('Discount code');

    await field.fill('once-only');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForFunction(() => document.getElementById('discount-code')?.getAttribute('aria-invalid') === 'true');
    await eventually(() => codeFieldMessage(page), 'That code has been used as many times as it can be.');
    expect(await page.getByTestId('summary-discount').count()).toBe(0);
    await fitsTheScreen(page);
    await screenshot(page, 'discounts-used-up-phone');

    await field.fill('NOPE-123');
    await page.getByRole('button', { name: 'Apply' }).click();
    await eventually(() => codeFieldMessage(page), 'That code is not one of ours.');
    expect(await page.getByTestId('summary-discount').count()).toBe(0);

    // Without a code the checkout goes on as ever.
    await field.fill('');
    await fillDetails(page, 'robin.nocode@example.com');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Test mode — no real payment').waitFor();
    const subtotalCents = Math.round(2 * Number(beer.price8Pack) * 100);
    expect(await page.getByTestId('amount-to-pay').textContent()).toBe(dollars(subtotalCents + 1000));
    await customer.close();
  });

  it('given a code of 32 letters typed but never applied, "Continue to Payment" takes it, and every page with it fits the phone', async () => {
    const code = 'ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEF';
    // The owner creates it on a phone: its card, and its history, fit the screen.
    const owner = await newShopContext(browser, server.url, { viewport: 'phone' });
    await owner.addInitScript(`window.localStorage.setItem('adminToken', ${JSON.stringify(token)})`);
    const admin = await owner.newPage();
    await admin.goto('/admin?tab=discounts');
    const panel = admin.getByRole('tabpanel', { name: 'Discounts', exact: true });
    const form = panel.locator('form').filter({ has: admin.getByRole('button', { name: 'Create code' }) });
    await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await form.getByLabel('Percent off').fill('20');
    await form.getByLabel('Most orders in all').fill('1');
    await form.getByRole('button', { name: 'Create code' }).click();
    const card = panel.getByRole('article', { name: code });
    await card.getByText('20% off', { exact: true }).waitFor();
    await card.getByText('Up to 1 order', { exact: true }).waitFor();
    await fitsTheScreen(admin);
    await screenshot(admin, 'discounts-long-code-admin-phone');
    await card.getByRole('button', { name: `History of ${code}` }).click();
    const history = admin.getByRole('dialog', { name: `History of ${code}` });
    await history.getByText(/^Created/).waitFor();
    const historyTitle = history.locator('.ant-drawer-title');
    expect(await historyTitle.evaluate((title) => title.scrollWidth <= title.clientWidth)).toBe(true);
    await fitsTheScreen(admin);
    await screenshot(admin, 'discounts-long-code-history-phone', { fullPage: false });
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'hidden' });
    await card.getByRole('button', { name: `Disable ${code}` }).click();
    const question = admin.locator('.ant-modal-confirm-title');
    await question.getByText(`Disable ${code}?`).waitFor();
    expect(await question.evaluate((title) => title.scrollWidth <= title.clientWidth)).toBe(true);
    await fitsTheScreen(admin);
    await screenshot(admin, 'discounts-long-code-disable-phone', { fullPage: false });
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await owner.close();

    // A customer types it and goes on without pressing Apply.
    const customer = await newShopContext(browser, server.url, { viewport: 'phone', ageVerified: true });
    await customer.addInitScript((line) => window.localStorage.setItem('cart', JSON.stringify([line])), { ...sixteenCans(), imageUrl: '' });
    const page = await customer.newPage();
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Have a code?' }).click();
    await page.getByLabel('Discount code').fill(code.toLowerCase());
    await fillDetails(page, 'robin.typed@example.com');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Test mode — no real payment').waitFor();

    const subtotalCents = Math.round(2 * Number(beer.price8Pack) * 100);
    const discountCents = Math.floor((subtotalCents * 20 + 50) / 100);
    const totalCents = subtotalCents + 1000 - discountCents;
    expect(await page.getByTestId('amount-to-pay').textContent()).toBe(dollars(totalCents));
    expect(await page.getByTestId('payment-discount').textContent()).toBe(
      `Includes ${dollars(discountCents)} off with the code ${code} (20% off).`,
    );
    expect(await page.getByTestId('summary-discount').textContent()).toBe(`Discount (${code}, 20% off)\u2212${dollars(discountCents)}`);
    await fitsTheScreen(page);
    await screenshot(page, 'discounts-long-code-payment-phone');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await page.waitForURL(/\/order-success\?payment_intent=pi_[^&]+&payment_intent_client_secret=/);
    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();
    await page.getByRole('link', { name: "See your order's status and tax invoice" }).click();
    await page.getByRole('heading', { level: 1, name: /^Order #\d+$/ }).waitFor();
    expect(await page.locator('.order-status__total dd').textContent()).toBe(dollars(totalCents));
    await page.getByText(`Discount (${code}, 20% off)`).waitFor();
    await fitsTheScreen(page);
    await screenshot(page, 'discounts-long-code-order-status-phone');
    await customer.close();
  });
});
