import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { measure, median, print, type Figure } from './bench-stats';
import { boot, healthCaughtUp, memoryOf, shopHistory, writeShopHistory } from './rebuild.bench';
import { BENCH_ADMIN_PASSWORD, startShop, type ShopProcess } from './shop-process';

const ORDERS = Number(process.env.BENCH_ADMIN_ORDERS ?? 10_000);
const SEARCHES = Number(process.env.BENCH_ADMIN_SEARCHES ?? 400);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ACTIVE = ['paid', 'packed_awaiting_pickup', 'shipped', 'delivered', 'cancelled'];

/** A full garbage collection, so the heap holds only what is still referenced. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** The JavaScript heap an app holds once started on `dataDir` with its read models caught up (in memory). */
async function readModelHeap(dataDir: string): Promise<number> {
  const { app } = await boot(dataDir, {});
  collectGarbage();
  const used = process.memoryUsage().heapUsed;
  await app.close();
  return used;
}

/** What the operator types and picks through a week: a number, a name, a postcode, a status, a week, a sort, a deep page. */
function searches(): string[] {
  const status = ACTIVE.map((s) => `status=${s}`).join('&');
  const kinds = [
    (i: number) => `q=${1 + ((i * 7919) % ORDERS)}&${status}`,
    (i: number) => `q=${encodeURIComponent(['Jordan', 'Priya', 'Noah', 'Zoe'][i % 4] ?? 'Ada')}&${status}`,
    (i: number) => `q=${['6160', '3000', '7000', '6008'][i % 4]}&${status}`,
    (i: number) => `q=customer${1 + ((i * 104_729) % ORDERS)}%40example.com&${status}`,
    () => `status=paid`,
    (i: number) => `${status}&from=2026-01-${String(1 + (i % 28)).padStart(2, '0')}&to=2026-01-${String(1 + (i % 28)).padStart(2, '0')}`,
    () => `${status}&sort=-total`,
    (i: number) => `${status}&sort=createdAt&page=${1 + (i % 100)}&pageSize=100`,
    () => `${status}`,
  ];
  return Array.from({ length: SEARCHES }, (_, i) => `/api/admin/orders/search?${kinds[i % kinds.length]!(i)}`);
}

