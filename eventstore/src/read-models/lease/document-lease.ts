import type { Doc, DocumentStore } from '../document-store.port';
import { LEASE_COLLECTION } from '../preserved-collections';

/**
 * Leases let several app instances share one read-model store while only one of them runs the
 * subscription work (projections, process managers). A lease is a document in the `leases` collection:
 * `{ _id: name, holder, expiresAt }`. Taking or renewing it is one conditional upsert, so MongoDB's
 * per-document atomicity decides every race: the update matches only when the lease is ours or has
 * expired, and when it matches nothing the upsert either creates the missing lease or (the `_id` exists,
 * held by someone else) does nothing.
 *
 * Use: renew every `ttlMs / 3` or so and stop the work as soon as a renewal returns null; release on a
 * clean shutdown so a successor need not wait for the expiry. `now` is the caller's clock, so keep `ttlMs`
 * well above the clock skew between instances plus the time one batch of work can take. Because every
 * projection is idempotent, the overlap a late-noticed loss can cause repeats work but never corrupts it.
 */
export interface Lease {
  readonly name: string;
  readonly holder: string;
  /** Epoch milliseconds after which another holder may take the lease. */
  readonly expiresAt: number;
}

interface LeaseDoc extends Doc {
  holder: string;
  expiresAt: number;
  renewedAt: number;
}

/** Take the lease if it is free or expired, or renew it if `holder` has it; null when someone else holds it. */
export async function acquireLease(store: DocumentStore, name: string, holder: string, ttlMs: number, now: Date): Promise<Lease | null> {
  if (name === '' || holder === '') throw new TypeError('A lease needs a name and a holder');
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new RangeError(`A lease needs a positive ttl, got ${ttlMs}`);
  const nowMs = now.getTime();
  const expiresAt = nowMs + ttlMs;
  const result = await store
    .collection<LeaseDoc>(LEASE_COLLECTION)
    .updateOne(
      { _id: name, $or: [{ holder }, { expiresAt: { $lte: nowMs } }] },
      { $set: { holder, expiresAt, renewedAt: nowMs } },
      { upsert: true },
    );
  return result.matched > 0 || result.upserted ? { name, holder, expiresAt } : null;
}

/** Give the lease up early; true when this holder still had it. */
export async function releaseLease(store: DocumentStore, lease: Pick<Lease, 'name' | 'holder'>): Promise<boolean> {
  const result = await store.collection<LeaseDoc>(LEASE_COLLECTION).deleteOne({ _id: lease.name, holder: lease.holder });
  return result.deleted > 0;
}

/** Who holds the lease at `now`, or null when nobody does (never taken, released, or expired). */
export async function currentLease(store: DocumentStore, name: string, now: Date): Promise<Lease | null> {
  const doc = await store.collection<LeaseDoc>(LEASE_COLLECTION).findOne({ _id: name, expiresAt: { $gt: now.getTime() } });
  return doc ? { name, holder: doc.holder, expiresAt: doc.expiresAt } : null;
}
