import { find, update as applyUpdate } from 'mingo';
import { randomUUID } from 'node:crypto';
import { copyDocument } from '../document-copy';
import { assertFilterDefined } from '../filter-values';
import type {
  Collection,
  Doc,
  DocumentStore,
  DocumentStoreHealth,
  Filter,
  FindOptions,
  ReadModelSwap,
  Sort,
  Update,
} from '../document-store.port';
import { PRESERVED_COLLECTIONS } from '../preserved-collections';
import { upsertSeed } from '../upsert-seed';
import { CompiledQueryCache, documentMatcher } from './compiled-query-cache';
import { EqualityIndexes } from './equality-index';
import { assertCollectionName, splitUpdate, type Modifier } from './memory-update';
import { QueryCache, queryCacheKey } from './query-cache';
import { applySimpleUpdate } from './simple-update';
import { settle } from './settle';
import { sortFast } from './sort-fast';

/**
 * Read models held in this process, queried with MongoDB semantics through mingo. The embedded default:
 * rebuilt from the event log at start-up, so nothing here needs to survive a restart. Each operation runs
 * to completion synchronously, so no other caller ever sees a half-applied write.
 */
export class MemoryDocumentStore implements DocumentStore {
  /** `shared-memory`: several shop instances of one process read this one store, as they would MongoDB. */
  constructor(readonly kind: 'memory' | 'shared-memory' = 'memory') {}

  private readonly collections = new Map<string, MemoryCollection<Doc>>();
  /** Shared by every collection: a compiled filter does not depend on the documents it tests. */
  private readonly queries = new CompiledQueryCache();
  private closed = false;

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    let handle = this.collections.get(name);
    if (!handle) {
      assertCollectionName(name);
      handle = new MemoryCollection<Doc>(name, this.queries);
      this.collections.set(name, handle);
    }
    // Every handle of one name shares the same documents; T only narrows what the caller reads back.
    return handle as unknown as Collection<T>;
  }

  /**
   * A second store in this process for the rebuild; committing moves its documents into the live collections'
   * handles in one synchronous step, so a reader sees the old read models or the new ones, never a mix.
   */
  beginSwap(): Promise<ReadModelSwap> {
    const target = new MemoryDocumentStore(this.kind);
    return Promise.resolve({
      target,
      commit: (names) =>
        settle(() => {
          for (const name of names) {
            const built = target.collections.get(name);
            (this.collection(name) as unknown as MemoryCollection<Doc>).adopt(built ?? null);
          }
        }),
      abandon: () => target.dropAll(),
    });
  }

  dropAll(): Promise<void> {
    return settle(() => {
      for (const [name, handle] of this.collections) {
        if (!PRESERVED_COLLECTIONS.includes(name)) handle.clear();
      }
    });
  }

  health(): Promise<DocumentStoreHealth> {
    return settle(() => {
      if (this.closed) return { ok: false, adapter: this.kind, detail: 'closed' };
      let documents = 0;
      for (const handle of this.collections.values()) documents += handle.size;
      return { ok: true, adapter: this.kind, detail: `${this.collections.size} collections, ${documents} documents` };
    });
  }

  close(): Promise<void> {
    return settle(() => {
      this.closed = true;
    });
  }
}

class MemoryCollection<T extends Doc> implements Collection<T> {
  /** By `_id`, so one-document lookups and writes touch one map entry. */
  private readonly docs = new Map<string, Doc>();
  private readonly cache = new QueryCache();
  /** Hash indexes on the declared indexes' leading fields, built when a query first uses one. */
  private readonly indexes = new EqualityIndexes();

  constructor(
    readonly name: string,
    private readonly queries: CompiledQueryCache,
  ) {}

  get size(): number {
    return this.docs.size;
  }

  clear(): void {
    this.docs.clear();
    this.indexes.reset(this.docs);
    this.cache.invalidate();
  }

  /** Takes `other`'s documents as its own (none when null); `other` is left empty. */
  adopt(other: MemoryCollection<Doc> | null): void {
    this.docs.clear();
    if (other !== null) {
      for (const [id, doc] of other.docs) this.docs.set(id, doc);
      other.clear();
    }
    this.indexes.reset(this.docs);
    this.cache.invalidate();
  }

