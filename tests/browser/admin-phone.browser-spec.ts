import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { openPickupDates, pickupDayLabel } from '@brewery/shop-rules';
import { chooseOption, describeInBrowser, launchChromium, newShopContext, screenshot } from './support/browser';
import { startShopServer, type ShopServer } from '../support/shop-server';

jest.setTimeout(240_000);

interface ShopProduct {
  id: string;
  name: string;
  price4Pack: string | null;
}

interface CheckoutAnswer {
  clientSecret: string;
  paymentIntentId: string;
  orderId: string;
}

interface AdminOrder {
  id: string;
  status: string;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const TABS = [
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
] as const;

/** What each tab shows once it is open. */
const SHOWS: Record<(typeof TABS)[number], (panel: Locator) => Locator> = {
  Products: (panel) => panel.getByRole('button', { name: 'Add Product' }),
  'Active Orders': (panel) => panel.getByRole('region', { name: 'Active orders' }),
  'Pending Orders': (panel) => panel.getByRole('region', { name: 'Pending orders' }),
  Shipping: (panel) => panel.getByText(/label/i).first(),
  Analytics: (panel) => panel.getByText('Sales Report', { exact: true }),
  'Order Backups': (panel) => panel.getByRole('button', { name: 'Recover Order' }),
  System: (panel) => panel.getByRole('heading', { name: 'System Monitor' }),
  Discounts: (panel) => panel.getByRole('button', { name: 'Create code' }),
  Club: (panel) => panel.getByRole('button', { name: 'Create run' }),
  Staff: (panel) => panel.getByRole('button', { name: 'Invite' }),
  'My account': (panel) => panel.getByText('Two-factor codes', { exact: true }),
};

const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The part of a control a person sees: its box within the screen and within every box that clips it (a dialog or
 * a drawer that scrolls), or null when none of it is in view; and whether the control itself is what a tap at the
 * middle of that part reaches (nothing drawn over it).
 */
async function seenPart(control: Locator): Promise<{ box: Box; reached: boolean } | null> {
  return control.evaluate((element) => {
    const own = element.getBoundingClientRect();
    let box = { left: own.left, top: own.top, right: own.right, bottom: own.bottom };
    const clip = (by: { left: number; top: number; right: number; bottom: number }) => {
      box = {
        left: Math.max(box.left, by.left),
        top: Math.max(box.top, by.top),
        right: Math.min(box.right, by.right),
        bottom: Math.min(box.bottom, by.bottom),
      };
    };
    clip({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight });
    for (let holder = element.parentElement; holder !== null; holder = holder.parentElement) {
      const style = getComputedStyle(holder);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') clip(holder.getBoundingClientRect());
    }
    if (box.right - box.left < 1 || box.bottom - box.top < 1) return null;
    const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
    return { box, reached: hit !== null && (element === hit || element.contains(hit)) };
  });
}

/** The toast showing, once it has come to rest. */
async function restingToast(page: Page, text: string | RegExp): Promise<Box> {
  const toast = page.locator('.ant-notification-notice').filter({ hasText: text });
  await toast.waitFor();
  let last: Box | null = null;
  for (let tries = 0; tries < 40; tries++) {
    const seen = await toast.boundingBox();
    const box = seen === null ? null : { left: seen.x, top: seen.y, right: seen.x + seen.width, bottom: seen.y + seen.height };
    if (box !== null && last !== null && JSON.stringify(box) === JSON.stringify(last)) return box;
    last = box;
    await page.waitForTimeout(100);
  }
  throw new Error(`the toast "${String(text)}" did not come to rest`);
}

/** Every control named is either out of view, or in view with no part under the toast and reachable by a tap. */
async function clearOfToast(toast: Box, controls: Locator[]): Promise<number> {
  let inView = 0;
  for (const control of controls) {
    const seen = await seenPart(control);
    if (seen === null) continue;
    inView += 1;
    const name = (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '';
    expect({ control: name, underToast: overlaps(seen.box, toast) }).toEqual({ control: name, underToast: false });
    expect({ control: name, reached: seen.reached }).toEqual({ control: name, reached: true });
  }
  return inView;
}

describeInBrowser('the admin on a 390 px phone: one tap per tab, toasts clear of every control, reports that fit', () => {
  let server: ShopServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const saturday = openPickupDates(new Date())[0] ?? '';
  const delivered: string[] = [];
  const pickups: string[] = [];

  async function checkout(product: ShopProduct, n: number, pickup: boolean): Promise<CheckoutAnswer> {
    const customer = { name: `Phone Customer ${n}`, email: `phone${n}@example.com`, phone: '0412 345 678' };
    const order = await server.api<CheckoutAnswer>('POST', '/api/create-payment-intent', {
      cartItems: [
        { productId: product.id, name: product.name, quantity: 4, price: Number(product.price4Pack), packSize: '4pack', packQuantity: 4 },
      ],
      customerInfo: pickup ? customer : { ...customer, addressLine1: `${n} Hay Street`, suburb: 'Perth', postCode: '6000', state: 'WA' },
      ...(pickup ? { fulfilment: { method: 'pickup', pickupDate: saturday } } : {}),
    });
    await server.api('POST', `/api/test-gateway/payment-intents/${order.paymentIntentId}/confirm`, {
      cardNumber: '4242 4242 4242 4242',
      clientSecret: order.clientSecret,
    });
    return order;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer({ name: 'admin-phone' }), launchChromium()]);
    const token = await server.adminToken();
    await server.api(
      'POST',
      '/api/admin/products',
      {
        name: 'Cellar Door Lager',
        style: 'Lager',
        description: 'For Saturdays at the brewery.',
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
    const product = (await server.api<ShopProduct[]>('GET', '/api/products')).find((p) => p.name === 'Cellar Door Lager');
    if (product === undefined) throw new Error('no product');
    for (let n = 0; n < 4; n++) delivered.push((await checkout(product, n, false)).orderId);
    for (let n = 4; n < 10; n++) pickups.push((await checkout(product, n, true)).orderId);
    for (const id of [...delivered, ...pickups]) {
      for (let tries = 0; ; tries++) {
        const orders = await server.api<AdminOrder[]>('GET', '/api/admin/orders', undefined, token);
        if (orders.find((o) => o.id === id)?.status === 'paid') break;
        if (tries > 100) throw new Error(`order #${id} was not paid`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    // An operator who never answered the shop's 18+ question: the admin does not ask it.
    context = await newShopContext(browser, server.url, { viewport: 'phone' });
    await context.addInitScript(`window.localStorage.setItem('adminToken', ${JSON.stringify(token)})`);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('opens /admin with no age gate, and reaches every tab with one tap each, all of them in view', async () => {
    await page.goto('/admin?tab=products');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Are you 18 or older?' }).count()).toBe(0);
    const strip = page.getByRole('tablist', { name: 'Admin sections' });
    // No tab hides behind a menu
    expect(await strip.getByRole('tab').count()).toBe(TABS.length);
    expect(await page.locator('.ant-tabs-nav-more, [aria-haspopup="listbox"]').filter({ hasText: '…' }).count()).toBe(0);
    for (const name of [...TABS.slice(1), TABS[0]]) {
      const tab = strip.getByRole('tab', { name, exact: true });
      // Whole, on the screen, before it is tapped
      const box = await tab.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      // One tap, and no other: the tab is selected by it
      await tab.click();
      await strip.getByRole('tab', { name, exact: true, selected: true }).waitFor({ timeout: 5_000 });
      const panel = page.getByRole('tabpanel', { name, exact: true });
      await SHOWS[name](panel).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).searchParams.get('tab')).toBe(name === 'My account' ? 'account' : name.toLowerCase().replace(' ', '-'));
    }
    await screenshot(page, 'admin-tabs-phone', { fullPage: false });
  });

  it("shows a toast raised while editing an order's tracking clear of the tracking field and the form's controls", async () => {
    const orderId = delivered[0]!;
    await page.goto(`/admin?tab=active-orders&q=${orderId}`);
    const card = page.getByRole('article', { name: `Order #${orderId}`, exact: true });
    await card.getByRole('button', { name: `Update Tracking of order #${orderId}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Order #${orderId}`) });
    const reference = dialog.getByLabel('Tracking reference');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Status' }), 'Shipped');
    await reference.fill('AP123456789');
    const form = dialog.getByRole('region', { name: 'Status and tracking' });
    const controls = [
      reference,
      form.getByRole('combobox', { name: 'Status' }),
      form.getByRole('button', { name: 'Update Order' }),
      form.getByRole('checkbox').first(),
    ];
    // Wherever the field is on the screen when the operator saves from it (Enter, still in the field): just under
    // where the site's header was, mid-screen, at the very bottom
    const places = [
      { where: 'near the top', top: 80 },
      { where: 'mid-screen', top: 400 },
      { where: 'at the bottom', top: 844 - 48 },
    ];
    for (const [index, { top }] of places.entries()) {
      await page.locator('.ant-notification-notice').waitFor({ state: 'detached' });
      await reference.evaluate((field, at) => {
        const wrap = field.closest('.ant-modal-wrap');
        if (wrap !== null) wrap.scrollTop += field.getBoundingClientRect().top - at;
      }, top);
      await reference.focus();
      await reference.press('Enter');
      const toast = await restingToast(page, index === 0 ? 'Order updated and customer notified by email' : /./);
      expect(await clearOfToast(toast, controls)).toBeGreaterThanOrEqual(1);
      // The field being edited stays in view, above the toast
      expect(await seenPart(reference)).not.toBeNull();
      if (index === 0) await screenshot(page, 'admin-tracking-toast-phone', { fullPage: false });
      await page.locator('.ant-notification-notice').getByRole('button', { name: /close/i }).click();
    }
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows the hand-over toast clear of the cellar door controls, the hand-over buttons included', async () => {
    await page.goto('/admin?tab=active-orders');
    await page.getByRole('button', { name: 'Cellar door' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cellar door' });
    await chooseOption(page, drawer.getByRole('combobox', { name: 'Saturday' }), pickupDayLabel(saturday));
    const list = drawer.getByRole('region', { name: 'Cellar door list' });
    const handOvers = list.getByRole('button', { name: /^Hand over order #/ });
    // The last card at the bottom of the screen, where a toast at the bottom would lie
    const last = pickups[pickups.length - 1]!;
    const lastButton = list.getByRole('button', { name: new RegExp(`^Hand over order #${last} `) });
    await lastButton.waitFor();
    expect(await handOvers.count()).toBe(pickups.length);
    await lastButton.scrollIntoViewIfNeeded();
    const first = pickups[0]!;
    await list.getByRole('button', { name: new RegExp(`^Hand over order #${first} `) }).click();
    const handOver = page.getByRole('dialog', { name: new RegExp(`^Hand over order #${first} `) });
    await handOver.getByRole('checkbox', { name: 'Photo ID checked: the person collecting is 18 or older' }).check();
    await chooseOption(page, handOver.getByRole('combobox', { name: 'Photo ID' }), 'Passport');
    await handOver.getByRole('button', { name: 'Confirm hand-over' }).click();
    const toast = await restingToast(page, `Order #${first} collected by the customer (Passport checked)`);
    await handOver.waitFor({ state: 'hidden' });
    const controls = [
      drawer.getByRole('combobox', { name: 'Saturday' }),
      drawer.getByRole('button', { name: 'Refresh' }),
      drawer.getByRole('button', { name: 'Print' }),
      drawer.getByRole('button', { name: 'Close' }),
      ...(await handOvers.all()),
    ];
    expect(await clearOfToast(toast, controls)).toBeGreaterThanOrEqual(4);
    await screenshot(page, 'admin-cellar-door-toast-phone', { fullPage: false });
    await drawer.getByRole('button', { name: 'Close' }).click();
  });

  it('shows the sales report as cards with readable charts, and says how it and the GST summary differ', async () => {
    await page.goto('/admin?tab=analytics');
    const report = page.locator('.ant-card').filter({ has: page.getByText('Sales Report', { exact: true }) });
    await report.getByRole('button', { name: 'Generate Report' }).click();
    const cards = report.getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(delivered.length + pickups.length);
    // Every figure of a line in view: nothing cut off at the right of the screen
    const firstCard = cards.first();
    for (const figure of ['Bought', 'Cans', 'Unit price', 'Line total']) await firstCard.getByText(figure, { exact: true }).waitFor();
    const cardBox = await firstCard.boundingBox();
    expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(390);
    await report.getByText('How this differs from the GST summary:').waitFor();
    // The charts' words at 11 px or more on the screen
    const sizes = await report.locator('svg.bar-chart__svg').evaluateAll((charts) =>
      charts.flatMap((chart) => {
        const scale = chart.getBoundingClientRect().width / (chart as SVGSVGElement).viewBox.baseVal.width;
        return Array.from(chart.querySelectorAll('text')).map((text) => Number.parseFloat(getComputedStyle(text).fontSize) * scale);
      }),
    );
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
    await screenshot(page, 'admin-sales-report-phone');

    const books = page.locator('.ant-card').filter({ has: page.getByText('The Books', { exact: true }) });
    await books.getByRole('button', { name: 'GST summary' }).click();
    await books.getByText('How this differs from the sales report:').waitFor();
  });

  it('System: the answer first in plain words, the button that fixes each problem, the engines under Details', async () => {
    // A beer down to its last 3 cans: something for the operator
    await server.api(
      'POST',
      '/api/admin/products',
      {
        name: 'Last Cans Stout',
        style: 'Stout',
        description: 'Nearly gone.',
        abv: 5.5,
        price: '7.00',
        inventory: 3,
        imageUrl: '/cans/swan-valley-lager.svg',
        enable4Pack: false,
        enable8Pack: false,
        enable16Pack: false,
        isActive: true,
        archived: false,
      },
      await server.adminToken(),
    );
    await page.goto('/admin?tab=system');
    const panel = page.getByRole('tabpanel', { name: 'System' });
    const verdict = panel.getByRole('region', { name: 'Needs your attention' });
    await verdict.waitFor();
    const problem = verdict.getByRole('article', { name: '1 beer is almost sold out.' });
    await problem.getByText('Customers can buy 5 cans or fewer of Last Cans Stout (3 cans left).', { exact: false }).waitFor();
    await problem.getByText('Restock in the Products tab', { exact: false }).waitFor();
    // No engine, adapter or lag counter in the answer
    expect(await verdict.textContent()).not.toMatch(/PGlite|pglite|events behind|read model/i);
    const details = panel.locator('details.system__details');
    expect(await details.getAttribute('open')).toBeNull();
    expect(await panel.getByRole('region', { name: 'Services' }).isVisible()).toBe(false);
    await panel.getByText('Details', { exact: true }).click();
    await panel.getByRole('region', { name: 'Services' }).waitFor();
    await panel
      .getByText(/events behind/)
      .first()
      .waitFor();
    await screenshot(page, 'admin-system-phone');
  });
});
