import { Client, Pool, type PoolClient } from 'pg';
import type { SqlExecutor, SqlQueryable } from '../sql/sql-executor';
import { SqlEventStore } from '../sql/sql-event-store';
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
 * Settings for every connection of the pool. PL/pgSQL keeps its statements' plans per connection and,
 * after five runs, may keep a generic plan made while the table was small (a sequential scan for the id
 * lookup of `brewery_append`, slower with every event), and a server's statistics change under it. Planning
 * each statement for the call at hand avoids that; set once per connection, it costs no more per call.
 * (PGlite, the single writer of its own table, keeps the index plans: see sql-append-function.int-spec.ts.)
 */
export const POSTGRES_SESSION_OPTIONS = '-c plan_cache_mode=force_custom_plan';

/**
 * A PostgreSQL server through a pg Pool. Same schema and statements as PGlite; an append is one
 * autocommit call of `brewery_append`, which NOTIFYs inside its transaction, and one dedicated
 * connection LISTENs to wake subscriptions of this process, which share one read of the log's head.
 */
export class PostgresEventStore extends SqlEventStore {
  readonly kind = 'postgres' as const;
  private listener: Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly pool: Pool,
    private readonly url: string,
    pollIntervalMs: number,
  ) {
    super(poolExecutor(pool), pollIntervalMs, EVENTS_NOTIFY_CHANNEL);
  }

  static async open(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
    const pool = new Pool({ connectionString: options.url, max: options.maxConnections ?? 10, options: POSTGRES_SESSION_OPTIONS });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    try {
      await ensureSqlSchema(poolExecutor(pool));
      const store = new PostgresEventStore(pool, options.url, options.pollIntervalMs ?? 1000);
      await store.listen();
      await store.shareTheTail();
      return store;
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  protected async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  protected healthyDetail(): string {
    return this.listener !== null ? 'LISTEN connected' : 'LISTEN reconnecting, polling';
  }

  protected async release(): Promise<void> {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.pool.end();
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
      if (message.channel !== EVENTS_NOTIFY_CHANNEL) return;
      // Our own appends woke our subscriptions already: their notification would only make each read again.
      const position = Number(message.payload);
      if (Number.isSafeInteger(position) && position <= this.signalledUpTo) return;
      this.signal.notify();
    });
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    await client.query(`LISTEN ${EVENTS_NOTIFY_CHANNEL}`);
    if (this.isClosing) {
      await client.end();
      return;
    }
    this.listener = client;
    // Anything appended while we were not listening is picked up by the next read.
    this.signal.notify();
  }

  private scheduleReconnect(): void {
    if (this.isClosing || this.reconnectTimer !== null) return;
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
