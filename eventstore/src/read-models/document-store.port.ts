/**
 * The read-model store port: documents with MongoDB query semantics. Adapters: in-memory (mingo) for the
 * embedded default, MongoDB for production. Both pass `document-store.contract.ts`.
 */

export interface Doc {
  _id: string;
  [key: string]: unknown;
}

/** A MongoDB query filter (`$eq`, `$in`, `$gte`, `$lt`, `$ne`, `$exists`, `$and`, `$or`, `$regex`, dotted paths). */
export type Filter = Record<string, unknown>;
/** A MongoDB update document (`$set`, `$unset`, `$inc`, `$push`, `$pull`, `$setOnInsert`, `$max`, `$min`). */
export type Update = Record<string, unknown>;
/** 1 ascending, -1 descending; keys applied in insertion order. */
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  /** Inclusion (`{ name: 1 }`) or exclusion (`{ items: 0 }`) projection. */
  projection?: Record<string, 0 | 1>;
}

export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter): Promise<T | null>;
  count(filter?: Filter): Promise<number>;
  /** Insert or replace the whole document with this `_id`. Properties whose value is `undefined` are not stored. */
  replaceOne(doc: T): Promise<void>;
  /**
   * Apply an update to the first match; with `upsert`, insert when nothing matches (equality fields of the
   * filter seed the new document, `$setOnInsert` applies only then, and a string `_id` is generated when the
   * filter names none). `matched` is 0 when the document was inserted.
   *
   * A guarded upsert such as `{ _id, revision: { $lt: n } }` whose `_id` exists but fails the guard is a
   * no-op (`{ matched: 0, upserted: false }`), never a duplicate-key error: that is how projections stay
   * idempotent when an event is delivered twice.
   */
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<{ matched: number; upserted: boolean }>;
  /** Apply an update to every match (`$setOnInsert` is ignored). */
  updateMany(filter: Filter, update: Update): Promise<{ matched: number }>;
  deleteOne(filter: Filter): Promise<{ deleted: number }>;
  deleteMany(filter?: Filter): Promise<{ deleted: number }>;
  /**
   * Keeps an index on these keys (in order, 1 ascending, -1 descending) so filters and sorts on them need not
   * scan the collection; asking again for the same index changes nothing. The memory adapter, which scans
   * memory anyway, keeps none.
   */
  ensureIndex(keys: Sort): Promise<void>;
}

export interface DocumentStoreHealth {
  ok: boolean;
  adapter: DocumentStoreKind;
  detail?: string;
}

/**
 * `memory`: this process's own read models, rebuilt at every start. `mongodb`: read models shared by every shop
 * process. `shared-memory`: one in-memory store read by several shop instances of one process, the shared shape
 * without a MongoDB server (the several-process tests).
 */
export type DocumentStoreKind = 'memory' | 'shared-memory' | 'mongodb';

/**
 * Read models built beside the live ones: a rebuild writes into `target` while readers keep reading the live
 * collections, then `commit` makes what `target` holds the live collections in one step (the old are dropped).
 */
export interface ReadModelSwap {
  /** Empty at first; its collections are separate from the live ones of the same names. */
  readonly target: DocumentStore;
  /** Makes `target`'s collections `names` the live ones (a name `target` never wrote becomes empty). */
  commit(names: readonly string[]): Promise<void>;
  /** Throws away what `target` holds; the live collections are as they were. */
  abandon(): Promise<void>;
}

export interface DocumentStore {
  readonly kind: DocumentStoreKind;
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /** Starts building read models beside the live ones (see ReadModelSwap). */
  beginSwap(): Promise<ReadModelSwap>;
  /**
   * Remove every document of every collection (used before a rebuild), except the coordination
   * collections listed in `PRESERVED_COLLECTIONS` (leases, checkpoints), which must outlive a rebuild.
   */
  dropAll(): Promise<void>;
  health(): Promise<DocumentStoreHealth>;
  close(): Promise<void>;
}

/** Where a subscriber remembers the last global position it has fully handled. */
export interface CheckpointStore {
  /** null when the subscriber never stored one. */
  get(subscriberId: string): Promise<number | null>;
  set(subscriberId: string, position: number): Promise<void>;
  /** Forget one subscriber's checkpoint (a rebuild starts it again from the beginning). */
  reset(subscriberId: string): Promise<void>;
}
