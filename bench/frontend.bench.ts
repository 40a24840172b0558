import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { median, print, type Figure } from './bench-stats';
import { ROOT, startShop } from './shop-process';
import { SLOW_PHONE, TAP_INTERVAL_MS, tapFromFirstPaint } from '../tests/support/early-taps';

const DIST = join(ROOT, 'frontend/dist');
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
type Preset = 'mobile' | 'desktop';

// ── What each page loads, read from the build's manifest (`frontend/dist/.vite/manifest.json`)

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The files (JS and CSS, under `assets/`) of the given chunks and of every chunk they import statically. */
function filesOf(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? [])]) files.add(file.replace(/^assets\//, ''));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

interface Sizes {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
  jsGzip: number;
  cssGzip: number;
}

function sizes(files: Iterable<string>): Sizes {
  const total: Sizes = { files: 0, raw: 0, gzip: 0, brotli: 0, jsGzip: 0, cssGzip: 0 };
  for (const file of files) {
    const bytes = readFileSync(join(DIST, 'assets', file));
    const gzip = gzipSync(bytes, { level: 9 }).length;
    total.files += 1;
    total.raw += bytes.length;
    total.gzip += gzip;
    total.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    if (file.endsWith('.css')) total.cssGzip += gzip;
    else total.jsGzip += gzip;
  }
  return total;
}

function sizeFigures(): Figure[] {
  const manifestPath = join(DIST, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error('frontend/dist has no .vite/manifest.json: build the frontend first');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true);
  if (entry === undefined) throw new Error('the manifest has no entry');
  const route = (name: string) => `src/app/routes/${name}.route.tsx`;
  // A page loads the entry and its route's chunk (the public pages' routes are in the entry itself).
  const page = (name: string) => filesOf(manifest, [entry, route(name)]);
  const home = page('home');
  const shop = page('shop');
  const adminRoute = filesOf(manifest, [route('admin')]);
  // The tabs' chunks: each admin feature the tab table (app/routes/admin-tabs.ts) imports when its tab opens.
  const tabs = filesOf(
    manifest,
    Object.keys(manifest).filter((key) => key.startsWith('src/features/admin-')),
  );
  const adminLogin = [...adminRoute].filter((f) => !home.has(f));
  const adminAll = [...new Set([...adminRoute, ...tabs])].filter((f) => !home.has(f));

  const how =
    'frontend/dist/.vite/manifest.json: the entry chunk and the route’s chunk, with their CSS and every chunk they import statically; gzip level 9, brotli quality 11, per file';
  const out: Figure[] = [];
  const report = (name: string, files: Iterable<string>) => {
    const s = sizes(files);
    const line = `${s.files} files, ${(s.raw / 1024).toFixed(0)} KiB raw; JS ${(s.jsGzip / 1024).toFixed(1)} + CSS ${(s.cssGzip / 1024).toFixed(1)} KiB gzip; brotli ${(s.brotli / 1024).toFixed(1)} KiB`;
    const figure: Figure = { name: `${name}, gzip`, unit: 'KiB', median: s.gzip / 1024, runs: [s.gzip / 1024], how };
    print(figure);
    process.stdout.write(`    (${line})\n`);
    out.push(figure, { name: `${name}, brotli`, unit: 'KiB', median: s.brotli / 1024, runs: [s.brotli / 1024], how });
  };
  report('JS + CSS loaded by /', home);
  report('JS + CSS loaded by /shop', shop);
  report('Admin panel login page, extra to /', adminLogin);
  report('Admin panel with every tab opened, extra to /', adminAll);
  return out;
}

// ── Lighthouse against the built server

interface LighthouseReport {
  runtimeError?: { code: string; message: string };
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      title: string;
      score: number | null;
      numericValue?: number;
      displayValue?: string;
      details?: { items?: { node?: { nodeLabel?: string; snippet?: string } }[]; data?: string };
    }
  >;
}

function lighthouse(url: string, preset: Preset, outFile: string, profile?: string): Promise<LighthouseReport> {
  const args = [
    join(ROOT, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outFile}`,
    // A returning visitor: a profile that holds the age answer's cookie, which Lighthouse must not clear.
    ...(profile === undefined
      ? ['--chrome-flags=--headless=new --no-sandbox']
      : [`--chrome-flags=--headless=new --no-sandbox --user-data-dir=${profile}`, '--disable-storage-reset']),
    `--only-categories=${CATEGORIES.join(',')}`,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error) return reject(new Error(`lighthouse ${url} (${preset}) failed: ${stderr.slice(-2000)}`));
        const report = JSON.parse(readFileSync(outFile, 'utf8')) as LighthouseReport;
        if (report.runtimeError)
          return reject(new Error(`lighthouse ${url} (${preset}): ${report.runtimeError.code} ${report.runtimeError.message}`));
        resolve(report);
      },
    );
  });
}

/**
 * Lighthouse now and then fails to record the trace of a headless page load (NO_NAVSTART, NO_FCP,
 * a lost protocol message): a failure of the measuring tool, not of the page. Such a run is taken
 * again, at most twice, and the retry is printed; any other error, or a third failure, stops the bench.
 */
const TRANSIENT_LIGHTHOUSE = /NO_NAVSTART|NO_FCP|NO_TRACING_STARTED|PROTOCOL_TIMEOUT|Please run Lighthouse again/;

async function lighthouseWithRetry(
  url: string,
  preset: Preset,
  outFile: string,
  profile?: () => Promise<string>,
): Promise<LighthouseReport> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, preset, outFile, profile === undefined ? undefined : await profile());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= 3 || !TRANSIENT_LIGHTHOUSE.test(message)) throw error;
      process.stdout.write(`    (Lighthouse ${url} ${preset}: trace not recorded, run again — ${message.split('\n')[0]?.slice(-120)})\n`);
    }
  }
}

/** What the page showed Lighthouse: its largest element and the audits that did not pass, from one report. */
function describe(report: LighthouseReport, label: string, screenshotDir: string): void {
  const lcp = report.audits['largest-contentful-paint-element']?.details?.items?.[0];
  // Lighthouse 12 nests the element one level down (a table of tables).
  const nested = (lcp as { items?: { node?: { nodeLabel?: string; snippet?: string } }[] } | undefined)?.items?.[0]?.node ?? lcp?.node;
  process.stdout.write(
    `    ${label}: largest element "${(nested?.nodeLabel ?? '?').slice(0, 80)}" ${nested?.snippet?.slice(0, 100) ?? ''}\n`,
  );
  const failing = (['accessibility', 'best-practices', 'seo'] as const).flatMap((category) =>
    report.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${report.audits[ref.id]?.title ?? ref.id}`),
  );
  if (failing.length > 0) process.stdout.write(`    ${label}: not passed — ${failing.join('; ')}\n`);
  // Diagnostics and opportunities carry no weight in the score but say where the time goes.
  const hints = report.categories.performance.auditRefs
    .filter((ref) => ref.weight === 0 && (report.audits[ref.id]?.score ?? 1) < 0.9)
    .map((ref) => {
      const audit = report.audits[ref.id];
      return audit?.displayValue ? `${audit.title} (${audit.displayValue})` : (audit?.title ?? ref.id);
    });
  if (hints.length > 0) process.stdout.write(`    ${label}: performance hints — ${hints.join('; ')}\n`);
  const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
    .map((id) => `${id.replace(/-/g, ' ')} ${report.audits[id]?.numericValue?.toFixed(id === 'cumulative-layout-shift' ? 3 : 0) ?? '?'}`)
    .join(', ');
  process.stdout.write(`    ${label}: ${metrics} (ms; CLS unitless)\n`);
  const shot = report.audits['final-screenshot']?.details?.data;
  if (shot?.startsWith('data:image/jpeg;base64,')) {
    writeFileSync(
      join(
        screenshotDir,
        `${label
          .replace(/^\/ /, 'home ')
          .replace(/[^\w]+/g, '-')
          .replace(/^-/, '')}.jpg`,
      ),
      Buffer.from(shot.slice('data:image/jpeg;base64,'.length), 'base64'),
    );
  }
}

