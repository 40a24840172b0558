import type { DocumentStore } from '../read-models/document-store.port';
import { DocumentLease } from '../read-models/lease/document-lease';
import { CompetingLeadership } from './leadership';

export interface DocumentLeadershipOptions {
  documents: DocumentStore;
  holder: string;
  /** Default `shop-leader`. */
  name?: string;
  /** A lease not renewed for this long (by the watching process's own clock) may be taken over. Default 6000 ms. */
  ttlMs?: number;
  /** How often the holder renews and a follower tries. Default 2000 ms. */
  intervalMs?: number;
  /** The watcher's monotonic clock (default `performance.now()`). */
  monotonicMs?: () => number;
  onProblem?: (message: string) => void;
}

/**
 * The lease as a document in the read-model store (MongoDB): renewed every round, taken over by another
 * process once it has seen it unrenewed for `ttlMs` of its own clock (`DocumentLease`: no clocks of two
 * machines are ever compared). A renewal's write lands after it was sent, and a watcher first sees it after
 * that, so no watcher can take the lease over before `ttlMs` after the renewal was sent: the holder's work
 * stops at that moment less one round (`leaseDeadline`) unless a later renewal has been answered, however
 * slowly answers come. Keep `ttlMs` at least three rounds (the defaults: 6 s and 2 s).
 */
export class DocumentLeadership extends CompetingLeadership {
  readonly kind = 'document-lease' as const;
  private readonly lease: DocumentLease;
  private readonly ttlMs: number;
  private readonly roundMs: number;
  /** When the last renewal answered was sent, `performance.now()`. */
  private confirmedSentAt: number | null = null;

  constructor(options: DocumentLeadershipOptions) {
    const roundMs = options.intervalMs ?? 2000;
    const ttlMs = options.ttlMs ?? 6000;
    if (ttlMs < 3 * roundMs) throw new RangeError(`A lease of ${ttlMs} ms renewed every ${roundMs} ms: keep the ttl at least three rounds`);
    super(options.holder, roundMs, options.onProblem ?? (() => undefined));
    this.ttlMs = ttlMs;
    this.roundMs = roundMs;
    this.lease = new DocumentLease(options.documents, {
      name: options.name ?? 'shop-leader',
      holder: options.holder,
      ttlMs,
      ...(options.monotonicMs === undefined ? {} : { monotonicMs: options.monotonicMs }),
    });
  }

  protected async attempt(): Promise<boolean> {
    const sentAt = performance.now();
    // Past its deadline without an answered renewal, this process has stopped its work: it must not keep the lease
    // alive by writing to it (a watcher would wait for ever); it takes it again only as any other process would.
    const deadline = this.leaseDeadline();
    const lapsed = deadline !== null && sentAt >= deadline;
    if (await this.lease.acquire({ renew: !lapsed })) {
      this.confirmedSentAt = lapsed ? sentAt : Math.max(this.confirmedSentAt ?? sentAt, sentAt);
      return true;
    }
    this.confirmedSentAt = null;
    this.seenHolder = this.lease.seenHolder();
    return false;
  }

  /** A renewal may be answered up to its deadline: the lease stays ours until then whatever the answer's delay. */
  protected override answerTimeoutMs(): number {
    return this.ttlMs - this.roundMs;
  }

  protected override leaseDeadline(): number | null {
    return this.confirmedSentAt === null ? null : this.confirmedSentAt + this.ttlMs - this.roundMs;
  }

  protected async relinquish(): Promise<void> {
    await this.lease.release();
  }
}
