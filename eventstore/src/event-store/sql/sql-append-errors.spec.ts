import { describe, expect, it } from '@jest/globals';
import { DuplicateEventIdError } from '../event-store.errors';
import { WrongExpectedRevisionError } from '../event-store.port';
import { appendErrorFromSql } from './sql-append-errors';

/** What pg and the PGlite worker both reject with: an Error carrying the SQLSTATE and DETAIL. */
function databaseError(code: string, detail?: string): Error {
  return Object.assign(new Error(`raised with ${code}`), { code, detail });
}

describe('appendErrorFromSql', () => {
  it.each<[string, number | 'no_stream']>([
    ['{"actual": "no_stream"}', 'no_stream'],
    ['{"actual": 0}', 0],
    ['{"actual": 41}', 41],
  ])('maps BR001 with DETAIL %s to WrongExpectedRevisionError with actual %p', (detail, actual) => {
    const mapped = appendErrorFromSql(databaseError('BR001', detail), 'order-1', 3);
    expect(mapped).toBeInstanceOf(WrongExpectedRevisionError);
    expect(mapped).toMatchObject({ streamName: 'order-1', expected: 3, actual });
    expect((mapped as Error).message).toBe(`Wrong expected revision on order-1: expected 3, actual ${actual}`);
  });

  it('maps BR002 to DuplicateEventIdError naming the ids and the streams that hold them', () => {
    const detail = JSON.stringify({ eventIds: ['id-a', 'id-b'], streams: ['payment-1', 'payment-2'] });
    const mapped = appendErrorFromSql(databaseError('BR002', detail), 'payment-3', 'no_stream');
    expect(mapped).toBeInstanceOf(DuplicateEventIdError);
    expect(mapped).toMatchObject({ streamName: 'payment-3', eventIds: ['id-a', 'id-b'] });
    expect((mapped as Error).message).toBe(
      'Cannot append to payment-3: already stored in stream payment-1, payment-2 (event ids id-a, id-b)',
    );
  });

  it('maps BR003 to DuplicateEventIdError for a partly stored batch', () => {
    const mapped = appendErrorFromSql(databaseError('BR003', '{"eventIds": ["id-a"]}'), 'payment-3', 'any');
    expect(mapped).toEqual(new DuplicateEventIdError('payment-3', ['id-a'], 'only part of the batch is already stored'));
    expect((mapped as Error).message).toContain('only part of the batch');
  });

  it.each<[string, unknown]>([
    ['a unique violation', databaseError('23505', 'Key (event_id)=(x) already exists.')],
    ['an error without a code', new Error('connection terminated')],
    ['BR001 without JSON detail', databaseError('BR001', 'actual 3')],
    ['BR001 with a fractional actual', databaseError('BR001', '{"actual": 1.5}')],
    ['BR002 without the streams', databaseError('BR002', '{"eventIds": ["id-a"]}')],
    ['BR003 without a detail', databaseError('BR003')],
    ['a string', 'boom'],
    ['null', null],
  ])('returns %s unchanged', (_name, error) => {
    expect(appendErrorFromSql(error, 'order-1', 'any')).toBe(error);
  });
});
