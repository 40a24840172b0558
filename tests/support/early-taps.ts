import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

/** A phone on a slow network, as a returning customer meets the shop: 4× slower CPU, 150 ms latency, 200 kB/s. */
export const SLOW_PHONE = { cpuSlowdown: 4, latencyMs: 150, bytesPerSecond: 200 * 1024 } as const;

/** The page runs as on the slow phone: its CPU four times slower, its network 150 ms away at 200 kB/s. */
export async function asSlowPhone(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.latencyMs,
    downloadThroughput: SLOW_PHONE.bytesPerSecond,
    uploadThroughput: SLOW_PHONE.bytesPerSecond,
  });
}

/** Taps 150 ms apart from the first paint, as a customer who does not wait for the page's code. */
export const TAP_INTERVAL_MS = 150;

export interface EarlyTapsRun {
  /** From navigation start to the first contentful paint, ms. */
  firstPaintMs: number;
  /** From navigation start to the code's takeover (`data-hydrated`), ms. */
  takeoverMs: number;
  /** How many of the taps were made before the takeover (the run says nothing unless some were). */
  tapsBeforeTakeover: number;
  /** The taps that did not take effect, each with what is missing. */
  lost: string[];
}

/**
 * On a server-drawn page (`/shop` or the beer's own page) with the pack empty: from the first paint, taps "4 Pack"
 * of `beer` (which must offer 4 Packs), "+", "Add to Pack" and the header's cart, 150 ms apart, then checks that
 * each took effect once the code has taken over: the card shows 4 Pack, the pack holds one 4 Pack of that beer,
 * the drawer is open.
 */
export async function tapFromFirstPaint(
  browser: Browser,
  baseURL: string,
  path: string,
  options: { beer: string; throttled: boolean },
): Promise<EarlyTapsRun> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    // A returning adult, with the takeover's moment noted by the page itself.
    await context.addInitScript(() => {
      window.localStorage.setItem('ageVerified', 'true');
      new MutationObserver((_changes, observer) => {
        if (document.documentElement.dataset['hydrated'] !== 'true') return;
        (window as unknown as { takeoverAt: number }).takeoverAt = performance.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    await context.addCookies([{ name: 'age_verified', value: 'true', url: baseURL }]);
    const page = await context.newPage();
    if (options.throttled) await asSlowPhone(context, page);
    await page.goto(path, { waitUntil: 'commit' });
    const scope = path === '/shop' ? page.getByRole('article', { name: options.beer }) : page.locator('main');
    const fourPack = scope.locator('label', { hasText: '4 Pack' }).first();
    await fourPack.waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 60_000 });

    const beer = options.beer;
    const targets: Locator[] = [
      fourPack,
      scope.getByRole('button', { name: /^Increase/ }).first(),
      scope.getByRole('button', { name: /^Add to Pack/ }).first(),
      page.getByRole('button', { name: /^Your pack/ }),
    ];
    // The customer has the beer's choices in view (scrolled by hand before the code came), and taps what they see
    // where it is drawn, measured before the first tap.
    await targets[2]?.evaluate((button) => button.scrollIntoView({ block: 'center' }));
    const points = await Promise.all(
      targets.map(async (target) => {
        const box = await target.boundingBox();
        if (box === null) throw new Error(`${path}: a control to tap is not drawn`);
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      }),
    );
    let tapsBeforeTakeover = 0;
    for (const point of points) {
      const before = await page.evaluate(() => document.documentElement.dataset['hydrated'] !== 'true');
      await page.touchscreen.tap(point.x, point.y);
      if (before) tapsBeforeTakeover += 1;
      await page.waitForTimeout(TAP_INTERVAL_MS);
    }
    await page.waitForFunction(() => document.documentElement.dataset['hydrated'] === 'true', undefined, { timeout: 60_000 });
    const lost = await whatWasLost(page, fourPack, beer);
    const timing = await page.evaluate(() => ({
      firstPaintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      takeoverMs: (window as unknown as { takeoverAt?: number }).takeoverAt ?? Number.NaN,
    }));
    return { ...timing, tapsBeforeTakeover, lost };
  } finally {
    await context.close();
  }
}

/** Each effect the four taps should have had, waited for a little (the kept taps are replayed one per task). */
async function whatWasLost(page: Page, fourPack: Locator, beer: string): Promise<string[]> {
  const settle = async (check: () => Promise<boolean>): Promise<boolean> => {
    for (let i = 0; i < 50; i++) {
      if (await check()) return true;
      await page.waitForTimeout(100);
    }
    return false;
  };
  const lost: string[] = [];
  const chosen = await settle(() =>
    fourPack.evaluate(
      (label: HTMLLabelElement): boolean => label.querySelector('input')?.checked === true && label.className.includes('--checked'),
    ),
  );
  if (!chosen) lost.push('4 Pack: the card does not show 4 Pack chosen');
  const lines = async () =>
    page.evaluate(
      () => JSON.parse(window.localStorage.getItem('cart') ?? '[]') as { name?: string; packSize?: string; quantity?: number }[],
    );
  // One 4 Pack: a line of 4 cans (quantities are in cans) packed in fours.
  const added = await settle(async () =>
    (await lines()).some((line) => line.name === beer && line.packSize === '4pack' && line.quantity === 4),
  );
  if (!added) {
    const holds = JSON.stringify(await lines());
    lost.push(`+: the pack holds ${holds}, not one 4 Pack of ${beer}`, `Add to Pack: the pack holds ${holds}, not one 4 Pack of ${beer}`);
  }
  const open = await settle(async () => page.getByRole('dialog').filter({ hasText: /Pack/ }).isVisible());
  if (!open) lost.push('the cart: the drawer did not open');
  return lost;
}