async function timedGet(url: string, token: string): Promise<number> {
  const started = process.hrtime.bigint();
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Search: one client, the queries one after another (the operator's browser), p50 and p99 per run. */
async function searchFigures(shop: ShopProcess, token: string): Promise<Figure[]> {
  const paths = searches();
  for (const path of paths.slice(0, 20)) await timedGet(`${shop.url}${path}`, token); // warm up
  const p50: number[] = [];
  const p99: number[] = [];
  for (let run = 0; run < 3; run++) {
    const times: number[] = [];
    for (const path of paths) times.push(await timedGet(`${shop.url}${path}`, token));
    p50.push(percentile(times, 50));
    p99.push(percentile(times, 99));
  }
  const how = `3 runs of ${SEARCHES} searches one after another (order number, name, postcode, e-mail, status, one Perth day, sort by total, pages up to 100 of 100), over HTTP to the built server; p50 and p99 of each run, median of the runs`;
  const figures: Figure[] = [
    { name: `search p50, ${ORDERS.toLocaleString('en-AU')} orders`, unit: 'ms', median: median(p50), runs: p50, how },
    { name: `search p99, ${ORDERS.toLocaleString('en-AU')} orders`, unit: 'ms', median: median(p99), runs: p99, how },
  ];
  figures.forEach(print);
  return figures;
}

/**
 * Active Orders in Chromium, for an operator logged in already (the browser holds what the login left: the
 * token in local storage and the session cookie of the admin page; and the age gate's answer). "Shows": from navigation to the first row
 * painted, as the browser's Element Timing reports it for the first order's number (the server draws the tab
 * for a live session, so this is before any script ran). "Usable": to the shop's code having taken the page
 * over (`<html data-hydrated>`), every button working. Cold: a fresh context, nothing cached (a first visit);
 * warm: the same operator opening it again, the scripts in the browser's cache, the data asked afresh.
 */
async function firstPageFigures(shop: ShopProcess): Promise<Figure[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  const loggedIn = async (): Promise<BrowserContext> => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const login = await context.request.post(`${shop.url}/api/admin/login`, { data: { password: BENCH_ADMIN_PASSWORD } });
    if (login.status() !== 201) throw new Error(`the benchmark's login answered ${login.status()}`);
    const { token } = (await login.json()) as { token: string };
    await context.addInitScript(`window.localStorage.setItem('adminToken', ${JSON.stringify(token)})`);
    // The age gate answered once, as every visitor's browser holds it: in local storage and in the server's cookie.
    await context.addInitScript(`window.localStorage.setItem('ageVerified', 'true')`);
    await context.addCookies([{ name: 'age_verified', value: 'true', url: shop.url }]);
    await context.addInitScript(FIRST_ROW_OBSERVER);
    return context;
  };
  const open = async (page: Page): Promise<{ shows: number; usable: number }> => {
    const started = Date.now();
    await page.goto(`${shop.url}/admin?tab=active-orders`);
    await page.waitForFunction(
      () => (globalThis as unknown as PageGlobals).document.documentElement.dataset['hydrated'] === 'true',
      undefined,
      {
        polling: 10,
        timeout: 30_000,
      },
    );
    const usable = Date.now() - started;
    await page.locator('.orders-table tbody tr.ant-table-row').first().waitFor({ state: 'visible', timeout: 30_000 });
    const painted = await page.evaluate(() => (globalThis as unknown as PageGlobals).__firstRowPainted);
    if (painted === undefined) throw new Error('the first order row was never painted');
    return { shows: Math.round(painted), usable };
  };
  const figures = (label: string, how: string, runs: { shows: number; usable: number }[]): Figure[] => {
    const shows = runs.map((run) => run.shows);
    const usable = runs.map((run) => run.usable);
    const made = [
      {
        name: `Active Orders first page shows in Chromium, ${label}, ${ORDERS.toLocaleString('en-AU')} orders`,
        unit: 'ms',
        median: median(shows),
        runs: shows,
        how: `${how}; to the first order row painted (Element Timing)`,
      },
      {
        name: `Active Orders first page usable in Chromium, ${label}, ${ORDERS.toLocaleString('en-AU')} orders`,
        unit: 'ms',
        median: median(usable),
        runs: usable,
        how: `${how}; to the page's code having taken it over`,
      },
    ];
    made.forEach(print);
    return made;
  };
  try {
    const cold: { shows: number; usable: number }[] = [];
    for (let run = 0; run < 5; run++) {
      const context = await loggedIn();
      cold.push(await open(await context.newPage()));
      await context.close();
    }
    const context = await loggedIn();
    const page = await context.newPage();
    await open(page);
    const warm: { shows: number; usable: number }[] = [];
    for (let run = 0; run < 5; run++) warm.push(await open(page));
    await context.close();
    return [
      ...figures(
        'cold',
        '5 runs, median; a fresh Chromium context (nothing cached) holding what the login left, from goto(/admin?tab=active-orders) (desktop 1440x900)',
        cold,
      ),
      ...figures(
        'warm',
        "5 runs, median; the same context opening the tab again (the shop's scripts cached, the page and its data asked afresh)",
        warm,
      ),
    ];
  } finally {
    await browser.close();
  }
}

/** What the measurement reads in the page (the benchmark is compiled without the DOM's types). */
interface PageGlobals {
  document: { documentElement: { dataset: Record<string, string | undefined> } };
  __firstRowPainted?: number;
}

/** Records when the first order's number is painted (its Element Timing entry), before any of the shop's scripts. */
const FIRST_ROW_OBSERVER = `new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.identifier === 'first-order' && window.__firstRowPainted === undefined) window.__firstRowPainted = entry.renderTime || entry.loadTime;
  }
}).observe({ type: 'element', buffered: true });`;

/** One PDF of 100 labels: first with every label still to create (a dispatch day), then printed again. */
async function bulkLabelFigures(shop: ShopProcess, token: string): Promise<Figure[]> {
  const post = async (orderIds: string[]): Promise<number> => {
    const started = process.hrtime.bigint();
    const res = await fetch(`${shop.url}/api/admin/shipping-labels/bulk`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ orderIds }),
    });
    const pdf = Buffer.from(await res.arrayBuffer());
    if (!res.ok || pdf.subarray(0, 4).toString() !== '%PDF') throw new Error(`bulk labels answered ${res.status}`);
    return Number(process.hrtime.bigint() - started) / 1e9;
  };
  const batch = (run: number) => Array.from({ length: 100 }, (_, i) => String(ORDERS - run * 100 - i));
  const create = await measure(
    'bulk PDF of 100 labels, all created now',
    's',
    '3 runs, median; POST /api/admin/shipping-labels/bulk with 100 paid orders without labels (each run another 100), until the whole PDF is read',
    3,
    (run) => post(batch(run)),
  );
  const reprint = await measure(
    'bulk PDF of the same 100 labels, printed again',
    's',
    '3 runs, median; the same request again: every label exists, only the PDF is made',
    3,
    () => post(batch(0)),
  );
  return [create, reprint];
}

