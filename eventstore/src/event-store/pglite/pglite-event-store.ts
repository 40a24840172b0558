import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { CheckpointStore } from '../../read-models/document-store.port';
import { AppendSignal } from '../append-signal';
import { startCatchUpSubscription } from '../catch-up-subscription';
import type {
  AppendResult,
  EventStore,
  EventStoreHealth,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeToAllOptions,
  Subscription,
} from '../event-store.port';
import { SqlCheckpointStore } from '../sql/sql-checkpoint-store';
import { SqlEventLog } from '../sql/sql-event-log';
import type { SqlExecutor, SqlQueryable } from '../sql/sql-executor';
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
export class PgliteEventStore implements EventStore {
  readonly kind = 'pglite' as const;
  private readonly log: SqlEventLog;
  private readonly checkpoints: SqlCheckpointStore;
  private readonly signal = new AppendSignal();
  private readonly subscriptions = new Set<Subscription>();
  private closing: Promise<void> | null = null;

  private constructor(
    private readonly db: PGlite,
    private readonly lock: DataDirLock | null,
    private readonly pollIntervalMs: number,
  ) {
    const executor = pgliteExecutor(db);
    this.log = new SqlEventLog(executor);
    this.checkpoints = new SqlCheckpointStore(executor);
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

  /** Durable checkpoints for process managers, in the same data directory as the events. */
  checkpointStore(): CheckpointStore {
    return this.checkpoints;
  }

  async append(streamName: string, events: readonly EventToAppend[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    const { written, ...result } = await this.log.append(streamName, events, options.expectedRevision);
    if (written) this.signal.notify();
    return result;
  }

  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.log.readStream(streamName, options);
  }

  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.log.readAll(options);
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    const subscription = startCatchUpSubscription(
      { readAll: (o) => this.log.readAll(o), signal: this.signal, pollIntervalMs: this.pollIntervalMs },
      options,
    );
    this.subscriptions.add(subscription);
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  headPosition(): Promise<number> {
    return this.log.headPosition();
  }

  async health(): Promise<EventStoreHealth> {
    if (this.closing !== null) return { ok: false, adapter: this.kind, detail: 'closed' };
    try {
      await this.db.query('SELECT 1');
      return { ok: true, adapter: this.kind, detail: 'embedded PGlite (no fsync; single writer)' };
    } catch (error) {
      return { ok: false, adapter: this.kind, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Stops subscriptions, closes PGlite (Jest never exits otherwise) and releases the lock file. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.all([...this.subscriptions].map((s) => s.stop()));
      this.subscriptions.clear();
      try {
        await this.db.close();
      } finally {
        this.lock?.release();
      }
    })();
    return this.closing;
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
