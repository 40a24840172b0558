import {
  ANY,
  type AppendStreamState,
  jsonEvent,
  type JSONEventData,
  type JSONType,
  NO_STREAM,
  type Position,
  type ReadPosition,
  type RecordedEvent as KurrentRecordedEvent,
  START,
  STREAM_EXISTS,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { newEventId } from '../event-id';
import {
  type AppendResult,
  type EventMetadata,
  type EventToAppend,
  type ExpectedRevision,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '../event-store.port';

/** Pure translations between the port and the KurrentDB client, kept apart so they are testable without a server. */

export function toKurrentStreamState(expected: ExpectedRevision): AppendStreamState {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return BigInt(expected);
  }
}

export function toKurrentEventData(event: EventToAppend): JSONEventData {
  return jsonEvent({
    id: event.id ?? newEventId(),
    type: event.type,
    // The client JSON.stringifies data; its type only names objects, arrays and strings, but any JSON value round-trips.
    data: (event.data ?? null) as JSONType,
    metadata: event.metadata as unknown as JSONType,
  });
}

/** Client errors become port errors where the port has one; anything else passes through unchanged. */
export function fromKurrentAppendError(error: unknown, streamName: string, expected: ExpectedRevision): unknown {
  if (!(error instanceof WrongExpectedVersionError)) return error;
  const actual = error.actualState;
  return new WrongExpectedRevisionError(streamName, expected, actual === NO_STREAM ? 'no_stream' : Number(actual));
}

/** `$`-prefixed types and streams belong to KurrentDB itself (stream metadata, statistics, projections). */
export function isSystemEvent(type: string, streamName: string): boolean {
  return type.startsWith('$') || streamName.startsWith('$');
}

/** Our global position is the commit position, as a Number (2^53 bytes of log is out of reach). */
export function toGlobalPosition(position: Position | undefined): number {
  if (position === undefined) throw new Error('KurrentDB returned an event without a position');
  const n = Number(position.commit);
  if (!Number.isSafeInteger(n)) throw new Error(`KurrentDB commit position ${position.commit} exceeds Number.MAX_SAFE_INTEGER`);
  return n;
}

/** Where a read or subscription "after `after`" starts. KurrentDB starts inclusively, so callers drop positions <= after. */
export function toReadPosition(after: number | null | undefined): ReadPosition {
  if (after === null || after === undefined || after < 0) return START;
  const position = BigInt(after);
  return { commit: position, prepare: position };
}

export function isAfter(event: RecordedEvent, after: number | null | undefined): boolean {
  return after === null || after === undefined || event.globalPosition > after;
}

export function fromKurrentRecordedEvent(event: KurrentRecordedEvent): RecordedEvent {
  if (!event.isJson) throw new Error(`Event ${event.id} in ${event.streamId} is not JSON; this store only writes JSON events`);
  return {
    id: event.id,
    streamName: event.streamId,
    revision: Number(event.revision),
    globalPosition: toGlobalPosition(event.position),
    type: event.type,
    data: event.data,
    // Written only through append, whose type demands EventMetadata.
    metadata: event.metadata as unknown as EventMetadata,
  };
}

/**
 * The port's answer to an append. A server answering an idempotent repeat (the same event ids again) may give
 * no position: the position is then the stored event's, at the revision the server reports as the stream's
 * last, looked up with `positionAt`.
 */
export async function toAppendResult(
  result: { success: boolean; nextExpectedRevision: bigint; position?: Position | undefined },
  refused: { streamName: string; expected: ExpectedRevision },
  lookups: {
    positionAt: (revision: number) => Promise<number>;
    /** The stream's last revision now, read from the server. */
    currentRevision: () => Promise<number | 'no_stream'>;
  },
): Promise<AppendResult> {
  // With `throwOnAppendFailure=false` in the connection string the client answers a refused append instead of
  // throwing: it is the same conflict, never a write. Its revision is not the stream's (the client's batch append
  // answers 1 whatever the stream holds), so the stream's is read.
  if (!result.success) {
    throw new WrongExpectedRevisionError(refused.streamName, refused.expected, await lookups.currentRevision());
  }
  const nextExpectedRevision = Number(result.nextExpectedRevision);
  const position = result.position === undefined ? await lookups.positionAt(nextExpectedRevision) : toGlobalPosition(result.position);
  return { nextExpectedRevision, position };
}

/**
 * When a subscription from `after` has caught up: when the server says so, or (servers older than EventStoreDB
 * 23.10 never say) once it has delivered the event that was the log's head when it started, or at once when
 * that head is not past `after`. Whichever comes first.
 */
export class CaughtUpTracker {
  private head: number | null = null;
  private lastDelivered = -1;
  private caughtUp = false;

  constructor(private readonly after: number | null) {}

  /** The server's own "caught up". */
  serverSaidSo(): void {
    this.caughtUp = true;
  }

  /** The log's head as read when the subscription started. */
  headAtStart(head: number): void {
    this.head = head;
    if (head <= Math.max(this.after ?? -1, this.lastDelivered)) this.caughtUp = true;
  }

  delivered(position: number): void {
    this.lastDelivered = Math.max(this.lastDelivered, position);
    if (this.head !== null && position >= this.head) this.caughtUp = true;
  }

  get isCaughtUp(): boolean {
    return this.caughtUp;
  }
}
