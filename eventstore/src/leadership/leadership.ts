/**
 * Leadership: which of several shop processes sharing one store runs the work that must happen once (the
 * process managers' side effects, and the projections into a shared read-model store). Every process serves
 * reads and commands; exactly one at a time holds the lease. A holder that dies loses it with its
 * connection (PostgreSQL) or when it stops renewing (MongoDB), and another process takes it over.
 */
export interface Leadership {
  /** What decides, for the system status: `sole` (one process by construction), `postgres-advisory-lock`, `document-lease`. */
  readonly kind: 'sole' | 'postgres-advisory-lock' | 'document-lease';
  /** This process's name in the lease (host, pid and a random part). */
  readonly holder: string;
  /** True while this process holds the lease. */
  isLeader(): boolean;
  /** Who holds the lease as this process last saw it (itself when it does), or null when nobody does. */
  currentHolder(): string | null;
  /** Called with true when this process takes the lease and false when it loses it; returns the unsubscribe. */
  onChange(listener: (leader: boolean) => void): () => void;
  /** Starts competing for the lease (the first attempt is awaited). */
  start(): Promise<void>;
  /** Gives the lease up (a successor need not wait) and stops competing. */
  stop(): Promise<void>;
}

/** A process that is the only one by construction (the embedded store's directory lock): always the leader. */
export class SoleLeadership implements Leadership {
  readonly kind = 'sole' as const;
  constructor(readonly holder: string) {}
  isLeader(): boolean {
    return true;
  }
  currentHolder(): string | null {
    return this.holder;
  }
  onChange(): () => void {
    return () => undefined;
  }
  start(): Promise<void> {
    return Promise.resolve();
  }
  stop(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * The shared part of the competing leaderships: a loop that tries to take (or keep) the lease every
 * `intervalMs`, and tells listeners when the answer changes. `attempt` resolves true while the lease is ours;
 * a throw counts as not holding it (a holder that cannot reach its store must stop its work at once).
 */
export abstract class CompetingLeadership implements Leadership {
  abstract readonly kind: Leadership['kind'];
  private leader = false;
  /** The holder another process was seen to be, by the last attempt that did not take the lease. */
  protected seenHolder: string | null = null;
  private readonly listeners = new Set<(leader: boolean) => void>();
  private timer: NodeJS.Timeout | null = null;
  /** Ends the lead when the lease's own deadline passes before a renewal is answered (see `leaseDeadline`). */
  private watchdog: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: Promise<void> = Promise.resolve();

  protected constructor(
    readonly holder: string,
    private readonly intervalMs: number,
    protected readonly onProblem: (message: string) => void,
  ) {}

  /** One try: take or keep the lease; true when this process holds it afterwards. */
  protected abstract attempt(): Promise<boolean>;
  /** Gives the lease up, if held, and lets the connection go. */
  protected abstract relinquish(): Promise<void>;

  /** How long an attempt may take before it counts as no answer (the holder then stops its work). */
  protected answerTimeoutMs(): number {
    return this.intervalMs;
  }

  /**
   * The moment (`performance.now()`) until which the lease last confirmed is safely this process's, or null when
   * it lasts as long as a connection does. The work stops at that moment unless a renewal has moved it on.
   */
  protected leaseDeadline(): number | null {
    return null;
  }

  isLeader(): boolean {
    return this.leader;
  }

  currentHolder(): string | null {
    return this.leader ? this.holder : this.seenHolder;
  }

  onChange(listener: (leader: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    await this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.watchdog !== null) clearTimeout(this.watchdog);
    this.timer = null;
    await this.running;
    this.set(false);
    await this.relinquish().catch(() => undefined);
  }

  private tick(): Promise<void> {
    this.running = (async () => {
      let holds: boolean;
      let timer: NodeJS.Timeout | undefined;
      const startedAt = performance.now();
      const answerWithin = this.answerTimeoutMs();
      try {
        // An answer that takes too long counts as none: a holder cut off from its store stops.
        holds = await Promise.race([
          this.attempt(),
          new Promise<boolean>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer from the lease within ${answerWithin} ms`)), answerWithin);
          }),
        ]);
      } catch (error) {
        this.onProblem(error instanceof Error ? error.message : String(error));
        holds = false;
      } finally {
        clearTimeout(timer);
      }
      if (this.stopped) return;
      this.set(holds);
      this.armWatchdog(holds);
      // A round every `intervalMs` from the start of the last: a slow answer does not stretch the rounds.
      this.timer = setTimeout(() => void this.tick(), Math.max(0, this.intervalMs - (performance.now() - startedAt)));
      this.timer.unref();
    })();
    return this.running;
  }

  /** While the lease is held, the work stops at its deadline even if the next renewal is still unanswered. */
  private armWatchdog(holds: boolean): void {
    if (this.watchdog !== null) clearTimeout(this.watchdog);
    this.watchdog = null;
    const deadline = holds ? this.leaseDeadline() : null;
    if (deadline === null) return;
    this.watchdog = setTimeout(
      () => {
        this.onProblem('the lease was not renewed in time: this process stops its work until a renewal is answered');
        this.set(false);
      },
      Math.max(0, deadline - performance.now()),
    );
    this.watchdog.unref();
  }

  /** The connection that holds the lease is gone: the work stops now, not at the next round. */
  protected lost(): void {
    this.set(false);
  }

  private set(leader: boolean): void {
    if (leader === this.leader) return;
    this.leader = leader;
    for (const listener of this.listeners) listener(leader);
  }
}
