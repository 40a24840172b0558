import { SqlEventStore } from '../sql/sql-event-store';
import { ensureSqlSchema } from '../sql/sql-schema';
import { LOCK_HEARTBEAT_MS, LOCK_STALE_MS, acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { DataDirLockedError } from '../event-store.errors';
import { PgliteWorker } from './pglite-worker-client';

export const PGLITE_IN_MEMORY = 'memory://';

export interface PgliteEventStoreOptions {
  /** A directory on disk, or `memory://` for a store that vanishes on close (tests). */
  dataDir: string;
  /** Fallback wake-up for subscriptions; in-process appends wake them at once. Default 1000 ms. */
  pollIntervalMs?: number;
}

/**
 * The embedded default: PostgreSQL compiled to WASM, in a worker thread of this process (so its CPU
 * time does not block the event loop). PGlite never fsyncs (an OS crash can lose acknowledged events)
 * and allows one writer per data directory (enforced by a lock file, taken on the main thread).
 */
export class PgliteEventStore extends SqlEventStore {
  readonly kind = 'pglite' as const;

  private constructor(
    private readonly worker: PgliteWorker,
    private readonly lock: DataDirLock | null,
    pollIntervalMs: number,
  ) {
    super(worker, pollIntervalMs);
  }

  static async open(options: PgliteEventStoreOptions): Promise<PgliteEventStore> {
    const inMemory = options.dataDir === PGLITE_IN_MEMORY;
    const lock = inMemory ? null : await acquireWhenFree(options.dataDir);
    try {
      const worker = await PgliteWorker.start(inMemory ? null : options.dataDir);
      try {
        await ensureSqlSchema(worker);
      } catch (error) {
        await worker.close().catch(() => undefined);
        throw error;
      }
      const store = new PgliteEventStore(worker, lock, options.pollIntervalMs ?? 1000);
      // The lock makes this process the data directory's only writer.
      await store.becomeSingleWriter();
      return store;
    } catch (error) {
      lock?.release();
      throw error;
    }
  }

  protected async ping(): Promise<void> {
    await this.worker.query('SELECT 1');
  }

  protected healthyDetail(): string {
    return 'embedded PGlite in a worker thread (no fsync; single writer)';
  }

  /** Closes PGlite (leaving the data directory consistent) and ends its thread, then releases the lock file. */
  protected async release(): Promise<void> {
    try {
      await this.worker.close();
    } finally {
      this.lock?.release();
    }
  }
}

/**
 * The lock, waiting out a holder this process cannot see (a crashed container's, in another pid namespace):
 * its file stops being touched when it dies, and it is free LOCK_STALE_MS later. A holder seen running is a
 * refusal at once.
 */
async function acquireWhenFree(dataDir: string): Promise<DataDirLock> {
  const deadline = Date.now() + LOCK_STALE_MS + LOCK_HEARTBEAT_MS;
  for (;;) {
    try {
      return acquireDataDirLock(dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError) || error.freedAfterSilenceMs === null || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
