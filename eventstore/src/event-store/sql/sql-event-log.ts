import {
  type AppendResult,
  type EventMetadata,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from '../event-store.port';
import { DuplicateEventIdError } from '../event-store.errors';
import { isUuid, newEventId } from '../event-id';
import { validateExpectedRevision } from '../expected-revision';
import { appendErrorFromSql } from './sql-append-errors';
import type { SqlQueryable } from './sql-executor';
import { parseJsonText, toSafeNumber } from './sql-values';

interface EventRow {
  global_position: unknown;
  stream_name: string;
  stream_revision: unknown;
  event_id: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

interface AppendRow {
  next_revision: unknown;
  last_position: unknown;
  written: boolean;
}

const EVENT_COLUMNS =
  'global_position, stream_name, stream_revision, event_id::text AS event_id, type, data::text AS data, metadata::text AS metadata';

export interface SqlAppendOutcome extends AppendResult {
  /** False for an idempotent retry (nothing new was committed, so nobody needs waking). */
  written: boolean;
}

/**
 * The event log over plain SQL, shared by the PGlite and PostgreSQL adapters. An append is one
 * statement, `brewery_append(...)` (see `sql-schema.ts`), which runs the whole append in the
 * statement's transaction; given `notifyChannel`, it also NOTIFYs the last position there, so the
 * notification is delivered exactly when the rows become visible.
 */
export class SqlEventLog {
  constructor(
    private readonly executor: SqlQueryable,
    private readonly notifyChannel: string | null = null,
  ) {}

  async append(streamName: string, events: readonly EventToAppend[], expectedRevision: ExpectedRevision): Promise<SqlAppendOutcome> {
    validateExpectedRevision(expectedRevision);
    if (streamName.length === 0) throw new Error('Stream name must not be empty');
    const ids = events.map((event) => (event.id ?? newEventId()).toLowerCase());
    const badId = ids.find((id) => !isUuid(id));
    if (badId !== undefined) throw new Error(`Event id is not a UUID: ${badId}`);
    if (new Set(ids).size !== ids.length) throw new DuplicateEventIdError(streamName, ids, 'the batch repeats an event id');

    const records = events.map((event, index) => ({
      id: ids[index],
      type: event.type,
      data: event.data ?? null,
      metadata: event.metadata,
    }));
    let rows: AppendRow[];
    try {
      rows = await this.executor.query<AppendRow>(
        // text, then jsonb: both drivers pass a string parameter through untouched as text.
        'SELECT next_revision, last_position, written FROM brewery_append($1, $2, $3::text::jsonb, $4)',
        [streamName, String(expectedRevision), JSON.stringify(records), this.notifyChannel],
      );
    } catch (error) {
      throw appendErrorFromSql(error, streamName, expectedRevision);
    }
    const row = rows[0];
    if (row === undefined) throw new Error(`brewery_append returned no row for ${streamName}`);
    return {
      nextExpectedRevision: toSafeNumber(row.next_revision, 'next_revision'),
      position: toSafeNumber(row.last_position, 'last_position'),
      written: row.written,
    };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision;
    if (from !== undefined && !Number.isSafeInteger(from)) throw new RangeError(`fromRevision must be an integer, got ${from}`);
    // A range condition only when there is a bound, so even a generic plan is an index range scan on
    // (stream_name, stream_revision): reading a stream's tail after a cached revision touches the tail only.
    const rows = await this.executor.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
        WHERE stream_name = $1${from === undefined ? '' : ` AND stream_revision ${backwards ? '<=' : '>='} $3::bigint`}
        ORDER BY stream_revision ${backwards ? 'DESC' : 'ASC'}
        LIMIT $2::bigint`,
      from === undefined ? [streamName, normaliseMaxCount(options.maxCount)] : [streamName, normaliseMaxCount(options.maxCount), from],
    );
    return rows.map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const rows = await this.executor.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
        WHERE global_position > $1::bigint
        ORDER BY global_position ASC
        LIMIT $2::bigint`,
      [options.after ?? -1, normaliseMaxCount(options.maxCount)],
    );
    return rows.map(toRecordedEvent);
  }

  async headPosition(): Promise<number> {
    const rows = await this.executor.query<{ head: unknown }>('SELECT coalesce(max(global_position), -1) AS head FROM events');
    return toSafeNumber(rows[0]?.head ?? -1, 'head');
  }
}

function normaliseMaxCount(maxCount: number | undefined): number | null {
  if (maxCount === undefined) return null;
  if (!Number.isSafeInteger(maxCount) || maxCount < 0) throw new RangeError(`maxCount must be a non-negative integer, got ${maxCount}`);
  return maxCount;
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamName: row.stream_name,
    revision: toSafeNumber(row.stream_revision, 'stream_revision'),
    globalPosition: toSafeNumber(row.global_position, 'global_position'),
    type: row.type,
    data: parseJsonText(row.data, 'data'),
    // Written only through append, whose type demands EventMetadata.
    metadata: parseJsonText(row.metadata, 'metadata') as EventMetadata,
  };
}
