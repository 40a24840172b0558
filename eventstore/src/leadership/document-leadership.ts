import type { DocumentStore } from '../read-models/document-store.port';
import { acquireLease, currentLease, releaseLease } from '../read-models/lease/document-lease';
import { CompetingLeadership } from './leadership';

export interface DocumentLeadershipOptions {
  documents: DocumentStore;
  holder: string;
  /** Default `shop-leader`. */
  name?: string;
  /** A lease not renewed for this long may be taken by another process. Default 6000 ms. */
  ttlMs?: number;
  /** How often the holder renews and a follower tries. Default 2000 ms. */
  intervalMs?: number;
  now?: () => Date;
  onProblem?: (message: string) => void;
}

/**
 * The lease as a document in the read-model store (MongoDB): renewed every round, taken over by another
 * process once it has not been renewed for `ttlMs`. A holder whose renewal fails or goes unanswered for a
 * round stops its work at once, before its lease can expire, so two holders never overlap by the clock of
 * one process; keep the clocks of the processes within a second of each other (NTP).
 */
export class DocumentLeadership extends CompetingLeadership {
  readonly kind = 'document-lease' as const;
  private readonly name: string;
  private readonly ttlMs: number;
  private readonly now: () => Date;

  constructor(private readonly options: DocumentLeadershipOptions) {
    super(options.holder, options.intervalMs ?? 2000, options.onProblem ?? (() => undefined));
    this.name = options.name ?? 'shop-leader';
    this.ttlMs = options.ttlMs ?? 6000;
    this.now = options.now ?? (() => new Date());
  }

  protected async attempt(): Promise<boolean> {
    const now = this.now();
    if ((await acquireLease(this.options.documents, this.name, this.holder, this.ttlMs, now)) !== null) return true;
    this.seenHolder = (await currentLease(this.options.documents, this.name, now))?.holder ?? null;
    return false;
  }

  protected async relinquish(): Promise<void> {
    await releaseLease(this.options.documents, { name: this.name, holder: this.holder });
  }
}
