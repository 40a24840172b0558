import type { RecordedEvent } from '../event-store.port';

/** Events kept for subscriptions that follow the head; older reads go to the database. */
const CAPACITY = 20_000;
/** Kept beyond the capacity before the oldest are dropped, so they go a thousand at a time rather than one per append. */
const TRIM_SLACK = 1_000;
/** Streams whose revision is remembered (least recently appended forgotten first). */
const STREAM_CAPACITY = 200_000;

/**
 * What a single writer knows without asking its database: every event it appended since it opened (the
 * last 20,000 of them at least) and the revision of every stream it appended to. Valid only when this process is
 * the only writer (PGlite holds its data directory's lock), because then nothing else can append.
 *
 * Subscriptions that have caught up read new events from here instead of running a query per wake (a
 * query per subscriber per append was most of the store's work under load), and a command whose folded
 * state is at the stream's known revision need not read the stream's tail.
 */
export class RecentEvents {
  private readonly events: RecordedEvent[] = [];
  /** Every event with a position above this is in `events` (none were trimmed or appended elsewhere). */
  private floor: number;
  private readonly revisions = new Map<string, number>();
  private broken = false;

  constructor(headAtOpen: number) {
    this.floor = headAtOpen;
  }

  /**
   * Records what an append wrote: its events as the JSON array of `{ id, type, data, metadata }` it wrote, and
   * `lastPosition` and `nextRevision` as the store answered. Parsed back from that text, the events are what the
   * database would give back: plain JSON, no undefined, nothing shared with the caller's objects.
   */
  appended(streamName: string, recordsJson: string, lastPosition: number, nextRevision: number): void {
    if (this.broken) return;
    const events = JSON.parse(recordsJson) as { id: string; type: string; data: unknown; metadata: RecordedEvent['metadata'] }[];
    if (events.length === 0) return;
    const firstPosition = lastPosition - events.length + 1;
    const newest = this.events.at(-1)?.globalPosition ?? this.floor;
    if (firstPosition <= newest) {
      // Appends answer in commit order; if they ever did not, stop serving from memory rather than skip an event.
      this.broken = true;
      this.events.length = 0;
      this.revisions.clear();
      return;
    }
    events.forEach((event, index) => {
      this.events.push({
        id: event.id,
        streamName,
        revision: nextRevision - events.length + 1 + index,
        globalPosition: firstPosition + index,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
      });
    });
    if (this.events.length > CAPACITY + TRIM_SLACK) {
      const trimmed = this.events.splice(0, this.events.length - CAPACITY);
      this.floor = trimmed.at(-1)?.globalPosition ?? this.floor;
    }
    this.remember(streamName, nextRevision);
  }

  /** The events after `after`, up to `maxCount`, when memory holds all of them; null to ask the database. */
  after(after: number, maxCount: number): RecordedEvent[] | null {
    if (this.broken || after < this.floor) return null;
    const start = firstIndexAfter(this.events, after);
    return this.events.slice(start, start + maxCount);
  }

  /** The position of the last event in the database, as only its single writer can know without asking. */
  head(): number | undefined {
    return this.broken ? undefined : (this.events.at(-1)?.globalPosition ?? this.floor);
  }

  /**
   * A read of the whole stream found no event. Only this writer appends, and a read answers after every append
   * written before it and before any written after it, so the stream stays empty until this writer's next append
   * to it (which `appended` records): -1 is its revision until then.
   */
  foundEmpty(streamName: string): void {
    if (this.broken || this.revisions.has(streamName)) return;
    this.remember(streamName, -1);
  }

  /**
   * The stream's revision if this writer appended to it since it opened (-1 when it read it empty since and
   * has not appended to it); undefined when it does not know.
   */
  revisionOf(streamName: string): number | undefined {
    return this.broken ? undefined : this.revisions.get(streamName);
  }

  /** Keeps a stream's revision as the most recently told, forgetting the least recently told past the capacity. */
  private remember(streamName: string, revision: number): void {
    this.revisions.delete(streamName);
    this.revisions.set(streamName, revision);
    if (this.revisions.size > STREAM_CAPACITY) {
      const oldest = this.revisions.keys().next();
      if (oldest.done !== true) this.revisions.delete(oldest.value);
    }
  }
}

/** Index of the first event whose position is above `after` (binary search: positions only grow). */
export function firstIndexAfter(events: readonly RecordedEvent[], after: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((events[mid]?.globalPosition ?? Number.POSITIVE_INFINITY) <= after) low = mid + 1;
    else high = mid;
  }
  return low;
}
