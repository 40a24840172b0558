import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEventStore, type EventMetadata, type EventStore } from '@brewery/eventstore';
import { createThrowawayDatabase, startThrowawayPostgres } from '../eventstore/src/testing/postgres-cluster';
import { measure, perSecond, type Figure } from './bench-stats';

const metadata: EventMetadata = { correlationId: 'bench', causationId: null, actor: 'system', occurredAt: '2026-11-22T00:00:00.000Z' };
const payload = { orderId: '1042', productId: 'seed-quokka-pale-ale', quantity: 8, expiresAt: '2026-11-22T00:30:00.000Z' };
const RUNS = 5;
const SINGLE = 2000;
const BATCHES = 400;
const READ = 20000;

async function appendSingles(store: EventStore, run: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < SINGLE; i++) {
    await store.append(`bench${run}-${i % 100}`, [{ type: 'StockReserved', data: payload, metadata }], { expectedRevision: 'any' });
  }
  return perSecond(SINGLE, started);
}

async function appendBatches(store: EventStore, run: number): Promise<number> {
  const batch = Array.from({ length: 10 }, () => ({ type: 'StockReserved', data: payload, metadata }));
  const started = process.hrtime.bigint();
  for (let i = 0; i < BATCHES; i++) await store.append(`batch${run}-${i % 100}`, batch, { expectedRevision: 'any' });
  return perSecond(BATCHES * 10, started);
}

/** Catch-up rate of a subscription from the start of a log of READ events. */
async function catchUp(store: EventStore): Promise<number> {
  const started = process.hrtime.bigint();
  let seen = 0;
  await new Promise<void>((resolve, reject) => {
    const subscription = store.subscribeToAll({
      after: null,
      onEvent: () => {
        seen += 1;
        return Promise.resolve();
      },
      onCaughtUp: () => {
        void subscription.stop().then(resolve);
      },
      onError: reject,
    });
  });
  return perSecond(seen, started);
}

async function fill(store: EventStore, count: number): Promise<void> {
  const batch = Array.from({ length: 50 }, () => ({ type: 'StockReserved', data: payload, metadata }));
  for (let i = 0; i < count / 50; i++) await store.append(`fill-${i % 500}`, batch, { expectedRevision: 'any' });
}

async function suite(label: string, open: () => Promise<EventStore>): Promise<Figure[]> {
  const figures: Figure[] = [];
  const store = await open();
  try {
    const how = `${RUNS} runs, median; one process, awaited appends of one event to 100 streams (expected revision any)`;
    figures.push(await measure(`${label}: appends of 1 event`, 'events/s', how, RUNS, (run) => appendSingles(store, run)));
    figures.push(
      await measure(`${label}: appends of 10 events`, 'events/s', `${RUNS} runs, median; batches of 10 to 100 streams`, RUNS, (run) =>
        appendBatches(store, run),
      ),
    );
  } finally {
    await store.close();
  }
  const reader = await open();
  try {
    await fill(reader, READ);
    figures.push(
      await measure(
        `${label}: catch-up subscription read`,
        'events/s',
        `${RUNS} runs, median; subscribe from the start of ${READ} events to caught up`,
        RUNS,
        () => catchUp(reader),
      ),
    );
  } finally {
    await reader.close();
  }
  return figures;
}

export async function eventStoreBench(): Promise<Figure[]> {
  const dirs: string[] = [];
  const pglite = await suite('PGlite (files in a temp dir)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
    dirs.push(dir);
    return openEventStore({ kind: 'pglite', dataDir: dir });
  });
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  const server = await startThrowawayPostgres({ fsync: true });
  try {
    const postgres = await suite('PostgreSQL 15 server (fsync on)', async () =>
      openEventStore({ kind: 'postgres', url: await createThrowawayDatabase(server.url, 'bench') }),
    );
    return [...pglite, ...postgres];
  } finally {
    await server.stop();
  }
}
