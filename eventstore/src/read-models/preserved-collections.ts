/** Collection that holds the scale-out leases (see `lease/document-lease.ts`). */
export const LEASE_COLLECTION = 'leases';
/** Collection where `MongoCheckpointStore` keeps subscriber positions. */
export const CHECKPOINT_COLLECTION = 'checkpoints';

/**
 * Coordination state, not read models: `dropAll()` keeps them, because a rebuild must neither hand the
 * subscription lease to another instance nor make process managers replay their side effects.
 */
export const PRESERVED_COLLECTIONS: readonly string[] = [LEASE_COLLECTION, CHECKPOINT_COLLECTION];
