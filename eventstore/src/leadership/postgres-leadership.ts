import { Client } from 'pg';
import { CompetingLeadership } from './leadership';

/** The advisory lock's two keys: a constant for the shop and the lease's name hashed by the server. */
const LOCK_CLASS = 20261;

export interface PostgresLeadershipOptions {
  url: string;
  /** This process's name, for the logs and the system status. */
  holder: string;
  /** The lease's name (one per shop sharing the database). Default `shop-leader`. */
  name?: string;
  /** How often a follower tries to take the lease and the holder checks its connection. Default 2000 ms. */
  intervalMs?: number;
  /**
   * A holder whose session has been silent this long (no check of its connection: the process is frozen, its
   * machine paused) is fenced off by the next follower: its session is terminated, which frees the lock and
   * tells the holder, should it wake, that it no longer holds it. Default 10000 ms.
   */
  staleAfterMs?: number;
  onProblem?: (message: string) => void;
}

/**
 * The lease as a PostgreSQL session advisory lock on a connection of its own. The server releases it the moment
 * that connection ends, so a holder killed with SIGKILL (its socket closed by the kernel) is replaced within one
 * round of the others' attempts; one cut off by the network is found by TCP keepalives within seconds on the
 * server's side, and stops its own work when its connection errs or a check goes unanswered for a round. One that
 * is alive but silent (a stopped process, a paused machine: its socket stays open) is fenced off by a follower
 * once its session has been idle for `staleAfterMs`. Each session is named after its process
 * (`application_name`), so every process can say who holds the lease.
 */
export class PostgresLeadership extends CompetingLeadership {
  readonly kind = 'postgres-advisory-lock' as const;
  private client: Client | null = null;
  private holding = false;
  private readonly name: string;
  private readonly staleAfterMs: number;

  constructor(private readonly options: PostgresLeadershipOptions) {
    super(options.holder, options.intervalMs ?? 2000, options.onProblem ?? (() => undefined));
    this.name = options.name ?? 'shop-leader';
    this.staleAfterMs = options.staleAfterMs ?? 10_000;
  }

  protected async attempt(): Promise<boolean> {
    const client = this.client ?? (await this.connect());
    if (this.holding) {
      // The lock lives as long as the session: a connection that answers still holds it.
      await client.query('SELECT 1');
      return true;
    }
    const result = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS taken', [
      LOCK_CLASS,
      this.name,
    ]);
    this.holding = result.rows[0]?.taken === true;
    if (this.holding) return true;
    await this.lookAtHolder(client);
    return false;
  }

  /** Who holds the lock now; a holder silent for too long has its session ended (the next attempt takes over). */
  private async lookAtHolder(client: Client): Promise<void> {
    const found = await client.query<{ pid: number; holder: string; silent_ms: number }>(
      `SELECT a.pid, a.application_name AS holder, extract(epoch FROM now() - a.state_change) * 1000 AS silent_ms
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1::oid
          AND l.objid = (hashtext($2)::bigint & 4294967295)::oid AND l.objsubid = 2
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [LOCK_CLASS, this.name],
    );
    const holder = found.rows[0];
    this.seenHolder = holder?.holder ?? null;
    if (holder !== undefined && Number(holder.silent_ms) > this.staleAfterMs) {
      this.onProblem(
        `the lease holder ${holder.holder} has been silent for ${Math.round(Number(holder.silent_ms) / 1000)} s: ending its session`,
      );
      await client.query('SELECT pg_terminate_backend($1)', [holder.pid]);
    }
  }

  protected async relinquish(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.holding = false;
    if (client === null) return;
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await client.end().catch(() => undefined);
  }

  private async connect(): Promise<Client> {
    const client = new Client({
      connectionString: this.options.url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 2000,
      // Other processes read it to say who holds the lease.
      application_name: this.holder.slice(0, 63),
      // The server drops a silent holder's session (and its lock) within about ten seconds.
      options: '-c tcp_keepalives_idle=4 -c tcp_keepalives_interval=2 -c tcp_keepalives_count=3',
    });
    const gone = (): void => {
      if (this.client !== client) return;
      this.client = null;
      this.holding = false;
      client.end().catch(() => undefined);
      this.lost();
    };
    client.on('error', gone);
    client.on('end', gone);
    await client.connect();
    this.client = client;
    return client;
  }
}
