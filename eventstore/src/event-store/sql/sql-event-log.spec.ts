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
