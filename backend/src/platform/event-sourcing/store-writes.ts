import { AppendTooLargeError, DuplicateEventIdError, WrongExpectedRevisionError, type EventStore } from '@brewery/eventstore';

/** How long a failed write keeps the store reported failing when no write has succeeded since. */
export const WRITE_FAILURE_MEMORY_MS = 30_000;

/** An append the store did not take (disk full, database gone): not the caller's fault, and not a conflict. */
export class StoreWriteError extends Error {
  override readonly name = 'StoreWriteError';
  constructor(override readonly cause: unknown) {
    super(`the event store did not take the write: ${describe(cause)}`);
  }
}

/**
 * Whether the event store takes writes, as the last appends found: a failed append marks it failing until an
 * append succeeds again, or, with no write since, for 30 s (so a process the balancer stopped sending requests
 * to is tried again, and reports failing again at once if the store still refuses).
 */
export class StoreWrites {
  private failure: { at: number; message: string; since: number } | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  succeeded(): void {
    this.failure = null;
  }

  failed(error: unknown): void {
    const at = this.now();
    this.failure = { at, message: describe(error), since: this.failure?.since ?? at };
  }

  /** The reason writes are failing, or null when they are not known to. */
  failing(): { since: string; message: string } | null {
    if (this.failure === null) return null;
    if (this.now() - this.failure.at > WRITE_FAILURE_MEMORY_MS) {
      this.failure = null;
      return null;
    }
    return { since: new Date(this.failure.since).toISOString(), message: this.failure.message };
  }
}

/** The error's code and message in words an operator can act on: disk full, read-only, permission, gone. */
export function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  // Read by shape: errors from another realm (a worker, a test's sandbox) are not this realm's `Error`.
  const own = (error as { message?: unknown } | null)?.message;
  const message = typeof own === 'string' ? own : String(error);
  const meaning = typeof code === 'string' ? ERRNO_MEANINGS[code] : undefined;
  if (meaning === undefined) return message;
  return message.includes(String(code)) ? `${meaning} (${message})` : `${meaning} (${String(code)}: ${message})`;
}

const ERRNO_MEANINGS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'it does not exist',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EIO: 'the disk reported an input/output error',
  // PostgreSQL's own: disk full, and its connection gone.
  '53100': 'the database’s disk is full',
  '57P01': 'the database server is shutting down',
  ECONNREFUSED: 'the database server refuses connections',
};

/**
 * The event store every part of the shop writes through: the store's own answers (a write, a conflict, a duplicate
 * id) say it takes writes; anything else (disk full, database gone) marks it failing for the health check and is
 * raised as a StoreWriteError, which the API answers with 503 `store_unavailable`. One wrapper, at the store's
 * provider, so a use case, the payment gateway or a process manager cannot forget it.
 */
export function watchedWrites(store: EventStore, writes: StoreWrites): EventStore {
  const append: EventStore['append'] = async (streamName, events, options) => {
    try {
      const result = await store.append(streamName, events, options);
      writes.succeeded();
      return result;
    } catch (error) {
      // The store answered (a conflict, a repeat, or an append too large to take): it is not failing.
      if (error instanceof WrongExpectedRevisionError || error instanceof DuplicateEventIdError || error instanceof AppendTooLargeError) {
        writes.succeeded();
        throw error;
      }
      writes.failed(error);
      throw new StoreWriteError(error);
    }
  };
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'append') return append;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
