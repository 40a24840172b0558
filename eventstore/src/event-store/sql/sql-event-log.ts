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
import { assertExpectedRevision, NO_STREAM_REVISION, validateExpectedRevision } from '../expected-revision';
import type { SqlExecutor, SqlQueryable } from './sql-executor';
import { APPEND_LOCK_KEY } from './sql-schema';
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

interface StoredIdRow {
  event_id: string;
  stream_name: string;
  stream_revision: unknown;
  global_position: unknown;
}

const EVENT_COLUMNS =
  'global_position, stream_name, stream_revision, event_id::text AS event_id, type, data::text AS data, metadata::text AS metadata';

export interface SqlAppendOutcome extends AppendResult {
  /** False for an idempotent retry (nothing new was committed, so nobody needs waking). */
  written: boolean;
}

/**
 * The event log over plain SQL, shared by the PGlite and PostgreSQL adapters. `afterInsert` runs inside
 * the append transaction after the rows are written (the server adapter sends NOTIFY from there, so
 * the notification is delivered exactly when the rows become visible).
 */
export class SqlEventLog {
  constructor(
    private readonly executor: SqlExecutor,
    private readonly afterInsert: (tx: SqlQueryable, lastPosition: number) => Promise<void> = async () => undefined,
  ) {}

  async append(streamName: string, events: readonly EventToAppend[], expectedRevision: ExpectedRevision): Promise<SqlAppendOutcome> {
    validateExpectedRevision(expectedRevision);
    if (streamName.length === 0) throw new Error('Stream name must not be empty');
    const ids = events.map((event) => (event.id ?? newEventId()).toLowerCase());
    const badId = ids.find((id) => !isUuid(id));
    if (badId !== undefined) throw new Error(`Event id is not a UUID: ${badId}`);
    if (new Set(ids).size !== ids.length) throw new DuplicateEventIdError(streamName, ids, 'the batch repeats an event id');

    return this.executor.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(${APPEND_LOCK_KEY})`);

      const retry = await this.findIdempotentRetry(tx, streamName, ids);
      if (retry !== null) return retry;

      const current = await this.currentRevision(tx, streamName);
      assertExpectedRevision(streamName, expectedRevision, current);
      if (events.length === 0) {
        return { nextExpectedRevision: current, position: await this.streamLastPosition(tx, streamName), written: false };
      }

      const records = events.map((event, index) => ({
        id: ids[index],
        revision: current + 1 + index,
        type: event.type,
        data: event.data ?? null,
        metadata: event.metadata,
      }));
      const inserted = await tx.query<{ global_position: unknown; stream_revision: unknown }>(
        `INSERT INTO events (stream_name, stream_revision, event_id, type, data, metadata)
         SELECT $1, r.revision, r.id, r.type, coalesce(r.data, 'null'::jsonb), r.metadata
           FROM jsonb_to_recordset($2::text::jsonb) AS r(id uuid, revision bigint, type text, data jsonb, metadata jsonb)
          ORDER BY r.revision
         RETURNING global_position, stream_revision`,
        [streamName, JSON.stringify(records)],
      );
      const positions = inserted.map((row) => toSafeNumber(row.global_position, 'global_position'));
      const lastPosition = Math.max(...positions);
      await this.afterInsert(tx, lastPosition);
      return { nextExpectedRevision: current + events.length, position: lastPosition, written: true };
    });
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const rows = await this.executor.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
        WHERE stream_name = $1
          AND ($2::bigint IS NULL OR stream_revision ${backwards ? '<=' : '>='} $2::bigint)
        ORDER BY stream_revision ${backwards ? 'DESC' : 'ASC'}
        LIMIT $3::bigint`,
      [streamName, options.fromRevision ?? null, normaliseMaxCount(options.maxCount)],
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

  /**
   * An idempotent retry is the same ids already stored, all in this stream. Anything in between
   * (some stored, or stored elsewhere) is refused rather than guessed at.
   */
  private async findIdempotentRetry(tx: SqlQueryable, streamName: string, ids: readonly string[]): Promise<SqlAppendOutcome | null> {
    if (ids.length === 0) return null;
    const stored = await tx.query<StoredIdRow>(
      `SELECT event_id::text AS event_id, stream_name, stream_revision, global_position FROM events
        WHERE event_id IN (SELECT jsonb_array_elements_text($1::text::jsonb)::uuid)`,
      [JSON.stringify(ids)],
    );
    if (stored.length === 0) return null;
    const elsewhere = stored.filter((row) => row.stream_name !== streamName);
    if (elsewhere.length > 0) {
      throw new DuplicateEventIdError(
        streamName,
        elsewhere.map((row) => row.event_id),
        `already stored in stream ${elsewhere.map((row) => row.stream_name).join(', ')}`,
      );
    }
    if (stored.length !== ids.length) {
      const storedIds = new Set(stored.map((row) => row.event_id));
      throw new DuplicateEventIdError(
        streamName,
        ids.filter((id) => storedIds.has(id)),
        'only part of the batch is already stored',
      );
    }
    const last = stored.reduce((a, b) =>
      toSafeNumber(a.global_position, 'global_position') >= toSafeNumber(b.global_position, 'global_position') ? a : b,
    );
    return {
      nextExpectedRevision: toSafeNumber(last.stream_revision, 'stream_revision'),
      position: toSafeNumber(last.global_position, 'global_position'),
      written: false,
    };
  }

  private async currentRevision(tx: SqlQueryable, streamName: string): Promise<number> {
    const rows = await tx.query<{ revision: unknown }>(
      'SELECT coalesce(max(stream_revision), $2::bigint) AS revision FROM events WHERE stream_name = $1',
      [streamName, NO_STREAM_REVISION],
    );
    return toSafeNumber(rows[0]?.revision ?? NO_STREAM_REVISION, 'stream_revision');
  }

  private async streamLastPosition(tx: SqlQueryable, streamName: string): Promise<number> {
    const rows = await tx.query<{ position: unknown }>(
      'SELECT coalesce(max(global_position), -1) AS position FROM events WHERE stream_name = $1',
      [streamName],
    );
    return toSafeNumber(rows[0]?.position ?? -1, 'global_position');
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
