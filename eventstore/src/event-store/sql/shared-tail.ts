import type { AppendSignal } from '../append-signal';
import type { RecordedEvent } from '../event-store.port';
import { firstIndexAfter } from './recent-events';

/** Events kept for subscriptions that follow the head; older reads go to the database. */
const CAPACITY = 20_000;
/** Events one read of the head takes at most; a subscription further behind reads again. */
const READ_PAGE = 500;

/**
 * One reader of the log's head for every subscription of a process whose database has other writers (the
 * PostgreSQL server): the events committed since it last looked are read once, with one query, and every
 * subscription that follows the head takes them from here. Before, each subscription ran its own query on
 * every append (five subscribers, two wake-ups an append: ten reads for each event written).
 *
 * Holding the window without a gap relies on what the append function guarantees: positions become visible
 * in position order (one append lock), so "after the last position read" can neither skip nor repeat.
 *
 * A read that started before the latest append was signalled may have missed it, so a caller that has heard
 * of a newer append never settles for it: it waits for that read to finish and reads again.
 */
export class SharedTail {
  private readonly events: RecordedEvent[] = [];
  /** Every event with a position in (floor, head] is in `events`. */
  private floor: number;
  private head: number;
  private reading: { generation: number; done: Promise<void> } | null = null;

  constructor(
    private readonly read: (after: number, maxCount: number) => Promise<RecordedEvent[]>,
    private readonly signal: AppendSignal,
    headAtOpen: number,
    private readonly capacity = CAPACITY,
  ) {
    this.floor = headAtOpen;
    this.head = headAtOpen;
  }

  /** The events after `after`, up to `maxCount`, read from the head as needed; null to ask the database. */
  async after(after: number, maxCount: number): Promise<RecordedEvent[] | null> {
    if (after < this.floor) return null;
    if (after >= this.head) await this.readHead(after);
    if (after < this.floor) return null;
    const start = firstIndexAfter(this.events, after);
    return this.events.slice(start, start + maxCount);
  }

  /** Reads what was committed after the head, unless a read started after the latest append heard of is running. */
  private async readHead(caller: number): Promise<void> {
    const generation = this.signal.generation;
    while (this.reading !== null) {
      const running = this.reading;
      await running.done;
      if (running.generation >= generation) return;
    }
    if (caller > this.head) {
      // A subscription that caught up through the database is ahead of this window: follow it from there.
      this.events.length = 0;
      this.floor = caller;
      this.head = caller;
    }
    const done = this.read(this.head, READ_PAGE).then((page) => this.take(page));
    const reading = { generation, done };
    this.reading = reading;
    try {
      await done;
    } finally {
      if (this.reading === reading) this.reading = null;
    }
  }

  private take(page: readonly RecordedEvent[]): void {
    for (const event of page) {
      if (event.globalPosition <= this.head) continue;
      this.events.push(event);
      this.head = event.globalPosition;
    }
    if (this.events.length > this.capacity) {
      const trimmed = this.events.splice(0, this.events.length - this.capacity);
      this.floor = trimmed.at(-1)?.globalPosition ?? this.floor;
    }
  }
}
