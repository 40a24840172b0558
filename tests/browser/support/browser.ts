import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = resolve(__dirname, '../../../test-results/screenshots');

/** Browser tests run where Debian's Chromium is installed (`npm test` installs it when it can). */
export const describeInBrowser: jest.Describe = existsSync(CHROMIUM)
  ? describe
  : (() => {
      // One line, once, saying why.
      console.log(`Browser tests skipped: ${CHROMIUM} is not installed (apt-get install chromium).`);
      return describe.skip;
    })();

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  /** A current phone (390 × 844 CSS px), where the storefront's phone journeys run. */
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/**
 * A server-rendered page shows before its code runs; a journey taps as a customer who waits for the page to
 * work, so every `goto` and `reload` of a page returns once the shop's code has taken over the page.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.documentElement.dataset['hydrated'] === 'true' || document.getElementById('root') === null,
    undefined,
    {
      timeout: 30_000,
    },
  );
}

function waitForHydrationAfterLoads(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    if (response !== null && (response.headers()['content-type'] ?? '').startsWith('text/html')) await waitForHydration(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    if (response !== null && (response.headers()['content-type'] ?? '').startsWith('text/html')) await waitForHydration(page);
    return response;
  };
}

/**
 * A fresh context per journey. Requests that would leave the machine are refused (the shop must work
 * offline); Stripe.js is answered by a stub when a test sets Stripe keys.
 */
export async function newShopContext(
  browser: Browser,
  baseURL: string,
  options: { viewport?: keyof typeof VIEWPORTS; ageVerified?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[options.viewport ?? 'desktop'] });
  context.on('page', waitForHydrationAfterLoads);
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  if (options.ageVerified) {
    // As a returning visitor's browser holds it: in local storage (the spec's key) and in the cookie the server reads.
    await context.addInitScript("window.localStorage.setItem('ageVerified', 'true')");
    await context.addCookies([{ name: 'age_verified', value: 'true', url: baseURL }]);
  }
  return context;
}

/**
 * Saves the whole page (or what the viewport shows) once it is still: a drawer or dialog that is sliding or
 * fading in is captured where it comes to rest (no slide or fade has been running for 150 ms; 3 s at most).
 * Fails when the page is wider than the viewport.
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  await page.evaluate(async () => {
    // A slide or fade lasts well under a second; a transition running longer (a toast's countdown) is not one.
    const moving = () =>
      document
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity && Number(a.currentTime ?? 0) < 1_000);
    const deadline = Date.now() + 3_000;
    for (let still = 0; still < 3 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      still = moving() ? 0 : still + 1;
    }
  });
  // From the top, so the sticky header and the toasts sit where a visitor first sees them, not mid-page; and
  // every screen fits the width it is shown at: nothing makes a phone scroll sideways.
  const overflowing = await page.evaluate((fromTop) => {
    if (fromTop) window.scrollTo(0, 0);
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.className.toString()}"> ends at ${element.getBoundingClientRect().right}px`,
      );
  }, fullPage);
  if (overflowing.length > 0)
    throw new Error(`${name}: the page is wider than the ${page.viewportSize()?.width}px viewport:\n${overflowing.join('\n')}`);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

/**
 * Picks an option of an antd Select and waits until the select shows it. antd animates the list open
 * and shut: a click that lands mid-animation can be lost, or the list can close under it and leave the click
 * waiting for an option that is no longer visible. So each attempt opens the list if it is shut, clicks the
 * option with a short timeout, and checks the field; a few attempts, then the last error.
 */
export async function chooseOption(page: Page, combobox: Locator, option: string): Promise<void> {
  const list = page.locator('.ant-select-dropdown:visible');
  // The select itself shows the option once chosen (in a form or not)
  const field = combobox.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (!(await list.isVisible())) await combobox.click();
      await list.getByTitle(option, { exact: true }).click({ timeout: 5000 });
      await field.filter({ hasText: option }).waitFor({ timeout: 3000 });
      await list.waitFor({ state: 'detached', timeout: 3000 });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
}
