import type { RecordedEvent } from '@brewery/eventstore';

/** What a lane reports for each event once it and every event before it are done, in position order. */
export type InOrder = (event: RecordedEvent, handled: boolean) => void;

/**
 * Runs a process manager's events side by side, one lane per stream: the events of one stream (one payment,
 * one e-mail, one order) are handled one after another in log order, those of different streams at the same
 * time, at most `limit` at once. A process manager's step waits on the store and on outside services (a card
 * capture, an SMTP server), so one event at a time made every customer's payment wait behind everyone else's.
 *
 * Completions are reported in position order (`inOrder`), so the checkpoint never passes an event still
 * running. After a failure no new event is taken, the events queued behind it in its stream are not run, and
 * `dispatch` rejects: the subscriber restarts from its checkpoint, and what had run meanwhile is delivered
 * again (process managers are idempotent; delivery is at least once).
 */
export class StreamLanes {
  /** The last event taken on each stream that is still running. */
  private readonly tails = new Map<string, Promise<void>>();
  /** Events taken and not yet reported, in position order. */
  private readonly pending: { event: RecordedEvent; handled: boolean | null }[] = [];
  private running = 0;
  private failure: { error: unknown } | null = null;
  private readonly waitingForRoom: (() => void)[] = [];
  private readonly waitingForIdle: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly handle: (event: RecordedEvent) => Promise<boolean>,
    private readonly inOrder: InOrder,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  /** Takes the event; resolves once it is running (waiting while `limit` are), not once it is handled. */
  async dispatch(event: RecordedEvent, interested: boolean): Promise<void> {
    this.throwIfFailed();
    if (!interested) {
      this.pending.push({ event, handled: false });
      this.report();
      return;
    }
    while (this.running >= this.limit) {
      await new Promise<void>((resolve) => this.waitingForRoom.push(resolve));
      this.throwIfFailed();
    }
    const entry: { event: RecordedEvent; handled: boolean | null } = { event, handled: null };
    this.pending.push(entry);
    this.running += 1;
    const stream = event.streamName;
    const tail = (this.tails.get(stream) ?? Promise.resolve())
      .then(() => this.handle(event))
      .then(
        (handled) => {
          entry.handled = handled;
          this.report();
        },
        (error: unknown) => {
          // The first failure ends the run; those behind it in its stream fail with it, unrun.
          if (this.failure === null) {
            this.failure = { error };
            this.wakeAll(this.waitingForRoom);
            this.onFailure(error);
          }
          throw error;
        },
      )
      .finally(() => {
        this.running -= 1;
        if (this.tails.get(stream) === tail) this.tails.delete(stream);
        this.waitingForRoom.shift()?.();
        if (this.running === 0) this.wakeAll(this.waitingForIdle);
      });
    this.tails.set(stream, tail);
    // The failure is reported through onFailure and dispatch; this chain's own rejection is not unhandled.
    tail.catch(() => undefined);
  }

  /** Resolves once nothing is running (what failed or finished has settled). */
  idle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.waitingForIdle.push(resolve));
  }

  private report(): void {
    while (this.pending.length > 0 && this.pending[0]?.handled !== null) {
      const done = this.pending.shift() as { event: RecordedEvent; handled: boolean };
      this.inOrder(done.event, done.handled);
    }
  }

  private throwIfFailed(): void {
    if (this.failure !== null) throw this.failure.error;
  }

  private wakeAll(waiters: (() => void)[]): void {
    for (const wake of waiters.splice(0)) wake();
  }
}
