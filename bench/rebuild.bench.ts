import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openEventStore, type EventMetadata, type EventToAppend } from '@brewery/eventstore';
import { Client } from 'pg';
import { createThrowawayDatabase, startThrowawayPostgres } from '../eventstore/src/testing/postgres-cluster';
import { measure, median, print, type Figure } from './bench-stats';
import { ROOT, startShop } from './shop-process';

const TARGET_EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);

// The built server, loaded at run time (bench compiles on its own; `npm run bench` builds the server first).
interface Runner {
  whenReadModelsCaughtUp(): Promise<void>;
  rebuildReadModels(): Promise<{ events: number; millis: number }>;
  statuses(): { name: string; kind: string; caughtUp: boolean; lastError: string | null }[];
}
interface App {
  init(): Promise<unknown>;
  get(token: unknown): unknown;
  close(): Promise<void>;
}
/* eslint-disable @typescript-eslint/no-require-imports */
const { createApp } = require(join(ROOT, 'backend/dist/main.js')) as { createApp: (config: unknown) => Promise<App> };
const { loadConfig } = require(join(ROOT, 'backend/dist/config/app-config.js')) as {
  loadConfig: (env: Record<string, string>) => { eventStore: unknown };
};
const { ProjectionRunner } = require(join(ROOT, 'backend/dist/platform/projections/projection-runner.js')) as { ProjectionRunner: unknown };
/* eslint-enable @typescript-eslint/no-require-imports */

const BEERS = [
  ['seed-quokka-pale-ale', 'Quokka Pale Ale', 'Australian Pale Ale', 4.8, 650],
  ['seed-swan-valley-lager', 'Swan Valley Lager', 'Lager', 4.5, 550],
  ['seed-rottnest-hazy-ipa', 'Rottnest Hazy IPA', 'Hazy IPA', 6.5, 850],
  ['seed-fremantle-doctor-xpa', 'Fremantle Doctor XPA', 'Extra Pale Ale', 5.2, 700],
] as const;

function meta(actor: EventMetadata['actor'], at: string): EventMetadata {
  return { correlationId: 'bench', causationId: null, actor, occurredAt: at };
}