  find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    return settle(() => {
      assertFilterDefined(this.name, filter);
      const key = queryCacheKey(filter, options);
      let found = key === undefined ? undefined : this.cache.get(key);
      if (!found) {
        found = this.query(filter, options);
        if (key !== undefined) this.cache.set(key, found);
      }
      return found.map((doc) => copyDocument(doc) as T);
    });
  }

  findOne(filter: Filter): Promise<T | null> {
    return settle(() => {
      assertFilterDefined(this.name, filter);
      const found = this.firstMatch(filter);
      return found ? (copyDocument(found) as T) : null;
    });
  }

  count(filter: Filter = {}): Promise<number> {
    return settle(() => {
      assertFilterDefined(this.name, filter);
      return Object.keys(filter).length === 0 ? this.docs.size : this.matchesRemembered(filter).length;
    });
  }

  replaceOne(doc: T): Promise<void> {
    return settle(() => {
      if (typeof doc._id !== 'string' || doc._id === '') throw new TypeError(`${this.name}: a document needs a non-empty string _id`);
      this.store(copyDocument(doc));
    });
  }

  updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<{ matched: number; upserted: boolean }> {
    return settle(() => {
      assertFilterDefined(this.name, filter);
      const { modifier, onInsert } = splitUpdate(update);
      const existing = this.firstMatch(filter);
      if (existing) {
        this.store(updated(existing, modifier));
        return { matched: 1, upserted: false };
      }
      if (!options.upsert) return { matched: 0, upserted: false };

      const seed = upsertSeed(filter);
      const id = seed._id ?? randomUUID();
      if (typeof id !== 'string') throw new TypeError(`${this.name}: an upsert needs a string _id, got ${typeof id}`);
      // The _id exists but failed the rest of the filter (a guarded, already-applied update): leave it.
      if (this.docs.has(id)) return { matched: 0, upserted: false };

      let inserted = updated({ ...seed, _id: id }, modifier);
      if (onInsert) inserted = updated(inserted, { $set: onInsert });
      this.store(inserted);
      return { matched: 0, upserted: true };
    });
  }

  updateMany(filter: Filter, update: Update): Promise<{ matched: number }> {
    return settle(() => {
      assertFilterDefined(this.name, filter);
      const { modifier } = splitUpdate(update);
      // Every new version is computed before any is stored, so a failing update changes nothing.
      const next = this.matches(filter).map((doc) => updated(doc, modifier));
      for (const doc of next) this.store(doc);
      return { matched: next.length };
    });
  }

  deleteOne(filter: Filter): Promise<{ deleted: number }> {
    return settle(() => {
      assertFilterDefined(this.name, filter);
      const found = this.firstMatch(filter);
      if (!found) return { deleted: 0 };
      this.remove(found._id);
      return { deleted: 1 };
    });
  }

  deleteMany(filter: Filter = {}): Promise<{ deleted: number }> {
    return settle(() => {
      assertFilterDefined(this.name, filter);
      const doomed = Object.keys(filter).length === 0 ? [...this.docs.values()] : this.matches(filter);
      for (const doc of doomed) this.remove(doc._id);
      return { deleted: doomed.length };
    });
  }

  /**
   * A query naming the index's leading fields by value looks at the documents with those values only (a hash
   * index, built on first use); any other query scans memory, and the query cache serves repeated ones.
   */
  ensureIndex(keys: Sort): Promise<void> {
    if (Object.keys(keys).length === 0) return Promise.reject(new TypeError(`${this.name}: an index needs at least one key`));
    this.indexes.declare(keys);
    return Promise.resolve();
  }

  /** Every write goes through here or `remove`, which is what keeps the indexes and the query cache honest. */
  private store(doc: Doc): void {
    const previous = this.docs.get(doc._id);
    this.docs.set(doc._id, doc);
    this.indexes.stored(previous, doc);
    this.cache.invalidate();
  }

  private remove(id: string): void {
    const doc = this.docs.get(id);
    if (doc === undefined) return;
    this.docs.delete(id);
    this.indexes.removed(doc);
    this.cache.invalidate();
  }

  private query(filter: Filter, options: FindOptions): Doc[] {
    // Filtering first lets the fast matcher do mingo's slowest part; sorting natively where the values allow
    // it (mingo otherwise), then the page, and mingo projects only the documents of the page.
    let docs = this.matchesRemembered(filter);
    if (options.sort && Object.keys(options.sort).length > 0)
      docs = sortFast(docs, options.sort) ?? find<Doc>(docs, {}).sort(options.sort).all();
    const from = options.skip !== undefined && options.skip > 0 ? options.skip : 0;
    // MongoDB reads limit 0 as "no limit".
    const to = options.limit !== undefined && options.limit > 0 ? from + options.limit : undefined;
    if (from > 0 || to !== undefined) docs = docs.slice(from, to);
    return options.projection ? find<Doc>(docs, {}, options.projection).all() : docs;
  }

  /**
   * The documents a filter matches, remembered until the next write: a page of a search and its count
   * (asked together) scan the collection once. The array is shared, so nothing may change it in place.
   */
  private matchesRemembered(filter: Filter): Doc[] {
    const key = queryCacheKey(filter, {});
    if (key === undefined) return this.matches(filter);
    const remembered = this.cache.get(`matches:${key}`);
    if (remembered) return remembered;
    const found = this.matches(filter);
    this.cache.set(`matches:${key}`, found);
    return found;
  }

  /**
   * A filter naming one string `_id` looks at one map entry, one naming an index's leading fields by value
   * at the documents with those values, and any other at the whole collection.
   */
  private candidates(filter: Filter): Iterable<Doc> {
    const id = filter._id;
    if (typeof id === 'string') {
      const doc = this.docs.get(id);
      return doc ? [doc] : [];
    }
    return this.indexes.candidates(filter, this.docs) ?? this.docs.values();
  }

  private matches(filter: Filter): Doc[] {
    const matcher = documentMatcher(filter, this.queries);
    return [...this.candidates(filter)].filter(matcher);
  }

  private firstMatch(filter: Filter): Doc | undefined {
    if (Object.keys(filter).length === 1 && typeof filter._id === 'string') return this.docs.get(filter._id);
    const matcher = documentMatcher(filter, this.queries);
    for (const doc of this.candidates(filter)) if (matcher(doc)) return doc;
    return undefined;
  }
}

/** A new version of the document; the stored one is untouched if the update throws half-way. */
function updated(doc: Doc, modifier: Record<string, unknown>): Doc {
  if (Object.keys(modifier).length === 0) return copyDocument(doc);
  // Copying the modifier keeps caller-owned values (a pushed entry) out of the store.
  const changes = copyDocument(modifier);
  const next = copyDocument(doc);
  if (applySimpleUpdate(next, changes)) return next;
  // The fast path declined, perhaps half-way: mingo starts again from a fresh copy.
  const again = copyDocument(doc);
  applyUpdate(again, changes as Modifier);
  return again;
}