async function lighthouseFigures(): Promise<Figure[]> {
  const shop = await startShop();
  const workDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  // Beside bench-results.json, so the final screenshots can be looked at after the run.
  const screenshotDir = join(ROOT, '.tmp/bench-lighthouse');
  mkdirSync(screenshotDir, { recursive: true });
  try {
    await shop.api('POST', '/api/admin/seed-products', undefined, await shop.adminToken());
    const figures: Figure[] = [blockingScripts(await (await fetch(`${shop.url}/shop`)).text()), ...(await htmlThroughput(shop.url))];
    const returning = () => returningVisitorProfile(shop.url, join(workDir, 'profile'));
    const visits = [
      { visitor: 'first visit', preset: 'mobile', profile: undefined },
      { visitor: 'first visit', preset: 'desktop', profile: undefined },
      { visitor: 'returning visitor', preset: 'mobile', profile: returning },
    ] as const;
    for (const path of ['/', '/shop', '/shop/quokka-pale-ale']) {
      for (const { visitor, preset, profile } of visits) {
        const reports: LighthouseReport[] = [];
        for (let run = 0; run < LIGHTHOUSE_RUNS; run++)
          reports.push(await lighthouseWithRetry(`${shop.url}${path}`, preset, join(workDir, 'report.json'), profile));
        const label = `${path} ${preset}, ${visitor}`;
        for (const category of CATEGORIES) {
          const runs = reports.map((r) => Math.round((r.categories[category].score ?? Number.NaN) * 100));
          const figure: Figure = {
            name: `Lighthouse ${label}: ${category}`,
            unit: '/100',
            median: median(runs),
            runs,
            how: `${LIGHTHOUSE_RUNS} runs, median; Lighthouse 12 CLI, headless Chromium, ${preset === 'desktop' ? 'desktop preset' : 'default mobile emulation with simulated throttling'}, ${visitor === 'first visit' ? 'fresh profile (age gate not yet answered)' : 'a profile holding only the age_verified cookie (no cache)'}, built server with the seeded range`,
          };
          print(figure);
          figures.push(figure);
        }
        const middle = reports[Math.floor(reports.length / 2)];
        if (middle) describe(middle, label, screenshotDir);
      }
    }
    process.stdout.write(`    (final screenshots in .tmp/bench-lighthouse/)\n`);
    return figures;
  } finally {
    await shop.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * Scripts the server-rendered `/shop` makes the browser fetch and run before it can paint: classic scripts
 * without `defer` or `async` (module scripts are deferred). Their bytes, from the build.
 */
function blockingScripts(html: string): Figure {
  const head = html.slice(0, html.indexOf('<div id="root">'));
  const blocking = [...head.matchAll(/<script\b([^>]*)\ssrc="\/([^"]+)"[^>]*>/g)]
    .filter((m) => !/\b(defer|async)\b|type="module"/.test(m[1] ?? ''))
    .map((m) => m[2] ?? '');
  const bytes = blocking.reduce((sum, file) => sum + gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length, 0);
  const figure: Figure = {
    name: 'JS needed before the first paint of /shop (server-rendered), gzip',
    unit: 'KiB',
    median: bytes / 1024,
    runs: [bytes / 1024],
    how: 'classic scripts without defer or async before #root in the HTML the built server answers for /shop',
  };
  print(figure);
  return figure;
}

interface CannonResult {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<CannonResult>;
const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const HTTP_RUNS = 3;

/**
 * The shop's server-rendered HTML against `GET /api/products`, requests per second from the same server in
 * the same run, as a phone's browser asks (compressed, with the age cookie of a returning visitor).
 */
async function htmlThroughput(base: string): Promise<Figure[]> {
  const headers = { 'accept-encoding': 'gzip, deflate, br', cookie: 'age_verified=true' };
  const load = async (path: string, seconds: number) => {
    const result = await autocannon({ url: `${base}${path}`, connections: 50, duration: seconds, headers });
    if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) throw new Error(`${path}: errors under load`);
    return result.requests.average;
  };
  await load('/shop', 2);
  await load('/api/products', 2);
  const html: number[] = [];
  const api: number[] = [];
  for (let run = 0; run < HTTP_RUNS; run++) {
    if (run % 2 === 0) {
      html.push(await load('/shop', HTTP_SECONDS));
      api.push(await load('/api/products', HTTP_SECONDS));
    } else {
      api.push(await load('/api/products', HTTP_SECONDS));
      html.push(await load('/shop', HTTP_SECONDS));
    }
  }
  const how = `${HTTP_RUNS} runs alternating, median; autocannon in the bench process, 50 connections, ${HTTP_SECONDS} s a run, Accept-Encoding gzip, deflate, br and the age cookie`;
  const figures: Figure[] = [
    { name: 'Shop: GET /shop (server-rendered HTML)', unit: 'req/s', median: median(html), runs: html, how },
    { name: 'Shop: GET /api/products, same run', unit: 'req/s', median: median(api), runs: api, how },
  ];
  figures.forEach(print);
  return figures;
}

/** A fresh Chromium profile whose only content is the cookie of a visitor who said they are 18 or older. */
async function returningVisitorProfile(url: string, dir: string): Promise<string> {
  rmSync(dir, { recursive: true, force: true });
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  await context.addCookies([{ name: 'age_verified', value: 'true', url, expires: Math.floor(Date.now() / 1000) + 30 * 24 * 3600 }]);
  await context.close();
  return dir;
}

const TAP_RUNS = Number(process.env.BENCH_TAP_RUNS ?? 5);

/**
 * A customer on a slow phone who taps from the first paint (`tests/support/early-taps.ts`, as the browser test
 * does): 4 Pack, +, Add to Pack and the cart, 150 ms apart, on /shop and on the beer's page. Time from first
 * paint to the code's takeover, and taps lost (the goal is 0).
 */
export async function earlyTapFigures(): Promise<Figure[]> {
  const shop = await startShop();
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    await shop.api('POST', '/api/admin/seed-products', undefined, await shop.adminToken());
    const beer = { name: 'Quokka Pale Ale', slug: 'quokka-pale-ale' };
    const how = `${TAP_RUNS} runs, median; Debian's Chromium at 390 × 844 with touch, ${SLOW_PHONE.cpuSlowdown}× CPU slowdown, ${SLOW_PHONE.latencyMs} ms latency, ${SLOW_PHONE.bytesPerSecond / 1024} kB/s, a returning adult (age cookie, no cache); taps ${TAP_INTERVAL_MS} ms apart from the first contentful paint`;
    const figures: Figure[] = [];
    for (const [where, path] of [
      ['/shop', '/shop'],
      ['beer page', `/shop/${beer.slug}`],
    ] as const) {
      const runs = [];
      for (let run = 0; run < TAP_RUNS; run++)
        runs.push(await tapFromFirstPaint(browser, shop.url, path, { beer: beer.name, throttled: true }));
      for (const figure of [
        { name: `Slow phone ${where}: first paint to takeover`, unit: 'ms', runs: runs.map((r) => r.takeoverMs - r.firstPaintMs) },
        { name: `Slow phone ${where}: taps made before takeover (of 4)`, unit: 'taps', runs: runs.map((r) => r.tapsBeforeTakeover) },
        { name: `Slow phone ${where}: taps lost`, unit: 'taps', runs: runs.map((r) => r.lost.length) },
      ]) {
        const done: Figure = { ...figure, median: median(figure.runs), how };
        print(done);
        figures.push(done);
      }
      for (const lost of runs.flatMap((r) => r.lost)) process.stdout.write(`    lost: ${lost}\n`);
    }
    return figures;
  } finally {
    await browser.close();
    await shop.stop();
  }
}

/** The answer's bytes as they came over the wire, not decoded (fetch would decode them). */
function rawGet(url: string, acceptEncoding: string): Promise<{ status: number; encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': acceptEncoding, Cookie: 'age_verified=true' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * What the server sends for each public page: the HTML's bytes as they leave the server (brotli, as a browser
 * takes it) and whole, and how much of them is inline `<style>` and inline JSON state. A "Page Not Found" page
 * is in the table: crawlers and mistyped links ask for it often.
 */
async function pageBytesFigures(): Promise<Figure[]> {
  const shop = await startShop();
  try {
    await shop.api('POST', '/api/admin/seed-products', undefined, await shop.adminToken());
    const how =
      'the built server, starter range seeded, an adult (age cookie); `Accept-Encoding: gzip, deflate, br, zstd` as Chromium sends it: the bytes on the wire; then the same page uncompressed, and the bytes of its inline <style> elements and its inline JSON';
    const figures: Figure[] = [];
    for (const [where, path, status] of [
      ['/', '/', 200],
      ['/shop', '/shop', 200],
      ['beer page', '/shop/quokka-pale-ale', 200],
      ['404 page', '/no-such-page', 404],
    ] as const) {
      const wire = await rawGet(`${shop.url}${path}`, 'gzip, deflate, br, zstd');
      if (wire.status !== status) throw new Error(`${path}: ${wire.status}, not ${status}`);
      const wireBytes = wire.body.length;
      const html = (await rawGet(`${shop.url}${path}`, 'identity')).body.toString('utf8');
      const inline = (pattern: RegExp) => [...html.matchAll(pattern)].reduce((sum, m) => sum + Buffer.byteLength(m[0]), 0);
      const styles = inline(/<style[^>]*>[\s\S]*?<\/style>/g);
      const json = inline(/<script type="application\/(?:json|ld\+json)"[^>]*>[\s\S]*?<\/script>/g);
      for (const [name, bytes] of [
        [`Page bytes ${where}: sent (${wire.encoding})`, wireBytes],
        [`Page bytes ${where}: uncompressed`, Buffer.byteLength(html)],
        [`Page bytes ${where}: of which inline styles`, styles],
        [`Page bytes ${where}: of which inline JSON`, json],
      ] as const) {
        const done: Figure = { name, unit: 'KiB', median: bytes / 1024, runs: [bytes / 1024], how };
        print(done);
        figures.push(done);
      }
    }
    return figures;
  } finally {
    await shop.stop();
  }
}

/** Bundle sizes per page from the build, page bytes, taps from the first paint on a slow phone, then Lighthouse scores on the built server. */
export async function frontendBench(): Promise<Figure[]> {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('no frontend/dist: run `node scripts/setup.mjs --build` first');
  const sized = [...sizeFigures(), ...(await pageBytesFigures())];
  const taps = await earlyTapFigures();
  return [...sized, ...taps, ...(await lighthouseFigures())];
}
