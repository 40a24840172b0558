import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { anEvent, newStream, numbered } from '../event-store.contract';
import { type AppendResult, WrongExpectedRevisionError } from '../event-store.port';
import { LOCK_FILE_NAME } from './data-dir-lock';
import { PGLITE_IN_MEMORY, PgliteEventStore } from './pglite-event-store';
import { PgliteQueryError, PgliteWorker, PgliteWorkerError } from './pglite-worker-client';

// Creating a PGlite database takes seconds; the project-level testTimeout is not applied by jest-circus.
jest.setTimeout(60_000);

/** Nothing outside a process can kill one of its threads, so the fault tests reach for the store's worker. */
function workerOf(store: PgliteEventStore): PgliteWorker {
  const worker = (store as unknown as { worker: unknown }).worker;
  if (!(worker instanceof PgliteWorker)) throw new Error('PgliteEventStore no longer keeps its PgliteWorker in `worker`');
  return worker;
}

describe('PgliteWorker: PGlite in a worker thread', () => {
  let worker: PgliteWorker;
  beforeAll(async () => {
    worker = await PgliteWorker.start(null);
  });
  afterAll(async () => {
    await worker.close();
  });

  it('answers statements with plain rows', async () => {
    const rows = await worker.query<{ n: number; t: string; j: string }>(
      `SELECT 41 + $1::int AS n, $2::text AS t, '{"a":[1]}'::jsonb::text AS j`,
      [1, 'Quokka Pale Ale'],
    );
    expect(rows).toEqual([{ n: 42, t: 'Quokka Pale Ale', j: '{"a": [1]}' }]);
  });

  it("rejects a failing statement with PostgreSQL's message and SQLSTATE, and goes on answering", async () => {
    const error = await worker.query('SELECT no_such_column FROM (SELECT 1) AS t').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PgliteQueryError);
    expect(error).toMatchObject({ code: '42703', message: 'column "no_such_column" does not exist' });

    const raised = await worker
      .query(`DO $$ BEGIN RAISE EXCEPTION USING ERRCODE = 'BR999', MESSAGE = 'refused', DETAIL = '{"why":1}'; END $$`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(raised).toMatchObject({ code: 'BR999', message: 'refused', detail: '{"why":1}' });

    expect(await worker.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('commits a transaction whose work succeeds and rolls back one whose work throws', async () => {
    await worker.query('CREATE TABLE tx_probe (v int)');
    await worker.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_probe VALUES (1)');
    });
    await expect(
      worker.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES (2)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      worker.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES (3)');
        await tx.query('SELECT 1/0');
      }),
    ).rejects.toMatchObject({ code: '22012' });

    expect(await worker.query('SELECT v FROM tx_probe ORDER BY v')).toEqual([{ v: 1 }]);
  });

  it('refuses to open a data directory that is not a directory, saying why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brewery-pglite-file-'));
    try {
      const file = join(dir, 'not-a-directory');
      writeFileSync(file, 'x');
      const error = await PgliteWorker.start(file).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PgliteWorkerError);
      expect((error as Error).message).toMatch(/^PGlite could not open its database: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The empty database `npm run build` prepares (eventstore/scripts/pglite-template.cjs). */
const TEMPLATE = join(__dirname, '..', '..', '..', 'dist', 'pglite-template');

/** A database's system identifier: the first eight bytes of its control file, the same for every copy of one initdb. */
const systemIdentifier = (dataDir: string): string =>
  readFileSync(join(dataDir, 'global', 'pg_control'))
    .subarray(0, 8)
    .toString('hex');

describe('PgliteWorker: a new data directory starts from the prepared database', () => {
  let dir: string;
  beforeAll(() => {
    if (!existsSync(join(TEMPLATE, 'PG_VERSION'))) throw new Error(`${TEMPLATE} is missing: run \`npm run build\` first`);
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'brewery-pglite-new-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('given an empty directory, it is a copy of the prepared database (no initdb), with PostgreSQL sized for a small server', async () => {
    const worker = await PgliteWorker.start(dir);
    try {
      expect(await worker.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
      expect(systemIdentifier(dir)).toBe(systemIdentifier(TEMPLATE));
      expect(readFileSync(join(dir, 'PG_VERSION'), 'utf8')).toBe(readFileSync(join(TEMPLATE, 'PG_VERSION'), 'utf8'));
    } finally {
      await worker.close();
    }
  });

  it('given a copy cut short (files there, no PG_VERSION yet), it is made again and opens', async () => {
    mkdirSync(join(dir, 'base'));
    writeFileSync(join(dir, 'postgresql.conf'), 'this is not a configuration');
    mkdirSync(join(dir, 'global'));
    const worker = await PgliteWorker.start(dir);
    try {
      expect(await worker.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(systemIdentifier(dir)).toBe(systemIdentifier(TEMPLATE));
    } finally {
      await worker.close();
    }
  });

  it('given a database already there, it opens it as it is and copies nothing over it', async () => {
    const first = await PgliteWorker.start(dir);
    await first.query('CREATE TABLE kept (v int)');
    await first.query('INSERT INTO kept VALUES (7)');
    await first.close();
    const again = await PgliteWorker.start(dir);
    try {
      expect(await again.query('SELECT v FROM kept')).toEqual([{ v: 7 }]);
    } finally {
      await again.close();
    }
  });
});

describe('PgliteEventStore when its worker thread dies', () => {
  let dataDir = '';
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'brewery-pglite-crash-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('rejects the pending and every later call with a clear error, reports not healthy, and keeps what was acknowledged', async () => {
    const stream = newStream('order');
    const store = await PgliteEventStore.open({ dataDir });
    let acknowledged: AppendResult;
    try {
      acknowledged = await store.append(stream, numbered(3), { expectedRevision: 'no_stream' });
      expect(await store.health()).toMatchObject({ ok: true, adapter: 'pglite' });

      // A call the worker cannot answer any more: asked just as the thread is being stopped. (One asked a moment
      // earlier may still be answered, the worker being quick; which of the two happens is not the point here.)
      const stopping = workerOf(store).terminate();
      const inFlight = store.readAll();
      await stopping;

      await expect(inFlight).rejects.toThrow(PgliteWorkerError);
      await expect(inFlight).rejects.toThrow(/PGlite worker thread stopped unexpectedly \(exit code \d+\); the event store is unavailable/);
      await expect(store.append(stream, numbered(1), { expectedRevision: 2 })).rejects.toThrow(/PGlite worker thread stopped unexpectedly/);
      await expect(store.readStream(stream)).rejects.toThrow(PgliteWorkerError);
      expect(await store.health()).toEqual({
        ok: false,
        adapter: 'pglite',
        detail: expect.stringMatching(/^PGlite worker thread stopped unexpectedly/),
      });
    } finally {
      await store.close();
    }
    // Close after a crash still frees the directory, and the next process finds every acknowledged event.
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const reopened = await PgliteEventStore.open({ dataDir });
    try {
      expect((await reopened.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2]);
      expect(await reopened.headPosition()).toBe(acknowledged.position);
      expect(await reopened.health()).toMatchObject({ ok: true });
    } finally {
      await reopened.close();
    }
  });

  it('after close, answers nothing more and says the store is closed', async () => {
    const store = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
    const worker = workerOf(store);
    await store.close();
    await expect(worker.query('SELECT 1')).rejects.toThrow('PGlite worker thread has been closed');
    expect(await store.health()).toEqual({ ok: false, adapter: 'pglite', detail: 'closed' });
  });
});

describe('PgliteEventStore: many callers appending at once through the worker', () => {
  let store: PgliteEventStore;
  beforeAll(async () => {
    store = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
  });
  afterAll(async () => {
    await store.close();
  });

  it('gives 120 concurrent appends to 40 streams gap-free positions in commit order, each where its append said', async () => {
    const head = await store.headPosition();
    const streams = Array.from({ length: 40 }, () => newStream('order'));
    const appends = Array.from({ length: 120 }, (_, i) => ({ stream: streams[i % streams.length] ?? '', events: numbered(1 + (i % 3)) }));

    const results = await Promise.all(appends.map((a) => store.append(a.stream, a.events, { expectedRevision: 'any' })));

    const all = await store.readAll({ after: head });
    const total = appends.reduce((sum, a) => sum + a.events.length, 0);
    const first = all[0]?.globalPosition ?? Number.NaN;
    expect(first).toBeGreaterThan(head);
    expect(all.map((e) => e.globalPosition)).toEqual(Array.from({ length: total }, (_, i) => first + i));
    appends.forEach((append, i) => {
      const result = results[i];
      if (!result) throw new Error('unreachable');
      const stored = all.filter((e) => append.events.some((x) => x.id === e.id));
      // A batch is contiguous and ends where its append said: consecutive positions and revisions.
      expect(stored.map((e) => e.globalPosition)).toEqual(append.events.map((_, k) => result.position - append.events.length + 1 + k));
      expect(stored.map((e) => e.revision)).toEqual(
        append.events.map((_, k) => result.nextExpectedRevision - append.events.length + 1 + k),
      );
    });
    for (const stream of streams) {
      const read = await store.readStream(stream);
      expect(read.map((e) => e.revision)).toEqual(read.map((_, k) => k));
    }
  });

  it('fails only the call whose statement PostgreSQL refuses, with its reason, and stays healthy', async () => {
    const stream = newStream('order');
    const [refused, accepted] = await Promise.allSettled([
      store.append(stream, [anEvent('NoteAdded', { text: 'nul \u0000 byte' })], { expectedRevision: 'no_stream' }),
      store.append(newStream('order'), numbered(1), { expectedRevision: 'no_stream' }),
    ]);
    expect(refused).toMatchObject({ status: 'rejected', reason: { name: 'PgliteQueryError', code: '22P05' } });
    expect(accepted).toMatchObject({ status: 'fulfilled' });
    expect(await store.readStream(stream)).toEqual([]);
    expect(await store.health()).toMatchObject({ ok: true });
  });

  it('keeps expected revisions exact: per stream one winner among contenders, and unbroken chains of awaited appends', async () => {
    const contested = Array.from({ length: 5 }, () => newStream('sequence'));
    await Promise.all(contested.map((s) => store.append(s, numbered(2), { expectedRevision: 'no_stream' })));
    const chained = Array.from({ length: 8 }, () => newStream('product'));

    const [outcomes] = await Promise.all([
      Promise.allSettled(
        contested.flatMap((s) =>
          Array.from({ length: 10 }, (_, contender) => store.append(s, [anEvent('NumberTaken', { contender })], { expectedRevision: 1 })),
        ),
      ),
      Promise.all(
        chained.map(async (s) => {
          let expectedRevision: 'no_stream' | number = 'no_stream';
          for (let i = 0; i < 15; i++) {
            ({ nextExpectedRevision: expectedRevision } = await store.append(s, numbered(1), { expectedRevision }));
          }
        }),
      ),
    ]);

    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(contested.length);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused).toHaveLength(contested.length * 9);
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(reason).toMatchObject({ expected: 1, actual: 2 });
    }
    for (const s of contested) expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2]);
    for (const s of chained) expect((await store.readStream(s)).map((e) => e.revision)).toEqual(Array.from({ length: 15 }, (_, k) => k));
  });
});
