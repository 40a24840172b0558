import { isDeepStrictEqual } from 'node:util';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { chooseOption, describeInBrowser, launchChromium, newShopContext, screenshot } from './support/browser';
import { startShopServer, type ShopServer } from '../support/shop-server';

jest.setTimeout(120_000);

interface AdminOrder {
  id: string;
  status: string;
  paymentIntentId: string | null;
  customerEmail: string;
  totalAmount: string;
  totalCans: number;
}

interface Address {
  name: string;
  email: string;
  suburb: string;
  postCode: string;
  state: string;
}

const PERTH: Address = { name: 'Jordan Lee', email: 'jordan.lee@example.com', suburb: 'Perth', postCode: '6000', state: 'WA' };
const MELBOURNE: Address = { name: 'Sam Carter', email: 'sam.carter@example.com', suburb: 'Melbourne', postCode: '3000', state: 'VIC' };

/** Reads until the value settles on what is expected (projections and webhooks finish shortly after a reply). */
async function eventually<T>(read: () => Promise<T> | T, expected: T, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!isDeepStrictEqual(value, expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  expect(value).toEqual(expected);
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-notification-notice').getByText(text, { exact: true }).waitFor();
}

async function addToPack(
  page: Page,
  name: string,
  packLabel: 'Single Can' | '4 Pack' | '8 Pack' | '16 Pack',
  count: number,
): Promise<void> {
  const product = page.getByRole('article', { name });
  await product.getByRole('radio', { name: new RegExp(`^${packLabel} `) }).check();
  for (let i = 0; i < count; i += 1) await product.getByRole('button', { name: `Increase ${name} quantity` }).click();
  await product.getByRole('button', { name: `Add to Pack: ${name}` }).click();
}

async function fillCustomerInformation(page: Page, address: Address): Promise<void> {
  const form = page.getByRole('form', { name: 'Customer Information' });
  await form.getByLabel('Full name').fill(address.name);
  await form.getByLabel('Email').fill(address.email);
  await form.getByLabel('Phone').fill('0412 345 678');
  await form.getByLabel('Street address').fill('5 Hay Street');
  await form.getByLabel('Suburb').fill(address.suburb);
  await form.getByLabel('Postcode').fill(address.postCode);
  await chooseOption(page, form.getByRole('combobox', { name: 'State' }), address.state);
}

function summary(page: Page): Locator {
  return page.getByTestId('order-summary');
}

/** A full-page picture at both widths. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const [suffix, size] of [
    ['mobile', { width: 375, height: 812 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${suffix}`);
  }
}

async function payWith(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByRole('button', { name: 'Complete Payment' }).click();
}

describeInBrowser('checkout journeys', () => {
  let server: ShopServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const offSite: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'browser' }), launchChromium()]);
    await server.api('POST', '/api/admin/seed-products', undefined, await server.adminToken());
    context = await newShopContext(browser, server.url, { viewport: 'desktop' });
    page = await context.newPage();
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) offSite.push(request.url());
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  async function adminOrders(): Promise<AdminOrder[]> {
    return server.api<AdminOrder[]>('GET', '/api/admin/orders', undefined, await server.adminToken());
  }

  it('buys a 16-pack with the local test card: form, 4242, Order Confirmed!, an empty cart and a paid order', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: "Yes, I'm 18 or older" }).click();
    await page.getByRole('link', { name: 'Shop Now' }).click();
    await addToPack(page, 'Quokka Pale Ale', '8 Pack', 1);
    await addToPack(page, 'Fremantle Doctor XPA', '4 Pack', 2);
    await page.getByRole('button', { name: 'Your pack, 16 cans' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Pack' });
    await drawer.getByText('✓ Complete 16-pack').waitFor();
    await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();

    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByText('Complete your craft beer pack order').waitFor();
    await summary(page).getByText('1 8-pack (8 cans)').waitFor();
    await summary(page).getByText('2 4-packs (8 cans)').waitFor();
    expect(await summary(page).getByTestId('summary-subtotal').textContent()).toBe('Subtotal (16 cans)$98.00');
    await summary(page).getByText('Choose your state to see shipping').waitFor();

    await fillCustomerInformation(page, PERTH);
    await page.getByText('✓ Perth Metro delivery detected - $10 flat rate shipping').waitFor();
    expect(await summary(page).getByTestId('summary-shipping').textContent()).toBe('Shipping to WA (Perth Metro)$10.00');
    expect(await summary(page).getByTestId('summary-total').textContent()).toBe('Total$108.00');
    expect(await summary(page).getByTestId('summary-delivery').textContent()).toBe('Estimated delivery: 3-5 business days');
    await summary(page).getByText('✓ Complete 16-pack').waitFor();
    await summary(page).getByText('* Dispatched Mon/Wed/Thu from Perth brewery').waitFor();
    await screenshots(page, 'checkout-form');

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Payment Information').waitFor();
    await page.getByText('Test mode — no real payment').waitFor();
    expect(await page.getByTestId('amount-to-pay').textContent()).toBe('$108.00');
    const shippingTo = page.getByRole('region', { name: 'Shipping To' });
    await shippingTo.getByText(/Perth WA 6000/).waitFor();
    await screenshots(page, 'checkout-payment');

    await payWith(page, '4242 4242 4242 4242');
    await toast(page, 'Payment Successful');
    await toast(page, 'Thank you for your purchase!');
    await page.waitForURL(/\/order-success\?payment_intent=pi_[^&]+&payment_intent_client_secret=pi_[^&]+&redirect_status=succeeded$/);
    const paymentIntentId = new URL(page.url()).searchParams.get('payment_intent') ?? '';
    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();
    expect(await page.getByTestId('payment-reference').textContent()).toBe(paymentIntentId.slice(paymentIntentId.indexOf('_') + 1));
    await page.getByRole('heading', { name: 'Need Help?' }).waitFor();
    await page.getByRole('link', { name: 'Continue Shopping' }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).waitFor();

    await page.getByRole('button', { name: 'Your pack, 0 cans' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
    await screenshots(page, 'order-success');

    // Back after paying, on a phone: the result again, not an error about the pack (now empty, as it was bought).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goBack();
    await page.waitForURL(/\/order-success\?payment_intent=/);
    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();
    expect(await page.getByText('Invalid Pack Size').count()).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });

    const paidOrder = async () => {
      const order = (await adminOrders()).find((o) => o.paymentIntentId === paymentIntentId);
      return order ? { status: order.status, email: order.customerEmail, total: order.totalAmount, cans: order.totalCans } : null;
    };
    await eventually(paidOrder, { status: 'paid', email: PERTH.email, total: '108.00', cans: 16 });
  });

  it('shows "Payment Failed" for a declined card, stays, and takes another card on the same payment', async () => {
    await page.getByRole('link', { name: 'Continue Shopping' }).click();
    await addToPack(page, 'Swan Valley Lager', '16 Pack', 1);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('**/checkout');
    await fillCustomerInformation(page, MELBOURNE);
    expect(await summary(page).getByTestId('summary-shipping').textContent()).toBe('Shipping to VIC$15.00');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Test mode — no real payment').waitFor();

    await payWith(page, '4000 0000 0000 0002');
    await toast(page, 'Payment Failed');
    await toast(page, 'Your card was declined.');
    // Written beside the card form too, where it stays once the toast has gone
    await page.getByRole('note').filter({ hasText: 'Your card was declined. Try another card, or the same one again.' }).waitFor();
    // Focus is on that notice, a Tab from the card, not on the document.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('checkout-payment__refusal-box'))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await page.getByText('Payment Information').waitFor();
    await screenshots(page, 'checkout-declined');

    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/order-success\?/);
    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();
    const paymentIntentId = new URL(page.url()).searchParams.get('payment_intent');
    const paid = async () =>
      (await adminOrders()).filter((o) => o.customerEmail === MELBOURNE.email).map((o) => [o.paymentIntentId, o.status]);
    await eventually(paid, [[paymentIntentId, 'paid']]);
  });

  it('sends an incomplete pack back to the shop with "Invalid Pack Size"', async () => {
    await page.goto('/shop');
    await addToPack(page, 'Quokka Pale Ale', 'Single Can', 3);
    await page.getByRole('button', { name: 'Your pack, 3 cans' }).waitFor();
    await page.goto('/checkout');
    await page.waitForURL('**/shop');
    await toast(page, 'Invalid Pack Size');
    await toast(page, 'Please complete your pack before checkout.');
    await page.getByRole('heading', { level: 1, name: 'Our Craft Collection' }).waitFor();
  });

  it('shows Payment Issues when the server has no record of the payment, whatever the address says', async () => {
    await page.goto(
      '/order-success?payment_intent=pi_test_doesnotexist&payment_intent_client_secret=pi_test_doesnotexist_secret_x&redirect_status=succeeded',
    );
    await page.getByRole('heading', { level: 1, name: 'Payment Issues' }).waitFor();
    await page.getByText('There was an issue with your payment. Please try again or contact support.').waitFor();
    // The pack the customer was building is still there.
    await page.getByRole('button', { name: 'Your pack, 3 cans' }).waitFor();
    await page.getByRole('link', { name: 'Return to Shop' }).click();
    await page.waitForURL('**/shop');
  });

  it('never called anything off the machine: in test mode Stripe.js is not loaded', () => {
    expect(offSite).toEqual([]);
  });
});
