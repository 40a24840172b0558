import { randomUUID } from 'node:crypto';
import type { Doc, DocumentStore } from '../document-store.port';
import { LEASE_COLLECTION } from '../preserved-collections';

/**
 * Leases let several app instances share one read-model store while only one of them runs the subscription
 * work (projections, process managers). A lease is a document in the `leases` collection:
 * `{ _id: name, holder, term, renewedAt }`. Its holder renews it by writing a new random `term`; nobody
 * compares clocks. An instance that wants the lease watches the document with its own monotonic clock and
 * takes it over only once the term has stayed the same for a whole `ttlMs` of that clock, by a write that
 * matches that very term, so of several instances that saw the same stale term exactly one wins. Each
 * instance measures only its own time between its own observations, so clocks that disagree between
 * machines (by seconds or by hours) cannot hand a lease that is being renewed to another.
 *
 * Use: call `acquire` every `ttlMs / 3` or so and stop the work as soon as it answers false (or fails, or
 * takes longer than a round); `release` on a clean shutdown so a successor need not wait. Because every
 * projection is idempotent, the overlap a late-noticed loss can cause repeats work but never corrupts it.
 */
interface LeaseDoc extends Doc {
  holder: string;
  /** Written anew at every renewal: watchers see the holder is alive by seeing it change. */
  term: string;
  /**
   * The holder's wall clock at its last renewal, and that plus the ttl: never compared with another clock here.
   * Both change at every renewal, as they did before terms existed, so a process of the version before (which
   * writes these two and compares `expiresAt` with its clock) and one of this version never take the lease from
   * each other while it is being renewed, during a rolling upgrade.
   */
  renewedAt: number;
  expiresAt: number;
}

export interface DocumentLeaseOptions {
  name: string;
  holder: string;
  /** A term unchanged for this long, by the watcher's own clock, is a holder that stopped. */
  ttlMs: number;
  /** Milliseconds from any fixed origin that never go backwards (default `performance.now()`). */
  monotonicMs?: () => number;
  /** The wall clock written as `renewedAt` (default `Date.now()`). */
  wallMs?: () => number;
}

export class DocumentLease {
  readonly name: string;
  readonly holder: string;
  private readonly ttlMs: number;
  private readonly monotonicMs: () => number;
  private readonly wallMs: () => number;
  /** The other holder's renewal as this instance last saw it, and since when (its own monotonic clock). */
  private seen: { holder: string; term: string | null; renewedAt: number | null; sinceMs: number } | null = null;

  constructor(
    private readonly store: DocumentStore,
    options: DocumentLeaseOptions,
  ) {
    if (options.name === '' || options.holder === '') throw new TypeError('A lease needs a name and a holder');
    if (!Number.isFinite(options.ttlMs) || options.ttlMs <= 0) throw new RangeError(`A lease needs a positive ttl, got ${options.ttlMs}`);
    this.name = options.name;
    this.holder = options.holder;
    this.ttlMs = options.ttlMs;
    this.monotonicMs = options.monotonicMs ?? (() => performance.now());
    this.wallMs = options.wallMs ?? (() => Date.now());
  }

  /**
   * Renews the lease if this instance holds it, or takes it when it is free or its holder has stopped; true when
   * held. With `renew: false` (a holder that let its lease lapse: it stopped its work) its own lease is watched
   * like anyone's and taken again only as another would, so a holder whose answers come too late for it to work
   * does not keep the lease alive for nobody.
   */
  async acquire(options: { renew?: boolean } = {}): Promise<boolean> {
    const leases = this.store.collection<LeaseDoc>(LEASE_COLLECTION);
    const wall = this.wallMs();
    const renewal = { term: randomUUID(), renewedAt: wall, expiresAt: wall + this.ttlMs };
    if (options.renew !== false && (await leases.updateOne({ _id: this.name, holder: this.holder }, { $set: renewal })).matched > 0) {
      this.seen = null;
      return true;
    }
    const current = await leases.findOne({ _id: this.name });
    if (current === null) {
      // Free: create it. Of several creating at once the store lets one insert; the others change nothing.
      const created = await leases.updateOne({ _id: this.name }, { $setOnInsert: { holder: this.holder, ...renewal } }, { upsert: true });
      if (created.upserted) this.seen = null;
      return created.upserted;
    }
    const term = typeof current.term === 'string' ? current.term : null;
    const renewedAt = typeof current.renewedAt === 'number' ? current.renewedAt : null;
    const now = this.monotonicMs();
    const seen = this.seen;
    if (seen === null || seen.term !== term || seen.renewedAt !== renewedAt || seen.holder !== current.holder) {
      this.seen = { holder: current.holder, term, renewedAt, sinceMs: now };
      return false;
    }
    if (now - seen.sinceMs < this.ttlMs) return false;
    // The same renewal for a whole ttl: its holder stopped renewing. Take it unless another watcher already did.
    const taken = await leases.updateOne(
      { _id: this.name, holder: current.holder, term, renewedAt },
      { $set: { holder: this.holder, ...renewal } },
    );
    this.seen = null;
    return taken.matched > 0;
  }

  /** The holder this instance last saw (itself after a successful `acquire`), or null when none was seen. */
  seenHolder(): string | null {
    return this.seen?.holder ?? null;
  }

  /** Gives the lease up early; true when this instance still had it. */
  async release(): Promise<boolean> {
    const result = await this.store.collection<LeaseDoc>(LEASE_COLLECTION).deleteOne({ _id: this.name, holder: this.holder });
    return result.deleted > 0;
  }

  /** Who holds the lease now, as its document says (null when nobody does: never taken, or released). */
  static async holderOf(store: DocumentStore, name: string): Promise<string | null> {
    return (await store.collection<LeaseDoc>(LEASE_COLLECTION).findOne({ _id: name }))?.holder ?? null;
  }
}
