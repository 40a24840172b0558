import type { RecordedEvent } from '@brewery/eventstore';

interface Waiter {
  position: number;
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
}

interface Watcher {
  match: (event: RecordedEvent) => boolean;
  resolve: (event: RecordedEvent | null) => void;
}

/**
 * Who is waiting on the read models, and for what: a position (read-your-writes), an event (a payment's page
 * waiting for its outcome), or their first catch-up with the log at start-up. Told of each event applied.
 */
export class ReadModelWaits {
  private waiters: Waiter[] = [];
  private readonly watchers = new Set<Watcher>();
  private markCaughtUp: () => void = () => undefined;
  private readonly caughtUpOnce = new Promise<void>((resolve) => (this.markCaughtUp = resolve));

  /**
   * Resolves true once `applied()` passes `position` (at once when `current` has), or false after `timeoutMs`
   * (the write itself succeeded either way).
   */
  forPosition(position: number | null, current: number | null, timeoutMs: number): Promise<boolean> {
    if (position === null || current === null || current >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  /** Resolves with the first event applied from now on that `match` accepts, or null after `timeoutMs`. */
  forEvent(match: (event: RecordedEvent) => boolean, timeoutMs: number): Promise<RecordedEvent | null> {
    return new Promise((resolve) => {
      const watcher: Watcher = {
        match,
        resolve: (event) => {
          clearTimeout(timer);
          this.watchers.delete(watcher);
          resolve(event);
        },
      };
      const timer = setTimeout(() => watcher.resolve(null), timeoutMs);
      this.watchers.add(watcher);
    });
  }

  /** Whether anyone waits for an event (a follower then reads the events it follows, to tell them). */
  get watching(): boolean {
    return this.watchers.size > 0;
  }

  /** Resolves once the read models have caught up with the log as it was at start-up. */
  caughtUp(): Promise<void> {
    return this.caughtUpOnce;
  }

  markedCaughtUp(): void {
    this.markCaughtUp();
  }

  /** The read models have applied `event`: its watchers and every waiter up to its position are answered. */
  applied(event: RecordedEvent): void {
    this.reached(event.globalPosition);
    for (const watcher of this.watchers) if (watcher.match(event)) watcher.resolve(event);
  }

  /** The read models stand at `position` (followed from another process, or after a rebuild). */
  reached(position: number): void {
    if (this.waiters.length === 0) return;
    const still: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (waiter.position <= position) {
        clearTimeout(waiter.timer);
        waiter.resolve(true);
      } else still.push(waiter);
    }
    this.waiters = still;
  }

  /** Shutting down: every wait ends now, unanswered. */
  close(): void {
    this.markCaughtUp();
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.resolve(false);
    }
    this.waiters = [];
    for (const watcher of this.watchers) watcher.resolve(null);
  }
}