/**
 * The operator's week at scale: a generated history of ORDERS paid orders (about 12 events each, written
 * straight into the embedded store as the rebuild benchmark does), served by the built server in its own
 * process with memory read models.
 */
export async function adminBench(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-admin-'));
  try {
    const empty = await boot(dataDir, {});
    const managers = empty.runner
      .statuses()
      .filter((s) => s.kind === 'process-manager')
      .map((s) => s.name);
    await empty.app.close();

    const emptyHeap = await readModelHeap(dataDir);

    const started = Date.now();
    const events = await writeShopHistory(
      { kind: 'pglite', dataDir: join(dataDir, 'eventstore') },
      managers,
      shopHistory({ orders: ORDERS }),
    );
    const fullHeap = await readModelHeap(dataDir);
    process.stdout.write(
      `(wrote ${ORDERS.toLocaleString('en-AU')} orders, ${events.toLocaleString('en-AU')} events, in ${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
    );

    const shop = await startShop({ CHECKOUT_RATE_PER_MINUTE: '1000000' }, dataDir);
    try {
      await healthCaughtUp(shop);
      const resident = memoryOf(shop.pid).residentMiB;
      const perOrder = (fullHeap - emptyHeap) / 1024 / ORDERS;
      const memory: Figure[] = [
        {
          name: `RSS of the built server with ${ORDERS.toLocaleString('en-AU')} orders`,
          unit: 'MiB',
          median: resident,
          runs: [resident],
          how: 'VmRSS from /proc of the built server (NODE_ENV=production, memory read models) once every projection caught up; one run',
        },
        {
          name: 'read-model memory per order',
          unit: 'KiB',
          median: perOrder,
          runs: [perOrder],
          how: 'the app started in the benchmark process on the same store, read models caught up, JavaScript heap used after a full garbage collection, with the history minus without it, divided by the orders; one run each',
        },
      ];
      memory.forEach(print);
      const token = await shop.adminToken();
      const search = await searchFigures(shop, token);
      const firstPage = await firstPageFigures(shop);
      const labels = await bulkLabelFigures(shop, token);
      return [...memory, ...search, ...firstPage, ...labels];
    } finally {
      await shop.stop();
    }
  } finally {
    if (process.env.BENCH_KEEP_DATA) process.stdout.write(`(kept the benchmark data in ${dataDir})\n`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}
