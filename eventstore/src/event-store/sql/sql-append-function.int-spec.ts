import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import { Client, type ClientBase, Pool } from 'pg';
import { createThrowawayDatabase } from '../../testing/postgres-cluster';
import { DuplicateEventIdError } from '../event-store.errors';
import { newStream } from '../event-store.contract';
import { type EventMetadata, type EventToAppend, WrongExpectedRevisionError } from '../event-store.port';
import { PgliteWorker } from '../pglite/pglite-worker-client';
import { POSTGRES_SESSION_OPTIONS } from '../postgres/postgres-event-store';
import { appendErrorFromSql } from './sql-append-errors';
import { SqlEventLog } from './sql-event-log';
import type { SqlExecutor, SqlQueryable } from './sql-executor';
import { APPEND_SQLSTATE, ensureSqlSchema, EVENTS_NOTIFY_CHANNEL } from './sql-schema';
import { postgresServerForTests } from '../../testing/postgres-server-for-tests';

// Creating a PGlite or PostgreSQL database takes seconds; the project-level testTimeout is not applied by jest-circus.
jest.setTimeout(60_000);

interface Engine {
  db: SqlExecutor;
  close(): Promise<void>;
}

interface AppendRow {
  next_revision: number | string;
  last_position: number | string;
  written: boolean;
}

const METADATA: EventMetadata = { correlationId: 'c-1', causationId: null, actor: 'system', occurredAt: '2026-11-25T00:00:00.000Z' };

function records(ids: readonly string[]): string {
  return JSON.stringify(ids.map((id, n) => ({ id, type: 'CansCounted', data: { n }, metadata: METADATA })));
}

/** `brewery_append` called as the SQL event log calls it; the row with numbers, or the raw database error. */
async function callAppend(
  db: SqlQueryable,
  stream: string,
  expected: string,
  ids: readonly string[],
): Promise<{ nextRevision: number; position: number; written: boolean }> {
  const [row] = await db.query<AppendRow>('SELECT * FROM brewery_append($1, $2, $3::text::jsonb, $4)', [
    stream,
    expected,
    records(ids),
    null,
  ]);
  if (!row) throw new Error('brewery_append returned no row');
  return { nextRevision: Number(row.next_revision), position: Number(row.last_position), written: row.written };
}

interface BatchRow {
  next_revision: number | null;
  last_position: number | null;
  written: boolean;
  error_code: string | null;
  error_message: string | null;
  error_detail: string | null;
}

/** `brewery_append_batch` with numbers as numbers. */
async function callBatch(
  db: SqlQueryable,
  appends: ReadonlyArray<{ stream: string; expected: string; ids: readonly string[] }>,
): Promise<BatchRow[]> {
  const rows = await db.query<BatchRow>('SELECT * FROM brewery_append_batch($1::text::jsonb, NULL)', [
    JSON.stringify(appends.map((a) => ({ stream: a.stream, expected: a.expected, records: JSON.parse(records(a.ids)) as unknown }))),
  ]);
  return rows.map((row) => ({
    ...row,
    next_revision: row.next_revision === null ? null : Number(row.next_revision),
    last_position: row.last_position === null ? null : Number(row.last_position),
  }));
}

/**
 * What a statement returned, and how often it called each function of ours that returned (PostgreSQL's own count,
 * read before and after it in one transaction; a call that raised is not counted).
 */
