import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { SqlExecutor, SqlQueryable } from '../sql/sql-executor';
import { SqlEventStore } from '../sql/sql-event-store';
import { ensureSqlSchema } from '../sql/sql-schema';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';

export const PGLITE_IN_MEMORY = 'memory://';

export interface PgliteEventStoreOptions {
  /** A directory on disk, or `memory://` for a store that vanishes on close (tests). */
  dataDir: string;
  /** Fallback wake-up for subscriptions; in-process appends wake them at once. Default 1000 ms. */
  pollIntervalMs?: number;
}

/**
 * The embedded default: PostgreSQL compiled to WASM, in this process. PGlite never fsyncs (an OS crash
 * can lose acknowledged events) and allows one writer per data directory (enforced by a lock file).
 */
export class PgliteEventStore extends SqlEventStore {
  readonly kind = 'pglite' as const;

  private constructor(
    private readonly db: PGlite,
    private readonly lock: DataDirLock | null,
    pollIntervalMs: number,
  ) {
    super(pgliteExecutor(db), pollIntervalMs);
  }

  static async open(options: PgliteEventStoreOptions): Promise<PgliteEventStore> {
    const inMemory = options.dataDir === PGLITE_IN_MEMORY;
    const lock = inMemory ? null : acquireDataDirLock(options.dataDir);
    try {
      const db = await PGlite.create(inMemory ? undefined : options.dataDir);
      try {
        await ensureSqlSchema(pgliteExecutor(db));
      } catch (error) {
        await db.close();
        throw error;
      }
      return new PgliteEventStore(db, lock, options.pollIntervalMs ?? 1000);
    } catch (error) {
      lock?.release();
      throw error;
    }
  }

  protected async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  protected healthyDetail(): string {
    return 'embedded PGlite (no fsync; single writer)';
  }

  /** Closes PGlite (Jest never exits otherwise) and releases the lock file. */
  protected async release(): Promise<void> {
    try {
      await this.db.close();
    } finally {
      this.lock?.release();
    }
  }
}

function pgliteExecutor(db: PGlite): SqlExecutor {
  const wrap = (target: PGlite | Transaction): SqlQueryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
  });
  return {
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
  };
}