/** One row of the events table, in log order. */
export interface HistoryRow {
  stream: string;
  revision: number;
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

const NAMES = ['Ada Brewer', 'Jordan Malt', 'Sam Hops', 'Priya Cask', 'Liam Barrel', 'Mia Lager', 'Noah Stout', 'Zoe Ferment'];
const PLACES = [
  ['Perth', '6000', 'WA', true],
  ['Fremantle', '6160', 'WA', true],
  ['Subiaco', '6008', 'WA', true],
  ['Bunbury', '6230', 'WA', false],
  ['Melbourne', '3000', 'VIC', false],
  ['Newtown', '2042', 'NSW', false],
  ['Hobart', '7000', 'TAS', false],
] as const;

/**
 * A realistic log: products, then paid orders with everything checkout and payment append for them, until
 * `until` says stop (a number of events, or of orders). Customers and places vary, so a search finds some.
 */
export function shopHistory(until: { events: number } | { orders: number } = { events: TARGET_EVENTS }): HistoryRow[] {
  const rows: HistoryRow[] = [];
  const revisions = new Map<string, number>();
  const appendTo = (stream: string, events: EventToAppend[]) => {
    for (const event of events) {
      const revision = (revisions.get(stream) ?? -1) + 1;
      revisions.set(stream, revision);
      rows.push({ stream, revision, id: randomUUID(), type: event.type, data: event.data, metadata: event.metadata });
    }
  };
  for (const [id, name, style, abv, cents] of BEERS) {
    const price = (cents / 100).toFixed(2);
    appendTo(`product-${id}`, [
      {
        type: 'ProductCreated',
        data: {
          name,
          style,
          description: `${name}, brewed in Perth.`,
          abv,
          beerType: null,
          imageUrl: `/cans/${id.slice(5)}.svg`,
          inventory: 10_000_000,
          isActive: true,
          archived: false,
          price,
          price4Pack: (cents * 0.036).toFixed(2),
          price8Pack: (cents * 0.07).toFixed(2),
          price16Pack: (cents * 0.135).toFixed(2),
          enable4Pack: true,
          enable8Pack: true,
          enable16Pack: true,
        },
        metadata: meta('admin', '2026-01-01T00:00:00.000Z'),
      },
    ]);
  }
  const more = (n: number) => ('events' in until ? rows.length < until.events : n <= until.orders);
  for (let n = 1; more(n); n++) {
    const [productId, productName, style, abv, cents] = BEERS[n % BEERS.length]!;
    const orderId = String(n);
    const pi = `pi_bench${n.toString().padStart(8, '0')}`;
    const at = new Date(Date.UTC(2026, 0, 1) + n * 600_000).toISOString();
    const unit = Math.round(cents * 7);
    const shipping = 1200;
    const item = {
      id: `${orderId}-1`,
      productId,
      productName,
      style,
      abv,
      packSize: '8pack',
      packQuantity: 8,
      packs: 1,
      quantity: 8,
      unitPriceCents: unit,
      lineTotalCents: unit,
    };
    const [suburb, postCode, state, isPerthMetro] = PLACES[n % PLACES.length]!;
    const customer = {
      name: `${NAMES[n % NAMES.length]!} ${n}`,
      email: `customer${n}@example.com`,
      phone: `04${String(10_000_000 + n).slice(-8)}`,
      addressLine1: `${1 + (n % 200)} Hay St`,
      addressLine2: null,
      suburb,
      postCode,
      state,
    };
    const m = meta('customer', at);
    const sys = meta('system', at);
    appendTo('sequence-order', [{ type: 'OrderNumberAllocated', data: { orderNumber: n }, metadata: m }]);
    appendTo(`order-${orderId}`, [
      {
        type: 'OrderPlaced',
        data: {
          orderId,
          customer,
          items: [item],
          subtotalCents: unit,
          shippingCents: shipping,
          totalCents: unit + shipping,
          gstCents: Math.round((unit + shipping) / 11),
          totalCans: 8,
          estimatedDelivery: '3-5 business days',
          isPerthMetro,
          reservationExpiresAt: at,
          placedAt: at,
        },
        metadata: m,
      },
    ]);
    appendTo(`product-${productId}`, [{ type: 'StockReserved', data: { orderId, quantity: 8, expiresAt: at }, metadata: m }]);
    appendTo(`payment-${pi}`, [
      {
        type: 'PaymentIntentCreated',
        data: {
          paymentIntentId: pi,
          orderId,
          provider: 'test',
          customer: { name: customer.name, email: customer.email },
          items: [{ productId, productName, packSize: '8pack', quantity: 8, packs: 1, unitPriceCents: unit, lineTotalCents: unit }],
          subtotalCents: unit,
          shippingCents: shipping,
          totalCents: unit + shipping,
          currency: 'aud',
          createdAt: at,
        },
        metadata: m,
      },
    ]);
    appendTo(`order-${orderId}`, [{ type: 'PaymentIntentAttached', data: { paymentIntentId: pi }, metadata: m }]);
    appendTo(`payment-${pi}`, [
      {
        type: 'PaymentSucceeded',
        data: { paymentIntentId: pi, providerEventId: `evt_${pi}`, orderId, amountCents: unit + shipping, currency: 'aud', at },
        metadata: meta('stripe', at),
      },
    ]);
    appendTo(`product-${productId}`, [
      { type: 'StockSold', data: { orderId, quantity: 8, paymentIntentId: pi, fromReservation: true }, metadata: sys },
    ]);
    appendTo(`order-${orderId}`, [
      { type: 'OrderPaid', data: { paymentIntentId: pi, amountCents: unit + shipping, paidAt: at }, metadata: sys },
    ]);
    const invoiceNumber = `INV-${String(n).padStart(6, '0')}`;
    appendTo('sequence-invoice', [{ type: 'InvoiceNumberAllocated', data: { sequence: n, invoiceNumber, orderId }, metadata: sys }]);
    appendTo(`order-${orderId}`, [{ type: 'InvoiceNumberAssigned', data: { invoiceNumber }, metadata: sys }]);
    appendTo(`email-order-${orderId}-confirmation`, [
      {
        type: 'EmailQueued',
        data: { to: customer.email, subject: `Your order #${orderId}`, text: 'Thank you', kind: 'order-confirmation', orderId },
        metadata: sys,
      },
      { type: 'EmailSent', data: { messageId: `<${n}@bench>`, transport: 'outbox' }, metadata: sys },
    ]);
  }
  return rows;
}

/**
 * Writes the history straight into the store's events table, 2,000 rows a statement, in log order, and sets
 * the process managers' checkpoints to its end, as if they had handled it. Through the port this took
 * minutes: 100,000 awaited appends (the event-store figures measure that path) and a checkpoint write per
 * event per process manager on their first walk. The rows are the ones append would write, and are read
 * back through the port.
 */
export async function writeShopHistory(
  target: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string },
  processManagers: readonly string[],
  rows: HistoryRow[] = shopHistory(),
): Promise<number> {
  const insert = `INSERT INTO events (stream_name, stream_revision, event_id, type, data, metadata)
    SELECT r.stream, r.revision, r.id, r.type, r.data, r.metadata
      FROM jsonb_to_recordset($1::text::jsonb) AS r(ord int, stream text, revision bigint, id uuid, type text, data jsonb, metadata jsonb)
     ORDER BY r.ord`;
  const checkpoints = `INSERT INTO checkpoints (subscriber_id, position)
    SELECT 'process-manager:' || name, (SELECT max(global_position) FROM events) FROM jsonb_array_elements_text($1::text::jsonb) AS name
    ON CONFLICT (subscriber_id) DO UPDATE SET position = excluded.position`;
  const batches = (run: (sql: string, json: string) => Promise<unknown>) => async () => {
    for (let from = 0; from < rows.length; from += 2000)
      await run(insert, JSON.stringify(rows.slice(from, from + 2000).map((row, ord) => ({ ord, ...row }))));
    await run(checkpoints, JSON.stringify(processManagers));
  };
  if (target.kind === 'pglite') {
    const db = await PGlite.create(target.dataDir);
    try {
      await db.transaction(async (tx) => batches((sql, json) => tx.query(sql, [json]))());
    } finally {
      await db.close();
    }
  } else {
    const client = new Client({ connectionString: target.url });
    await client.connect();
    try {
      await batches((sql, json) => client.query(sql, [json]))();
    } finally {
      await client.end();
    }
  }
  const store = await openEventStore(target);
  try {
    const last = rows[rows.length - 1];
    const stream = last ? await store.readStream(last.stream) : [];
    if ((await store.headPosition()) < rows.length - 1 || stream[stream.length - 1]?.id !== last?.id)
      throw new Error('the written history does not read back');
  } finally {
    await store.close();
  }
  return rows.length;
}