async function withFunctionCalls<T>(
  db: SqlExecutor,
  work: (tx: SqlQueryable) => Promise<T>,
): Promise<{ rows: T; calls: Record<string, number> }> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL track_functions = 'pl'`);
    const count = async (): Promise<Map<string, number>> =>
      new Map(
        (
          await tx.query<{ funcname: string; calls: number | string }>(
            `SELECT funcname, calls FROM pg_stat_xact_user_functions WHERE funcname LIKE 'brewery_%'`,
          )
        ).map((row) => [row.funcname, Number(row.calls)]),
      );
    const before = await count();
    const rows = await work(tx);
    const after = await count();
    const calls = [...after].map(([name, n]) => [name, n - (before.get(name) ?? 0)] as const).filter(([, n]) => n > 0);
    return { rows, calls: Object.fromEntries(calls.sort(([x], [y]) => x.localeCompare(y))) };
  });
}

async function failureOf(attempt: Promise<unknown>): Promise<{ code?: string; detail?: string; message: string }> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error(`expected a database error, got ${String(error)}`);
  return error;
}

function ids(count: number): string[] {
  return Array.from({ length: count }, () => randomUUID());
}

/** A `SqlExecutor` over one pg client, as small as the schema needs. */
function clientExecutor(client: ClientBase): SqlExecutor {
  const queryable: SqlQueryable = {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      return (await client.query(sql, [...params])).rows as Row[];
    },
  };
  return {
    ...queryable,
    async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
      await client.query('BEGIN');
      try {
        const result = await work(queryable);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
  };
}

// The contract project's global setup provides the server; run alone, this file starts its own.
const postgresServer = postgresServerForTests();

const engines: Array<[string, () => Promise<Engine>]> = [
  [
    'PGlite (worker thread)',
    async () => {
      const worker = await PgliteWorker.start(null);
      await ensureSqlSchema(worker);
      return { db: worker, close: () => worker.close() };
    },
  ],
  [
    'PostgreSQL server',
    async () => {
      // As the adapter's pool connects (POSTGRES_SESSION_OPTIONS), so what is tested is what runs.
      const client = new Client({
        connectionString: await createThrowawayDatabase(postgresServer(), 'append_fn'),
        options: POSTGRES_SESSION_OPTIONS,
      });
      await client.connect();
      const db = clientExecutor(client);
      await ensureSqlSchema(db);
      return { db, close: () => client.end() };
    },
  ],
];

describe.each(engines)('brewery_append on %s', (_label, openEngine) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine();
  });
  afterAll(async () => {
    await engine.close();
  });

  // First, while the table is small: what PL/pgSQL plans now must not be what it keeps once the log has grown.
  it('reads ids and revisions through the indexes once the log has grown, however it planned while the log was small', async () => {
    for (let i = 0; i < 8; i++) await callAppend(engine.db, newStream('early'), 'no_stream', ids(10));
    for (let i = 0; i < 8; i++) {
      await callBatch(engine.db, [
        { stream: newStream('early'), expected: 'no_stream', ids: ids(2) },
        { stream: newStream('early'), expected: 'any', ids: ids(1) },
      ]);
    }
    await engine.db.query(
      `INSERT INTO events (stream_name, stream_revision, event_id, type, data, metadata)
       SELECT 'grown-' || (g / 10), g % 10, gen_random_uuid(), 'Filler', '{}', '{}' FROM generate_series(0, 29999) AS g`,
    );

    // The backend's own scan counts, read before and after inside one transaction (nothing is flushed in between).
    const seqScans = await engine.db.transaction(async (tx) => {
      const count = async (): Promise<number> => {
        const [row] = await tx.query<{ seq_scan: number | string }>(
          `SELECT seq_scan FROM pg_stat_xact_user_tables WHERE relname = 'events'`,
        );
        return Number(row?.seq_scan);
      };
      const before = await count();
      await callAppend(tx, newStream('late'), 'no_stream', ids(10));
      await callBatch(tx, [
        { stream: newStream('late'), expected: 'no_stream', ids: ids(2) },
        { stream: newStream('late'), expected: 'any', ids: ids(1) },
      ]);
      return (await count()) - before;
    });
    expect(seqScans).toBe(0);
  });

  it('writes a group of appends in order, each checked on its own, and a refused one rolls back alone', async () => {
    const stream = newStream('order');
    const other = newStream('order');
    const stored = ids(2);
    const before = await callAppend(engine.db, stream, 'no_stream', stored);
    const [one, two, three] = [ids(2), ids(1), ids(1)];

    const rows = await callBatch(engine.db, [
      { stream, expected: '5', ids: ids(1) },
      { stream, expected: '1', ids: one },
      { stream, expected: '3', ids: two },
      { stream: other, expected: 'any', ids: [...three, ...stored] },
      { stream, expected: 'no_stream', ids: stored },
    ]);

    expect(rows[0]).toMatchObject({ written: false, error_code: APPEND_SQLSTATE.wrongExpectedRevision, error_detail: '{"actual": 1}' });
    expect(rows[0]?.error_message).toBe(`Wrong expected revision on ${stream}: expected 5, actual 1`);
    expect(rows[1]).toMatchObject({ next_revision: 3, last_position: before.position + 2, written: true, error_code: null });
    // The third sees what the second wrote in the same transaction.
    expect(rows[2]).toMatchObject({ next_revision: 4, last_position: before.position + 3, written: true, error_code: null });
    expect(rows[3]).toMatchObject({ written: false, error_code: APPEND_SQLSTATE.eventIdInOtherStream });
    // An idempotent retry inside a group answers as it does alone.
    expect(rows[4]).toMatchObject({ next_revision: 1, last_position: before.position, written: false, error_code: null });
    const written = await engine.db.query<{ stream_revision: number | string; event_id: string }>(
      'SELECT stream_revision, event_id::text AS event_id FROM events WHERE stream_name = ANY($1) ORDER BY global_position',
      [[stream, other]],
    );
    expect(written.map((r) => [Number(r.stream_revision), r.event_id])).toEqual(
      [...stored, ...one, ...two].map((id, revision) => [revision, id]),
    );
  });

  it('writes a batch whose appends all go through in one INSERT, calling brewery_append for none, answering as one by one', async () => {
    const [first, second, existing] = [newStream('order'), newStream('payment'), newStream('product')];
    const before = await callAppend(engine.db, existing, 'no_stream', ids(1));
    const [a, b, c, d, e] = [ids(2), ids(1), ids(1), ids(1), ids(2)];
    const { rows, calls } = await withFunctionCalls(engine.db, (tx) =>
      callBatch(tx, [
        { stream: first, expected: 'no_stream', ids: a },
        { stream: second, expected: 'no_stream', ids: b },
        // The next two see what the first two wrote in the same statement.
        { stream: first, expected: '1', ids: c },
        { stream: existing, expected: 'stream_exists', ids: d },
        { stream: second, expected: 'any', ids: e },
      ]),
    );

    expect(calls).toEqual({ brewery_append_batch: 1 });
    const p = before.position;
    expect(rows).toEqual([
      { next_revision: 1, last_position: p + 2, written: true, error_code: null, error_message: null, error_detail: null },
      { next_revision: 0, last_position: p + 3, written: true, error_code: null, error_message: null, error_detail: null },
      { next_revision: 2, last_position: p + 4, written: true, error_code: null, error_message: null, error_detail: null },
      { next_revision: 1, last_position: p + 5, written: true, error_code: null, error_message: null, error_detail: null },
      { next_revision: 2, last_position: p + 7, written: true, error_code: null, error_message: null, error_detail: null },
    ]);
    const written = await engine.db.query<{ stream_name: string; stream_revision: number | string; event_id: string; data: unknown }>(
      `SELECT stream_name, stream_revision, event_id::text AS event_id, data FROM events
        WHERE global_position > $1 ORDER BY global_position`,
      [p],
    );
    expect(written.map((r) => [r.stream_name, Number(r.stream_revision), r.event_id])).toEqual([
      [first, 0, a[0]],
      [first, 1, a[1]],
      [second, 0, b[0]],
      [first, 2, c[0]],
      [existing, 1, d[0]],
      [second, 1, e[0]],
      [second, 2, e[1]],
    ]);
    expect(written.map((r) => r.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 0 }, { n: 0 }, { n: 0 }, { n: 0 }, { n: 1 }]);
  });

  it.each([
    ['a wrong expected revision', (stream: string) => ({ stream, expected: '4', ids: ids(1) })],
    ['an id already stored', (stream: string, stored: string) => ({ stream, expected: 'any', ids: [stored] })],
    ['an id twice in the batch', (stream: string, _stored: string, twice: string) => ({ stream, expected: 'any', ids: [twice] })],
    ['an empty append', (stream: string) => ({ stream, expected: 'any', ids: [] })],
    ['an expected revision it cannot read', (stream: string) => ({ stream, expected: 'next', ids: ids(1) })],
  ])('given %s among them, then every append of the batch goes one by one', async (_, odd) => {
    const stream = newStream('order');
    const stored = ids(1)[0] as string;
    await callAppend(engine.db, stream, 'no_stream', [stored]);
    const twice = ids(1)[0] as string;
    const { rows, calls } = await withFunctionCalls(engine.db, (tx) =>
      callBatch(tx, [
        { stream: newStream('payment'), expected: 'no_stream', ids: [twice] },
        { stream, expected: '0', ids: ids(1) },
        odd(stream, stored, twice),
      ]),
    );
    // The two that are written went through brewery_append (the odd one may have raised there, uncounted).
    expect(calls.brewery_append_batch).toBe(1);
    expect(calls.brewery_append).toBeGreaterThanOrEqual(2);
    expect(rows.slice(0, 2).map((row) => [row.written, row.next_revision])).toEqual([
      [true, 0],
      [true, 1],
    ]);
  });

  it('sends the appends that queue behind a running one together through the SQL event log, committing them in call order', async () => {
    const statements: string[] = [];
    const log = new SqlEventLog(
      {
        query: <Row>(sql: string, params?: readonly unknown[]) => {
          statements.push(sql);
          return engine.db.query<Row>(sql, params);
        },
      },
      null,
      (streamName, _events, outcome) => heard.push([streamName, outcome.position]),
    );
    const heard: Array<[string, number]> = [];
    const event = (): EventToAppend => ({ type: 'CansCounted', data: { n: 1 }, metadata: METADATA });
    const streams = Array.from({ length: 12 }, () => newStream('product'));
    const shared = newStream('sequence');

    const outcomes = await Promise.allSettled([
      ...streams.map((stream) => log.append(stream, [event(), event()], 'no_stream')),
      log.append(shared, [event()], 'no_stream'),
      log.append(shared, [event()], 0),
      log.append(shared, [event()], 0),
    ]);

    const values: unknown[] = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as unknown)));
    const written = values.slice(0, 14) as Array<{ position: number; written: boolean }>;
    expect(written.every((w) => w.written)).toBe(true);
    const positions = written.map((w) => w.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(positions).size).toBe(14);
    expect(values[14]).toBeInstanceOf(WrongExpectedRevisionError);
    expect(values[14]).toMatchObject({ streamName: shared, expected: 0, actual: 1 });
    // The first went alone; the rest, queued behind it, went in one statement.
    expect(statements).toHaveLength(2);
    expect(statements[0]).toContain('FROM brewery_append(');
    expect(statements[1]).toContain('FROM brewery_append_batch(');
    expect(heard).toEqual([...streams, shared, shared].map((stream, n) => [stream, positions[n]]));
  });

  it('writes a batch at the next revisions and returns the last revision and position, written', async () => {
    const stream = newStream('order');
    const first = await callAppend(engine.db, stream, 'no_stream', ids(3));
    const second = await callAppend(engine.db, stream, '2', ids(2));
    expect(first).toMatchObject({ nextRevision: 2, written: true });
    expect(second).toEqual({ nextRevision: 4, position: first.position + 2, written: true });
    const rows = await engine.db.query<{ stream_revision: number | string; global_position: number | string }>(
      'SELECT stream_revision, global_position FROM events WHERE stream_name = $1 ORDER BY stream_revision',
      [stream],
    );
    expect(rows.map((r) => [Number(r.stream_revision), Number(r.global_position)])).toEqual(
      [0, 1, 2, 3, 4].map((rev) => [rev, first.position - 2 + rev]),
    );
  });

  it('raises BR001 with the actual revision as JSON, which maps to WrongExpectedRevisionError', async () => {
    const stream = newStream('product');
    const missing = await failureOf(callAppend(engine.db, stream, 'stream_exists', ids(1)));
    expect(missing).toMatchObject({ code: APPEND_SQLSTATE.wrongExpectedRevision, detail: '{"actual": "no_stream"}' });
    expect(appendErrorFromSql(missing, stream, 'stream_exists')).toEqual(
      new WrongExpectedRevisionError(stream, 'stream_exists', 'no_stream'),
    );

    await callAppend(engine.db, stream, 'no_stream', ids(2));
    for (const expected of ['no_stream', '0', '2']) {
      const error = await failureOf(callAppend(engine.db, stream, expected, ids(1)));
      expect(error).toMatchObject({ code: 'BR001', detail: '{"actual": 1}' });
      expect(error.message).toBe(`Wrong expected revision on ${stream}: expected ${expected}, actual 1`);
    }
    const mapped = appendErrorFromSql(await failureOf(callAppend(engine.db, stream, '0', ids(1))), stream, 0);
    expect(mapped).toBeInstanceOf(WrongExpectedRevisionError);
    expect(mapped).toMatchObject({ streamName: stream, expected: 0, actual: 1 });
  });

  it('raises BR002 naming the ids and their streams when ids are stored in another stream, writing nothing', async () => {
    const home = newStream('payment');
    const [stored, fresh] = ids(2) as [string, string];
    await callAppend(engine.db, home, 'no_stream', [stored]);
    const other = newStream('payment');

    const error = await failureOf(callAppend(engine.db, other, 'any', [fresh, stored]));
    expect(error.code).toBe(APPEND_SQLSTATE.eventIdInOtherStream);
    expect(JSON.parse(error.detail ?? '')).toEqual({ eventIds: [stored], streams: [home] });
    const mapped = appendErrorFromSql(error, other, 'any');
    expect(mapped).toBeInstanceOf(DuplicateEventIdError);
    expect(mapped).toMatchObject({
      streamName: other,
      eventIds: [stored],
      message: expect.stringContaining(`already stored in stream ${home}`),
    });
    expect(await engine.db.query('SELECT 1 FROM events WHERE stream_name = $1', [other])).toEqual([]);
  });

  it('raises BR003 naming the stored ids of a partly stored batch, in batch order', async () => {
    const stream = newStream('payment');
    const [a, b, c] = ids(3) as [string, string, string];
    await callAppend(engine.db, stream, 'no_stream', [c, a]);

    const error = await failureOf(callAppend(engine.db, stream, 'any', [a, b, c]));
    expect(error.code).toBe(APPEND_SQLSTATE.partOfBatchStored);
    expect(JSON.parse(error.detail ?? '')).toEqual({ eventIds: [a, c] });
    expect(appendErrorFromSql(error, stream, 'any')).toEqual(
      new DuplicateEventIdError(stream, [a, c], 'only part of the batch is already stored'),
    );
  });

  it('answers a retry of stored ids with the stored revision and position, not written, whatever the expected revision', async () => {
    const stream = newStream('payment');
    const batch = ids(2);
    const first = await callAppend(engine.db, stream, 'no_stream', batch);
    await callAppend(engine.db, stream, '1', ids(1));

    expect(await callAppend(engine.db, stream, 'no_stream', batch)).toEqual({ ...first, written: false });
    expect(await callAppend(engine.db, stream, '7', batch)).toEqual({ ...first, written: false });
  });

  it('checks an empty batch against the expected revision and returns the stream as it is', async () => {
    const stream = newStream('order');
    expect(await callAppend(engine.db, stream, 'no_stream', [])).toEqual({ nextRevision: -1, position: -1, written: false });
    const written = await callAppend(engine.db, stream, 'no_stream', ids(2));
    expect(await callAppend(engine.db, stream, '1', [])).toEqual({ nextRevision: 1, position: written.position, written: false });
    expect(await failureOf(callAppend(engine.db, stream, 'no_stream', []))).toMatchObject({ code: 'BR001' });
  });

  it('refuses an expected revision it cannot read as invalid_parameter_value', async () => {
    const error = await failureOf(callAppend(engine.db, newStream('order'), '-1', ids(1)));
    expect(error).toMatchObject({ code: '22023', message: 'Invalid expected revision: -1' });
  });

  it('reads a stream from a revision through the (stream_name, stream_revision) index, even with a generic plan', async () => {
    // 2,000 other streams of 10 events, so the planner has a reason to prefer the index.
    await engine.db.query(
      `INSERT INTO events (stream_name, stream_revision, event_id, type, data, metadata)
       SELECT 'filler-' || (g / 10), g % 10, gen_random_uuid(), 'Filler', '{}', '{}' FROM generate_series(0, 19999) AS g`,
    );
    const stream = newStream('order');
    for (let i = 0; i < 30; i++) await callAppend(engine.db, stream, 'any', ids(10));
    await engine.db.query('ANALYZE events');

    // The statement readStream runs, captured, then planned for any value of its parameters.
    const seen: Array<{ sql: string; params: readonly unknown[] }> = [];
    await new SqlEventLog({
      async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
        seen.push({ sql, params });
        return [];
      },
    }).readStream(stream, { fromRevision: 290 });
    const [statement] = seen;
    if (!statement) throw new Error('readStream ran no statement');
    const name = `read_stream_${randomUUID().replaceAll('-', '')}`;
    await engine.db.transaction(async (tx) => {
      await tx.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
      await tx.query(`PREPARE ${name} AS ${statement.sql}`);
      const literal = statement.params.map((p) => (p === null ? 'NULL' : typeof p === 'number' ? String(p) : `'${String(p as string)}'`));
      const [plan] = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) EXECUTE ${name}(${literal.join(', ')})`);
      await tx.query(`DEALLOCATE ${name}`);
      const text = JSON.stringify(plan?.['QUERY PLAN']);
      expect(text).toContain('"Index Name":"events_stream_revision_unique"');
      expect(text).toMatch(/"Index Cond":"\(\(stream_name = \$1\) AND \(stream_revision >= \$\d\)\)"/);
    });
    expect((await new SqlEventLog(engine.db).readStream(stream, { fromRevision: 290 })).map((e) => e.revision)).toEqual(
      Array.from({ length: 10 }, (_, k) => 290 + k),
    );

    // The tails read together: one index range scan per stream, never a scan of the log.
    const together: string[] = [];
    const log = new SqlEventLog({
      query: <Row>(sql: string, params?: readonly unknown[]) => {
        together.push(sql);
        return engine.db.query<Row>(sql, params);
      },
    });
    await Promise.all([
      log.readStream(stream, { fromRevision: 299 }),
      log.readStream(stream, { fromRevision: 298 }),
      log.readStream('filler-7', { fromRevision: 8 }),
    ]);
    const batchSql = together[1];
    if (batchSql === undefined) throw new Error('the queued tail reads ran no statement');
    const [plan] = await engine.db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${batchSql}`, [
      [stream, 'filler-7'],
      [298, 8],
    ]);
    const text = JSON.stringify(plan?.['QUERY PLAN']);
    expect(text).toContain('"Index Name":"events_stream_revision_unique"');
    expect(text).not.toContain('"Node Type":"Seq Scan"');
  });

  it('reads the stream tails asked for while one read runs together in one statement, each answered with its own events', async () => {
    const streams = Array.from({ length: 6 }, () => newStream('order'));
    for (const [n, stream] of streams.entries()) await callAppend(engine.db, stream, 'no_stream', ids(n + 1));
    const statements: string[] = [];
    const log = new SqlEventLog({
      query: <Row>(sql: string, params?: readonly unknown[]) => {
        statements.push(sql);
        return engine.db.query<Row>(sql, params);
      },
    });
    const tails = await Promise.all([
      ...streams.map((stream) => log.readStream(stream, { fromRevision: 1 })),
      log.readStream(newStream('order'), { fromRevision: 0 }),
      log.readStream(streams[5] as string, { fromRevision: 4 }),
    ]);
    expect(tails.map((events) => events.map((e) => e.revision))).toEqual([
      [],
      [1],
      [1, 2],
      [1, 2, 3],
      [1, 2, 3, 4],
      [1, 2, 3, 4, 5],
      [],
      [4, 5],
    ]);
    expect(tails[3]?.every((e) => e.streamName === streams[3])).toBe(true);
    // The first went alone; the rest, queued behind it, went in one statement.
    expect(statements).toHaveLength(2);
    expect(statements[1]).toContain('LATERAL');
  });
});

describe('brewery_append_batch against brewery_append one by one', () => {
  let batched: PgliteWorker;
  let oneByOne: PgliteWorker;
  beforeAll(async () => {
    [batched, oneByOne] = await Promise.all([PgliteWorker.start(null), PgliteWorker.start(null)]);
    await Promise.all([ensureSqlSchema(batched), ensureSqlSchema(oneByOne)]);
  });
  afterAll(async () => {
    await Promise.all([batched.close(), oneByOne.close()]);
  });

  type Append = { stream: string; expected: string; ids: string[] };
  type Outcome = { written: boolean; at: string | null; nextRevision: number | null; error: string | null };

  /** The event a returned position points at, so that a gap one engine's sequence skipped does not count. */
  async function eventAt(db: SqlQueryable, position: number | null): Promise<string | null> {
    if (position === null || position < 0) return position === null ? null : 'none';
    const [row] = await db.query<{ at: string }>(
      `SELECT stream_name || '@' || stream_revision || ':' || event_id AS at FROM events WHERE global_position = $1`,
      [position],
    );
    return row?.at ?? `missing ${position}`;
  }

  /** Each append through brewery_append under a savepoint, as the batch's one-by-one path does. */
  async function appendOneByOne(appends: readonly Append[]): Promise<Outcome[]> {
    const answers = await oneByOne.transaction(async (tx) => {
      const out: Array<{ row: AppendRow | null; error: string | null }> = [];
      for (const append of appends) {
        await tx.query('SAVEPOINT one');
        try {
          const [row] = await tx.query<AppendRow>('SELECT * FROM brewery_append($1, $2, $3::text::jsonb, NULL)', [
            append.stream,
            append.expected,
            records(append.ids),
          ]);
          await tx.query('RELEASE SAVEPOINT one');
          out.push({ row: row ?? null, error: null });
        } catch (error) {
          await tx.query('ROLLBACK TO SAVEPOINT one');
          const e = error as { code?: string; message: string; detail?: string };
          out.push({ row: null, error: `${e.code} ${e.message} ${e.detail ?? ''}` });
        }
      }
      return out;
    });
    return Promise.all(
      answers.map(async ({ row, error }) => ({
        written: row?.written ?? false,
        at: row === null ? null : await eventAt(oneByOne, Number(row.last_position)),
        nextRevision: row === null ? null : Number(row.next_revision),
        error,
      })),
    );
  }

  async function appendBatched(appends: readonly Append[]): Promise<Outcome[]> {
    const rows = await callBatch(batched, appends);
    return Promise.all(
      rows.map(async (row) => ({
        written: row.written,
        at: row.error_code === null ? await eventAt(batched, row.last_position) : null,
        nextRevision: row.next_revision,
        error: row.error_code === null ? null : `${row.error_code} ${row.error_message} ${row.error_detail ?? ''}`,
      })),
    );
  }

  const log = async (db: SqlQueryable, streams: readonly string[]) =>
    (
      await db.query<{ e: string }>(
        `SELECT stream_name || '@' || stream_revision || ':' || event_id || ' ' || type || ' ' || data::text || ' ' || metadata::text AS e
           FROM events WHERE stream_name = ANY ($1) ORDER BY global_position`,
        [streams],
      )
    ).map((row) => row.e);

  it('answers and writes exactly as brewery_append one by one, for any batches of fresh, repeated and stored ids and any expected revisions', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(
            fc.record({
              stream: fc.integer({ min: 0, max: 2 }),
              expected: fc.oneof(
                fc.constantFrom('any', 'no_stream', 'stream_exists', 'next', '-1'),
                fc.integer({ min: 0, max: 5 }).map(String),
              ),
              // Mostly fresh ids; sometimes one of a few shared ones, so repeats and stored ids come up.
              ids: fc.array(fc.oneof({ weight: 4, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 5 }) }), {
                maxLength: 3,
              }),
            }),
            { minLength: 1, maxLength: 6 },
          ),
          { minLength: 1, maxLength: 5 },
        ),
        async (batches) => {
          run += 1;
          const streams = [0, 1, 2].map((n) => `prop-${run}-${n}`);
          const shared = ids(6);
          for (const batch of batches) {
            const appends = batch.map((a) => ({
              stream: streams[a.stream] as string,
              expected: a.expected,
              ids: a.ids.map((n) => (n < 0 ? randomUUID() : (shared[n] as string))),
            }));
            expect(await appendBatched(appends)).toEqual(await appendOneByOne(appends));
          }
          expect(await log(batched, streams)).toEqual(await log(oneByOne, streams));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('brewery_append on a PostgreSQL server, several connections', () => {
  let url: string;
  const clients: Client[] = [];
  const connect = async (): Promise<Client> => {
    const client = new Client({ connectionString: url });
    await client.connect();
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    url = await createThrowawayDatabase(postgresServer(), 'append_fn_shared');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
  });

  it('defines the schema from many processes starting at once without an error', async () => {
    const pools = Array.from({ length: 6 }, () => new Pool({ connectionString: url, max: 1 }));
    try {
      await Promise.all(pools.map((pool) => ensureSqlSchema(poolExecutor(pool))));
      await Promise.all(pools.map((pool) => ensureSqlSchema(poolExecutor(pool))));
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
    const check = await connect();
    const { rows } = await check.query<{ n: string }>(`SELECT count(*) AS n FROM pg_proc WHERE proname = 'brewery_append'`);
    expect(rows).toEqual([{ n: '1' }]);
  });

  it('holds the append lock until its transaction ends, so a later append commits after it at a higher position', async () => {
    const [a, b] = [await connect(), await connect()];
    await a.query('BEGIN');
    const held = await callAppend(clientExecutor(a), newStream('order'), 'no_stream', ids(1));
    let waitingDone = false;
    const waiting = callAppend(clientExecutor(b), newStream('order'), 'no_stream', ids(1)).finally(() => {
      waitingDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(waitingDone).toBe(false);
    await a.query('COMMIT');
    expect((await waiting).position).toBeGreaterThan(held.position);
  });

  it.each<[string, (writer: Client) => Promise<string>]>([
    [
      'an append',
      async (writer) => {
        const { rows } = await writer.query<AppendRow>('SELECT * FROM brewery_append($1, $2, $3::text::jsonb, $4)', [
          newStream('order'),
          'no_stream',
          records(ids(2)),
          EVENTS_NOTIFY_CHANNEL,
        ]);
        return String(rows[0]?.last_position);
      },
    ],
    [
      'a batch, once with its last position',
      async (writer) => {
        const appends = [newStream('order'), newStream('order')].map((stream) => ({
          stream,
          expected: 'no_stream',
          records: JSON.parse(records(ids(2))) as unknown,
        }));
        const { rows } = await writer.query<BatchRow>('SELECT * FROM brewery_append_batch($1::text::jsonb, $2)', [
          JSON.stringify(appends),
          EVENTS_NOTIFY_CHANNEL,
        ]);
        expect(rows.map((row) => row.written)).toEqual([true, true]);
        return String(rows[1]?.last_position);
      },
    ],
  ])('notifies for %s on the channel it is given, only when its transaction commits', async (_name, append) => {
    const listener = await connect();
    const heard: string[] = [];
    listener.on('notification', (message) => {
      if (message.channel === EVENTS_NOTIFY_CHANNEL && message.payload !== undefined) heard.push(message.payload);
    });
    await listener.query(`LISTEN ${EVENTS_NOTIFY_CHANNEL}`);
    const writer = await connect();

    await writer.query('BEGIN');
    await append(writer);
    await writer.query('ROLLBACK');
    const position = await append(writer);

    const deadline = Date.now() + 5000;
    while (heard.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([position]);
  });
});

function poolExecutor(pool: Pool): SqlExecutor {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      return (await pool.query(sql, [...params])).rows as Row[];
    },
    async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        return await clientExecutor(client).transaction(work);
      } finally {
        client.release();
      }
    },
  };
}
