import { Client, Pool, type PoolClient } from 'pg';
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
import { ensureSqlSchema, EVENTS_NOTIFY_CHANNEL } from '../sql/sql-schema';

export interface PostgresEventStoreOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /** Fallback wake-up for subscriptions in case a notification is lost. Default 1000 ms. */
  pollIntervalMs?: number;
  /** Pool size. Default 10. */
  maxConnections?: number;
}

const LISTEN_RECONNECT_MS = 1000;

/**
 * A PostgreSQL server through a pg Pool. Same schema and statements as PGlite; appends NOTIFY inside
 * their transaction, and one dedicated connection LISTENs to wake subscriptions of this process.
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly log: SqlEventLog;
  private readonly checkpoints: SqlCheckpointStore;
  private readonly signal = new AppendSignal();
  private readonly subscriptions = new Set<Subscription>();
  private listener: Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closing: Promise<void> | null = null;

  private constructor(
    private readonly pool: Pool,
    private readonly url: string,
    private readonly pollIntervalMs: number,
  ) {
    const executor = poolExecutor(pool);
    this.log = new SqlEventLog(executor, async (tx, lastPosition) => {
      await tx.query('SELECT pg_notify($1, $2)', [EVENTS_NOTIFY_CHANNEL, String(lastPosition)]);
    });
    this.checkpoints = new SqlCheckpointStore(executor);
  }

  static async open(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
    const pool = new Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    try {
      await ensureSqlSchema(poolExecutor(pool));
      const store = new PostgresEventStore(pool, options.url, options.pollIntervalMs ?? 1000);
      await store.listen();
      return store;
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  /** Durable checkpoints in the same database as the events. */
  checkpointStore(): CheckpointStore {
    return this.checkpoints;
  }

  async append(streamName: string, events: readonly EventToAppend[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    const { written, ...result } = await this.log.append(streamName, events, options.expectedRevision);
    // Our own subscriptions need not wait for the NOTIFY round trip.
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
      await this.pool.query('SELECT 1');
      const live = this.listener !== null ? 'LISTEN connected' : 'LISTEN reconnecting, polling';
      return { ok: true, adapter: this.kind, detail: live };
    } catch (error) {
      return { ok: false, adapter: this.kind, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
      await Promise.all([...this.subscriptions].map((s) => s.stop()));
      this.subscriptions.clear();
      const listener = this.listener;
      this.listener = null;
      await listener?.end().catch(() => undefined);
      await this.pool.end();
    })();
    return this.closing;
  }

  /** Other processes' appends arrive as notifications; a lost connection falls back to polling and retries. */
  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.url });
    const lost = (): void => {
      if (this.listener !== client) return;
      this.listener = null;
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('notification', (message) => {
      if (message.channel === EVENTS_NOTIFY_CHANNEL) this.signal.notify();
    });
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    await client.query(`LISTEN ${EVENTS_NOTIFY_CHANNEL}`);
    if (this.closing !== null) {
      await client.end();
      return;
    }
    this.listener = client;
    // Anything appended while we were not listening is picked up by the next read.
    this.signal.notify();
  }

  private scheduleReconnect(): void {
    if (this.closing !== null || this.reconnectTimer !== null) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen().catch(() => this.scheduleReconnect());
    }, LISTEN_RECONNECT_MS);
    this.reconnectTimer.unref();
  }
}

function poolExecutor(pool: Pool): SqlExecutor {
  const wrap = (target: Pool | PoolClient): SqlQueryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      const result = await target.query(sql, [...params]);
      return result.rows as Row[];
    },
  });
  return {
    ...wrap(pool),
    async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // A connection whose ROLLBACK failed is in an unknown state: destroy it rather than reuse it.
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}