export async function boot(dataDir: string, env: Record<string, string>): Promise<{ app: App; runner: Runner; millis: number }> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-password',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
    STATIC_DIR: dataDir,
    ...env,
  });
  const started = Date.now();
  const app = await createApp(config);
  await app.init();
  const runner = app.get(ProjectionRunner) as Runner;
  await runner.whenReadModelsCaughtUp();
  return { app, runner, millis: Date.now() - started };
}

async function allCaughtUp(runner: Runner): Promise<void> {
  for (;;) {
    const statuses = runner.statuses();
    const failing = statuses.find((s) => s.lastError);
    if (failing) throw new Error(`${failing.name} failed while replaying the benchmark log: ${failing.lastError}`);
    if (statuses.every((s) => s.caughtUp)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Writes the history into one engine, then measures start-up and rebuild of the app running on it. */
async function engineSuite(label: string, env: Record<string, string>): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-rebuild-'));
  try {
    // A first start on the empty store creates the schema and names the process managers.
    const empty = await boot(dataDir, env);
    const managers = empty.runner
      .statuses()
      .filter((s) => s.kind === 'process-manager')
      .map((s) => s.name);
    await empty.app.close();
    const firstStart = env.DATABASE_URL ? [] : await firstStartFigures(label, env);
    const baseline = await memoryFigures(label, 0, dataDir, env);
    const started = Date.now();
    const events = await writeShopHistory(
      env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: join(dataDir, 'eventstore') },
      managers,
    );
    process.stdout.write(
      `(${label}: wrote a shop history of ${events.toLocaleString('en-AU')} events in ${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
    );
    const figures: Figure[] = [...firstStart, ...baseline];
    let last: { app: App; runner: Runner } | null = null;
    figures.push(
      await measure(
        `${label}: start-up with ${events.toLocaleString('en-AU')} events`,
        's',
        '3 runs, median; from createApp to read models caught up (memory read models)',
        3,
        async () => {
          if (last) await last.app.close();
          const booted = await boot(dataDir, env);
          last = booted;
          return booted.millis / 1000;
        },
      ),
    );
    const running = last as { app: App; runner: Runner } | null;
    if (!running) throw new Error('no app');
    await allCaughtUp(running.runner);
    figures.push(
      await measure(
        `${label}: rebuild of every read model`,
        'events/s',
        '3 runs, median; rebuildReadModels() on the running app',
        3,
        async () => {
          const { events: replayed, millis } = await running.runner.rebuildReadModels();
          return (replayed / millis) * 1000;
        },
      ),
    );
    await running.app.close();
    figures.push(...(await memoryFigures(label, events, dataDir, env)));
    return figures;
  } finally {
    if (process.env.BENCH_KEEP_DATA) process.stdout.write(`(kept the benchmark data in ${dataDir})\n`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Resident and peak memory of a process, in MiB, from /proc (Linux). */
export function memoryOf(pid: number): { residentMiB: number; peakMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { residentMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/** Until every projection of the running shop has caught up with the log (health reports it). */
export async function healthCaughtUp(shop: { url: string; adminToken(): Promise<string> }): Promise<void> {
  const { url } = shop;
  const deadline = Date.now() + 120_000;
  const headers = { authorization: `Bearer ${await shop.adminToken()}` };
  for (;;) {
    const health = (await (await fetch(`${url}/api/health`, { headers })).json()) as { projections: { caughtUp: boolean; lag: number }[] };
    if (health.projections.length > 0 && health.projections.every((p) => p.caughtUp && p.lag === 0)) return;
    if (Date.now() > deadline) throw new Error(`${url}: projections did not catch up within 120 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** How long an idle shop is left before its memory is read: V8's memory reducer has run by then. */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 25);

/**
 * What the built server holds in memory: its own process (as production runs it, so none of the benchmark's
 * allocations count), started on the given store, read once every read model has caught up and again after
 * it has stood idle. Memory read models keep the projected documents, not the events, so this grows with the
 * shop's orders and products, not with the log. With no events, the idle figure is the one a small server
 * must hold; with the history, the peak is the start-up's.
 */
async function memoryFigures(label: string, events: number, dataDir: string, env: Record<string, string>): Promise<Figure[]> {
  const resident: number[] = [];
  const idle: number[] = [];
  const peak: number[] = [];
  for (let run = 0; run < 3; run++) {
    const shop = await startShop(env, dataDir);
    try {
      await healthCaughtUp(shop);
      const memory = memoryOf(shop.pid);
      resident.push(memory.residentMiB);
      peak.push(memory.peakMiB);
      if (events === 0) {
        await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
        idle.push(memoryOf(shop.pid).residentMiB);
      }
    } finally {
      await shop.stop();
    }
  }
  const how =
    '3 runs, median; the built server (backend/dist/main.js, NODE_ENV=production) in its own process on the same store, VmRSS and VmHWM from /proc once /api/health reports every projection caught up';
  const figures: Figure[] = [
    {
      name: `${label}: RSS after start-up, ${events.toLocaleString('en-AU')} events`,
      unit: 'MiB',
      median: median(resident),
      runs: resident,
      how,
    },
  ];
  if (events === 0)
    figures.push({
      name: `${label}: RSS of the idle shop, ${IDLE_SECONDS} s after start-up`,
      unit: 'MiB',
      median: median(idle),
      runs: idle,
      how: `${how}, then VmRSS again after ${IDLE_SECONDS} s with no request`,
    });
  if (events > 0) figures.push({ name: `${label}: peak RSS during that start-up`, unit: 'MiB', median: median(peak), runs: peak, how });
  figures.forEach(print);
  return figures;
}

/**
 * The first start of a new shop: the built server on an empty DATA_DIR, which creates its database (for
 * PGlite, from the data directory the build prepared), until every projection has caught up: its peak RSS.
 * Then, as a new shop meets its first customers: the starter range seeded, `/`, `/shop`, a beer's page and
 * `GET /api/products` served (to an adult and to a first visitor, compressed as a browser asks), and the RSS
 * once it has stood idle.
 */
async function firstStartFigures(label: string, env: Record<string, string>): Promise<Figure[]> {
  const peak: number[] = [];
  const served: number[] = [];
  for (let run = 0; run < 3; run++) {
    const shop = await startShop(env);
    try {
      await healthCaughtUp(shop);
      peak.push(memoryOf(shop.pid).peakMiB);
      await shop.api('POST', '/api/admin/seed-products', undefined, await shop.adminToken());
      for (const path of ['/', '/shop', '/shop/quokka-pale-ale', '/api/products']) {
        for (const cookie of ['age_verified=true', '']) {
          const answer = await fetch(`${shop.url}${path}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd', Cookie: cookie } });
          if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
          await answer.arrayBuffer();
        }
      }
      await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
      served.push(memoryOf(shop.pid).residentMiB);
    } finally {
      await shop.stop();
    }
  }
  const figures: Figure[] = [
    {
      name: `${label}: peak RSS of a first start on an empty DATA_DIR`,
      unit: 'MiB',
      median: median(peak),
      runs: peak,
      how: '3 runs, median; the built server started as `npm start` starts it, on a new temporary DATA_DIR each run, VmHWM from /proc once /api/health reports every projection caught up',
    },
    {
      name: `${label}: RSS of the idle shop after a first start that served the storefront`,
      unit: 'MiB',
      median: median(served),
      runs: served,
      how: `3 runs, median; the same first starts, then the starter range seeded and /, /shop, /shop/quokka-pale-ale and GET /api/products served to an adult and to a first visitor (brotli), then VmRSS after ${IDLE_SECONDS} s with no request`,
    },
  ];
  figures.forEach(print);
  return figures;
}

export async function rebuildBench(): Promise<Figure[]> {
  const pglite = await engineSuite('PGlite', {});
  const server = await startThrowawayPostgres({ fsync: true });
  try {
    const postgres = await engineSuite('PostgreSQL 15 (fsync on)', { DATABASE_URL: await createThrowawayDatabase(server.url, 'bench') });
    return [...pglite, ...postgres];
  } finally {
    await server.stop();
  }
}
