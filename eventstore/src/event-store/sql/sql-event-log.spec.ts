import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { DuplicateEventIdError } from '../event-store.errors';
import { type EventMetadata, type ExpectedRevision, WrongExpectedRevisionError } from '../event-store.port';
import { SqlEventLog } from './sql-event-log';
import type { SqlQueryable } from './sql-executor';

const metadata: EventMetadata = { correlationId: 'c-1', causationId: null, actor: 'customer', occurredAt: '2026-11-25T00:00:00.000Z' };

/** Records every statement and answers with the rows (or the error) it is given. */
function recordingExecutor(answer: () => unknown[]): SqlQueryable & { statements: Array<{ sql: string; params: readonly unknown[] }> } {
  const statements: Array<{ sql: string; params: readonly unknown[] }> = [];
  return {
    statements,
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      statements.push({ sql, params });
      return answer() as Row[];
    },
  };
}

describe('SqlEventLog.append', () => {
  it('is one statement, brewery_append, with the stream, the expected revision as text and the events as JSON', async () => {
    const db = recordingExecutor(() => [{ next_revision: '4', last_position: '17', written: true }]);
    const id = randomUUID();

    const result = await new SqlEventLog(db, 'channel').append(
      'order-1',
      [
        { id: id.toUpperCase(), type: 'OrderPlaced', data: { cans: 8, note: 'ä 🍺' }, metadata },
        { type: 'OrderPaid', data: undefined, metadata },
      ],
      3,
    );

    expect(result).toEqual({ nextExpectedRevision: 4, position: 17, written: true });
    expect(db.statements).toHaveLength(1);
    const [statement] = db.statements;
    expect(statement?.sql).toBe('SELECT next_revision, last_position, written FROM brewery_append($1, $2, $3::text::jsonb, $4)');
    const [stream, expected, json, channel] = statement?.params ?? [];
    expect([stream, expected, channel]).toEqual(['order-1', '3', 'channel']);
    const records = JSON.parse(json as string) as Array<Record<string, unknown>>;
    expect(records[0]).toEqual({ id, type: 'OrderPlaced', data: { cans: 8, note: 'ä 🍺' }, metadata });
    expect(records[1]).toMatchObject({ type: 'OrderPaid', data: null, metadata });
    expect(records[1]?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each<ExpectedRevision>(['no_stream', 'stream_exists', 'any', 0])('passes expected revision %p as text', async (expected) => {
    const db = recordingExecutor(() => [{ next_revision: 0, last_position: 1, written: true }]);
    await new SqlEventLog(db).append('order-1', [{ type: 'A', data: {}, metadata }], expected);
    expect(db.statements[0]?.params[1]).toBe(String(expected));
    expect(db.statements[0]?.params[3]).toBeNull();
  });

  it("turns the function's refusal into the port's error", async () => {
    const db = recordingExecutor(() => {
      throw Object.assign(new Error('Wrong expected revision'), { code: 'BR001', detail: '{"actual": 5}' });
    });
    const attempt = new SqlEventLog(db).append('order-1', [{ type: 'A', data: {}, metadata }], 2);
    await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(attempt).rejects.toMatchObject({ streamName: 'order-1', expected: 2, actual: 5 });
  });

  it.each<[string, () => Promise<unknown>, unknown]>([
    ['a negative expected revision', () => new SqlEventLog(never()).append('s-1', [], -1), RangeError],
    ['an empty stream name', () => new SqlEventLog(never()).append('', [], 'any'), Error],
    [
      'an id that is not a UUID',
      () => new SqlEventLog(never()).append('s-1', [{ id: 'evt_1', type: 'A', data: {}, metadata }], 'any'),
      Error,
    ],
    [
      'a batch repeating an id',
      () => {
        const id = randomUUID();
        return new SqlEventLog(never()).append(
          's-1',
          [
            { id, type: 'A', data: {}, metadata },
            { id, type: 'B', data: {}, metadata },
          ],
          'any',
        );
      },
      DuplicateEventIdError,
    ],
  ])('refuses %s without a statement', async (_name, attempt, errorClass) => {
    await expect(attempt()).rejects.toBeInstanceOf(errorClass);
  });
});

describe('SqlEventLog.append, several at once', () => {
  /** Holds the first statement until released, so the appends asked for meanwhile queue behind it. */
  function gatedExecutor(answer: (sql: string, params: readonly unknown[]) => unknown[]) {
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const statements: Array<{ sql: string; params: readonly unknown[] }> = [];
    const db: SqlQueryable = {
      async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
        statements.push({ sql, params });
        if (statements.length === 1) await gate;
        return answer(sql, params) as Row[];
      },
    };
    return { db, statements, release };
  }
  const one = { type: 'A', data: {}, metadata };

  it('answers each append of a group from its own row: written, or refused as the port says', async () => {
    const { db, statements, release } = gatedExecutor((sql) =>
      sql.includes('brewery_append_batch')
        ? [
            { next_revision: '0', last_position: '11', written: true, error_code: null, error_message: null, error_detail: null },
            {
              next_revision: null,
              last_position: null,
              written: false,
              error_code: 'BR001',
              error_message: 'Wrong',
              error_detail: '{"actual": 3}',
            },
            {
              next_revision: null,
              last_position: null,
              written: false,
              error_code: '53100',
              error_message: 'disk full',
              error_detail: null,
            },
          ]
        : [{ next_revision: '0', last_position: '10', written: true }],
    );
    const heard: string[] = [];
    const log = new SqlEventLog(db, null, (stream) => heard.push(stream));
    const first = log.append('s-1', [one], 'no_stream');
    const rest = [log.append('s-2', [one], 'no_stream'), log.append('s-3', [one], 1), log.append('s-4', [one], 'any')];
    await Promise.resolve();
    release();

    await expect(first).resolves.toEqual({ nextExpectedRevision: 0, position: 10, written: true });
    await expect(rest[0]).resolves.toEqual({ nextExpectedRevision: 0, position: 11, written: true });
    await expect(rest[1]).rejects.toMatchObject({ streamName: 's-3', expected: 1, actual: 3 });
    await expect(rest[1]).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(rest[2]).rejects.toMatchObject({ message: 'disk full', code: '53100' });
    expect(statements).toHaveLength(2);
    const group = JSON.parse(statements[1]?.params[0] as string) as Array<{ stream: string; expected: string }>;
    expect(group.map((g) => [g.stream, g.expected])).toEqual([
      ['s-2', 'no_stream'],
      ['s-3', '1'],
      ['s-4', 'any'],
    ]);
    expect(heard).toEqual(['s-1', 's-2']);
  });

  it('refuses every append of a group whose statement fails, and goes on with the next', async () => {
    let calls = 0;
    const { db, release } = gatedExecutor(() => {
      calls += 1;
      if (calls === 2) throw new Error('connection lost');
      return [{ next_revision: '0', last_position: String(calls), written: true }];
    });
    const log = new SqlEventLog(db);
    const first = log.append('s-1', [one], 'any');
    const group = [log.append('s-2', [one], 'any'), log.append('s-3', [one], 'any')];
    await Promise.resolve();
    release();
    await expect(first).resolves.toMatchObject({ written: true });
    for (const append of group) await expect(append).rejects.toThrow('connection lost');
    await expect(log.append('s-4', [one], 'any')).resolves.toMatchObject({ position: 3, written: true });
  });
});

describe('SqlEventLog.readStream', () => {
  it('bounds the revision in the WHERE clause only when reading from a revision', async () => {
    const db = recordingExecutor(() => []);
    const log = new SqlEventLog(db);
    await log.readStream('order-1');
    await log.readStream('order-1', { fromRevision: 7, maxCount: 5 });
    await log.readStream('order-1', { direction: 'backwards', fromRevision: 7 });

    const [all, forwards, backwards] = db.statements;
    expect(all?.sql).not.toContain('stream_revision >=');
    expect(all?.params).toEqual(['order-1', null]);
    expect(forwards?.sql).toMatch(/WHERE stream_name = \$1 AND stream_revision >= \$3::bigint\s+ORDER BY stream_revision ASC/);
    expect(forwards?.params).toEqual(['order-1', 5, 7]);
    expect(backwards?.sql).toMatch(/WHERE stream_name = \$1 AND stream_revision <= \$3::bigint\s+ORDER BY stream_revision DESC/);
  });
});

function never(): SqlQueryable {
  return {
    query: () => Promise.reject(new Error('no statement expected')),
  };
}
