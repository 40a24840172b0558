import {
  type AppendResult,
  type EventMetadata,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from '../event-store.port';
import { assertAppendSize, serializeEvents } from '../append-size';
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

/** Appends written together at most, so one statement's size stays bounded under any load. */
const MAX_APPENDS_PER_STATEMENT = 64;

interface BatchRow extends AppendRow {
  error_code: string | null;
  error_message: string | null;
  error_detail: string | null;
}

/** One append waiting for its turn: what to write, and whom to answer. */
interface QueuedAppend {
  streamName: string;
  /** The events as `brewery_append` takes them: a JSON array of `{ id, type, data, metadata }`, made once. */
  recordsJson: string;
  expectedRevision: ExpectedRevision;
  resolve: (outcome: SqlAppendOutcome) => void;
  reject: (error: unknown) => void;
}

/** A read of one stream's events from a revision on, waiting for the reads in flight to finish. */
interface QueuedTailRead {
  streamName: string;
  fromRevision: number;
  resolve: (events: RecordedEvent[]) => void;
  reject: (error: unknown) => void;
}

/** Stream tails read together at most, in one statement. */
const MAX_TAIL_READS_PER_STATEMENT = 64;

/** Told of every append that wrote, in commit order, before its caller hears of it: its events as the JSON written. */
export type AppendedListener = (streamName: string, recordsJson: string, outcome: SqlAppendOutcome) => void;

/**
 * The event log over plain SQL, shared by the PGlite and PostgreSQL adapters. An append is one
 * statement, `brewery_append(...)` (see `sql-schema.ts`), which runs the whole append in the
 * statement's transaction; given `notifyChannel`, it also NOTIFYs the last position there, so the
 * notification is delivered exactly when the rows become visible.
 *
 * Appends are written one statement at a time, in the order they were asked for (group commit): those
 * that arrive while a statement runs wait and then go together in one `brewery_append_batch(...)`, each
 * still checked against its own expected revision and answered on its own. Every append commits in its
 * caller's order, and under load one round trip and one commit serve many.
 */
export class SqlEventLog {
  private readonly queue: QueuedAppend[] = [];
  private writing = false;
  private readonly tailReads: QueuedTailRead[] = [];
  private readingTails = false;

  constructor(
    private readonly executor: SqlQueryable,
    private readonly notifyChannel: string | null = null,
    private readonly onAppended: AppendedListener = () => undefined,
  ) {}

  /**
   * Each event's data and metadata are made JSON once: the size is counted on that text, the statement carries
   * it, and a single writer keeps what it parses back.
   */
  async append(streamName: string, events: readonly EventToAppend[], expectedRevision: ExpectedRevision): Promise<SqlAppendOutcome> {
    const serialized = serializeEvents(events);
    assertAppendSize(streamName, serialized);
    validateExpectedRevision(expectedRevision);
    if (streamName.length === 0) throw new Error('Stream name must not be empty');
    const ids = events.map((event) => (event.id ?? newEventId()).toLowerCase());
    const badId = ids.find((id) => !isUuid(id));
    if (badId !== undefined) throw new Error(`Event id is not a UUID: ${badId}`);
    if (new Set(ids).size !== ids.length) throw new DuplicateEventIdError(streamName, ids, 'the batch repeats an event id');
    const records = serialized.map(
      (event, index) =>
        `{"id":${JSON.stringify(ids[index])},"type":${JSON.stringify(event.type)},"data":${event.dataJson},"metadata":${event.metadataJson}}`,
    );
    return new Promise((resolve, reject) => {
      this.queue.push({ streamName, recordsJson: `[${records.join(',')}]`, expectedRevision, resolve, reject });
      this.writeNext();
    });
  }

  /** Starts the next statement unless one is running; it takes everything queued (up to the bound). */
  private writeNext(): void {
    if (this.writing || this.queue.length === 0) return;
    this.writing = true;
    const batch = this.queue.splice(0, MAX_APPENDS_PER_STATEMENT);
    void (batch.length === 1 ? this.writeOne(batch[0] as QueuedAppend) : this.writeMany(batch)).finally(() => {
      this.writing = false;
      this.writeNext();
    });
  }

  private async writeOne(append: QueuedAppend): Promise<void> {
    let rows: AppendRow[];
    try {
      rows = await this.executor.query<AppendRow>(
        // text, then jsonb: both drivers pass a string parameter through untouched as text.
        'SELECT next_revision, last_position, written FROM brewery_append($1, $2, $3::text::jsonb, $4)',
        [append.streamName, String(append.expectedRevision), append.recordsJson, this.notifyChannel],
      );
    } catch (error) {
      append.reject(appendErrorFromSql(error, append.streamName, append.expectedRevision));
      return;
    }
    this.settle(append, rows[0]);
  }

  private async writeMany(batch: readonly QueuedAppend[]): Promise<void> {
    let rows: BatchRow[];
    try {
      rows = await this.executor.query<BatchRow>(
        `SELECT next_revision, last_position, written, error_code, error_message, error_detail
           FROM brewery_append_batch($1::text::jsonb, $2)`,
        [
          `[${batch
            .map(
              (append) =>
                `{"stream":${JSON.stringify(append.streamName)},"expected":${JSON.stringify(String(append.expectedRevision))},"records":${append.recordsJson}}`,
            )
            .join(',')}]`,
          this.notifyChannel,
        ],
      );
    } catch (error) {
      // The statement failed as a whole (a lost connection, a closed store): nothing of it committed.
      for (const append of batch) append.reject(error);
      return;
    }
    batch.forEach((append, index) => {
      const row = rows[index];
      if (row?.error_code !== null && row?.error_code !== undefined) {
        const refusal = Object.assign(new Error(row.error_message ?? `Append to ${append.streamName} failed`), {
          code: row.error_code,
          detail: row.error_detail ?? undefined,
        });
        append.reject(appendErrorFromSql(refusal, append.streamName, append.expectedRevision));
      } else this.settle(append, row);
    });
  }

  private settle(append: QueuedAppend, row: AppendRow | undefined): void {
    if (row === undefined) {
      append.reject(new Error(`brewery_append returned no row for ${append.streamName}`));
      return;
    }
    let outcome: SqlAppendOutcome;
    try {
      outcome = {
        nextExpectedRevision: toSafeNumber(row.next_revision, 'next_revision'),
        position: toSafeNumber(row.last_position, 'last_position'),
        written: row.written,
      };
    } catch (error) {
      append.reject(error);
      return;
    }
    if (outcome.written) this.onAppended(append.streamName, append.recordsJson, outcome);
    append.resolve(outcome);
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision;
    if (from !== undefined && !Number.isSafeInteger(from)) throw new RangeError(`fromRevision must be an integer, got ${from}`);
    if (from !== undefined && !backwards && options.maxCount === undefined) return this.readTail(streamName, from);
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

  /**
   * The events of a stream from a revision on: what a command reads after the state it has folded. Like
   * appends, the reads asked for while one statement runs go together in the next, one lateral index range
   * scan per stream: under load many commands and process-manager steps read their streams at once.
   */
  private readTail(streamName: string, fromRevision: number): Promise<RecordedEvent[]> {
    return new Promise((resolve, reject) => {
      this.tailReads.push({ streamName, fromRevision, resolve, reject });
      this.readNextTails();
    });
  }

  private readNextTails(): void {
    if (this.readingTails || this.tailReads.length === 0) return;
    this.readingTails = true;
    const batch = this.tailReads.splice(0, MAX_TAIL_READS_PER_STATEMENT);
    void this.readTails(batch).finally(() => {
      this.readingTails = false;
      this.readNextTails();
    });
  }

  private async readTails(batch: readonly QueuedTailRead[]): Promise<void> {
    try {
      if (batch.length === 1) {
        const [read] = batch as [QueuedTailRead];
        const rows = await this.executor.query<EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM events
            WHERE stream_name = $1 AND stream_revision >= $2::bigint
            ORDER BY stream_revision ASC`,
          [read.streamName, read.fromRevision],
        );
        read.resolve(rows.map(toRecordedEvent));
        return;
      }
      // The ORDER BY inside keeps the subquery from being flattened: each stream is its own index range scan.
      const rows = await this.executor.query<EventRow & { read_index: unknown }>(
        `SELECT r.read_index, e.* FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS r(stream_name, from_revision, read_index)
           CROSS JOIN LATERAL (
             SELECT ${EVENT_COLUMNS} FROM events
              WHERE events.stream_name = r.stream_name AND events.stream_revision >= r.from_revision
              ORDER BY events.stream_revision ASC
           ) e
          ORDER BY r.read_index, e.stream_revision`,
        [batch.map((read) => read.streamName), batch.map((read) => read.fromRevision)],
      );
      const events = batch.map((): RecordedEvent[] => []);
      for (const row of rows) events[toSafeNumber(row.read_index, 'read_index') - 1]?.push(toRecordedEvent(row));
      batch.forEach((read, index) => read.resolve(events[index] ?? []));
    } catch (error) {
      for (const read of batch) read.reject(error);
    }
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

  /** Counted on the position index, stopping at `limit` (positions may have gaps: a rolled-back append's). */
  async countEventsAfter(position: number, limit: number): Promise<number> {
    const rows = await this.executor.query<{ n: unknown }>(
      'SELECT count(*) AS n FROM (SELECT 1 FROM events WHERE global_position > $1::bigint ORDER BY global_position LIMIT $2::bigint) AS later',
      [position, normaliseMaxCount(limit)],
    );
    return toSafeNumber(rows[0]?.n ?? 0, 'count');
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
