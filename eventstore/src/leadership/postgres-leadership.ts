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
  onProblem?: (message: string) => void;
}

/**
 * The lease as a PostgreSQL session advisory lock on a connection of its own. The server releases it the moment
 * that connection ends, so a holder killed with SIGKILL (its socket closed by the kernel) is replaced within one
 * round of the others' attempts; one cut off by the network is found by TCP keepalives within seconds on the
 * server's side, and stops its own work when its connection errs or a check goes unanswered for a round.
 */
export class PostgresLeadership extends CompetingLeadership {
  readonly kind = 'postgres-advisory-lock' as const;
  private client: Client | null = null;
  private holding = false;
  private readonly name: string;

  constructor(private readonly options: PostgresLeadershipOptions) {
    super(options.holder, options.intervalMs ?? 2000, options.onProblem ?? (() => undefined));
    this.name = options.name ?? 'shop-leader';
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
    return this.holding;
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
