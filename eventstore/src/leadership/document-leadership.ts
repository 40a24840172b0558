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
 * machines are ever compared). A holder whose renewal fails or goes unanswered for a round stops its work at
 * once, long before a watcher can have seen a whole `ttlMs` without a renewal, so two holders never overlap.
 */
export class DocumentLeadership extends CompetingLeadership {
  readonly kind = 'document-lease' as const;
  private readonly lease: DocumentLease;

  constructor(options: DocumentLeadershipOptions) {
    super(options.holder, options.intervalMs ?? 2000, options.onProblem ?? (() => undefined));
    this.lease = new DocumentLease(options.documents, {
      name: options.name ?? 'shop-leader',
      holder: options.holder,
      ttlMs: options.ttlMs ?? 6000,
      ...(options.monotonicMs === undefined ? {} : { monotonicMs: options.monotonicMs }),
    });
  }

  protected async attempt(): Promise<boolean> {
    if (await this.lease.acquire()) return true;
    this.seenHolder = this.lease.seenHolder();
    return false;
  }

  protected async relinquish(): Promise<void> {
    await this.lease.release();
  }
}
