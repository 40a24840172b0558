import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openEventStore, type AppendResult, type EventMetadata, type EventStore } from '@brewery/eventstore';
import { createThrowawayDatabase, startThrowawayPostgres } from '../eventstore/src/testing/postgres-cluster';
import { measure, median, perSecond, print, type Figure } from './bench-stats';

const metadata: EventMetadata = { correlationId: 'bench', causationId: null, actor: 'system', occurredAt: '2026-11-22T00:00:00.000Z' };
const payload = { orderId: '1042', productId: 'seed-quokka-pale-ale', quantity: 8, expiresAt: '2026-11-22T00:30:00.000Z' };
const RUNS = 5;
const SINGLE = 2000;
const CALLERS = 8;
const BATCHES = 400;
const READ = 20000;
const GROUPS = 300;

async function appendSingles(store: EventStore, run: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < SINGLE; i++) {
    await store.append(`bench${run}-${i % 100}`, [{ type: 'StockReserved', data: payload, metadata }], { expectedRevision: 'any' });
  }
  return perSecond(SINGLE, started);
}

/** The same 2,000 single appends from CALLERS concurrent callers, each awaiting its own (as concurrent requests do). */
async function appendSinglesConcurrently(store: EventStore, run: number): Promise<number> {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (next < SINGLE) {
        const i = next++;
        await store.append(`conc${run}-${i % 100}`, [{ type: 'StockReserved', data: payload, metadata }], { expectedRevision: 'any' });
      }
    }),
  );
  return perSecond(SINGLE, started);
}

/**
 * How much of the main thread a burst of concurrent appends takes: its event-loop utilisation, and
 * the longest time a 1 ms timer (standing in for an HTTP request) had to wait to run.
 */
async function mainThreadDuringBurst(store: EventStore, run: number): Promise<{ utilisation: number; longestStallMs: number }> {
  let longest = 0;
  let last = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  const before = performance.eventLoopUtilization();
  try {
    await appendSinglesConcurrently(store, 100 + run);
  } finally {
    clearTimeout(timer);
  }
  const utilisation = performance.eventLoopUtilization(before).utilization;
  return { utilisation: utilisation * 100, longestStallMs: Math.max(longest, performance.now() - last) };
}

/**
 * Groups of appends written in one statement (group commit): each round asks for six appends at once, the first
 * goes alone and the five queued behind it go together, as under a crowd of checkouts (three new streams, one long
 * stream with its expected revision, and a fifth). With `refused`, the fifth expects a revision its stream does
 * not have: the group then goes one append at a time, each in a subtransaction; otherwise it is one INSERT.
 */
async function appendGroups(store: EventStore, run: number, refused: boolean): Promise<number> {
  const event = { type: 'StockReserved', data: payload, metadata };
  const long = `group${run}-${refused ? 'refused' : 'written'}-long`;
  let revision: number | 'no_stream' = 'no_stream';
  const started = process.hrtime.bigint();
  for (let i = 0; i < GROUPS; i++) {
    const stream = (n: number) => `group${run}-${refused ? 'r' : 'w'}-${i}-${n}`;
    const answers: Array<PromiseSettledResult<AppendResult>> = await Promise.allSettled([
      store.append(stream(0), [event], { expectedRevision: 'no_stream' }),
      ...[1, 2, 3].map((n) => store.append(stream(n), [event], { expectedRevision: 'no_stream' })),
      store.append(long, [event], { expectedRevision: revision }),
      store.append(stream(refused ? 0 : 4), [event], { expectedRevision: refused ? 5 : 'no_stream' }),
    ]);
    const onLong = answers[4];
    if (onLong?.status !== 'fulfilled') throw new Error('the long stream refused its append');
    if (answers.filter((a) => a.status === 'rejected').length !== (refused ? 1 : 0)) throw new Error('unexpected refusals');
    revision = onLong.value.nextExpectedRevision;
  }
  return perSecond(GROUPS, started);
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
      await measure(
        `${label}: appends of 1 event, ${CALLERS} callers`,
        'events/s',
        `${RUNS} runs, median; ${CALLERS} concurrent callers share ${SINGLE} awaited appends of one event to 100 streams`,
        RUNS,
        (run) => appendSinglesConcurrently(store, run),
      ),
    );
    const bursts: Array<{ utilisation: number; longestStallMs: number }> = [];
    for (let run = 0; run < 3; run++) bursts.push(await mainThreadDuringBurst(store, run));
    const burstHow = `3 runs, median; during ${SINGLE} appends from ${CALLERS} callers: event-loop utilisation, and the longest wait of a 1 ms timer`;
    for (const [name, unit, values] of [
      ['main thread busy', '%', bursts.map((b) => b.utilisation)],
      ['longest event-loop stall', 'ms', bursts.map((b) => b.longestStallMs)],
    ] as const) {
      const figure = { name: `${label}: ${name} during appends`, unit, median: median(values), runs: [...values], how: burstHow };
      print(figure);
      figures.push(figure);
    }
    figures.push(
      await measure(`${label}: appends of 10 events`, 'events/s', `${RUNS} runs, median; batches of 10 to 100 streams`, RUNS, (run) =>
        appendBatches(store, run),
      ),
    );
    for (const refused of [false, true]) {
      figures.push(
        await measure(
          `${label}: groups of 5 appends, ${refused ? 'one refused (one by one)' : 'all written (one INSERT)'}`,
          'groups/s',
          `${RUNS} runs, median; ${GROUPS} rounds of 6 appends asked at once (one alone, then 5 in one statement: 3 new streams, a long stream at its revision, and a new stream${refused ? ' or, here, one expecting a wrong revision' : ''})`,
          RUNS,
          (run) => appendGroups(store, run, refused),
        ),
      );
    }
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
