import { Query, find, update as applyUpdate } from 'mingo';
import { randomUUID } from 'node:crypto';
import { copyDocument } from '../document-copy';
import type {
  Collection,
  Doc,
  DocumentStore,
  DocumentStoreHealth,
  Filter,
  FindOptions,
  Update,
} from '../document-store.port';
import { PRESERVED_COLLECTIONS } from '../preserved-collections';
import { upsertSeed } from '../upsert-seed';
import { assertCollectionName, splitUpdate, type Criteria, type Modifier } from './memory-update';

type Stored = Map<string, Doc>;

/**
 * Read models held in this process, queried with MongoDB semantics through mingo. The embedded default:
 * rebuilt from the event log at start-up, so nothing here needs to survive a restart.
 */
export class MemoryDocumentStore implements DocumentStore {
  readonly kind = 'memory' as const;
  private readonly collections = new Map<string, MemoryCollection<Doc>>();
  private closed = false;

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    let handle = this.collections.get(name);
    if (!handle) {
      assertCollectionName(name);
      handle = new MemoryCollection<Doc>(name, new Map());
      this.collections.set(name, handle);
    }
    // Every handle of one name shares the same map; T only narrows what the caller reads back.
    return handle as unknown as Collection<T>;
  }

  async dropAll(): Promise<void> {
    for (const [name, handle] of this.collections) {
      if (!PRESERVED_COLLECTIONS.includes(name)) handle.clear();
    }
  }

  async health(): Promise<DocumentStoreHealth> {
    if (this.closed) return { ok: false, adapter: this.kind, detail: 'closed' };
    let documents = 0;
    for (const handle of this.collections.values()) documents += handle.size;
    return { ok: true, adapter: this.kind, detail: `${this.collections.size} collections, ${documents} documents` };
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

class MemoryCollection<T extends Doc> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly docs: Stored,
  ) {}

  get size(): number {
    return this.docs.size;
  }

  clear(): void {
    this.docs.clear();
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    let cursor = find(this.candidates(filter), filter as Criteria, options.projection);
    if (options.sort && Object.keys(options.sort).length > 0) cursor = cursor.sort(options.sort);
    if (options.skip !== undefined && options.skip > 0) cursor = cursor.skip(options.skip);
    // MongoDB reads limit 0 as "no limit".
    if (options.limit !== undefined && options.limit > 0) cursor = cursor.limit(options.limit);
    return cursor.all().map((doc) => copyDocument(doc) as T);
  }

  async findOne(filter: Filter): Promise<T | null> {
    const found = this.firstMatch(filter);
    return found ? (copyDocument(found) as T) : null;
  }

  async count(filter: Filter = {}): Promise<number> {
    if (Object.keys(filter).length === 0) return this.docs.size;
    const query = new Query(filter as Criteria);
    let matches = 0;
    for (const doc of this.candidates(filter)) if (query.test(doc)) matches += 1;
    return matches;
  }

  async replaceOne(doc: T): Promise<void> {
    if (typeof doc._id !== 'string' || doc._id === '') throw new TypeError(`${this.name}: a document needs a non-empty string _id`);
    this.docs.set(doc._id, copyDocument(doc));
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<{ matched: number; upserted: boolean }> {
    const { modifier, onInsert } = splitUpdate(update);
    const existing = this.firstMatch(filter);
    if (existing) {
      this.docs.set(existing._id, updated(existing, modifier));
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
    this.docs.set(id, inserted);
    return { matched: 0, upserted: true };
  }

  async updateMany(filter: Filter, update: Update): Promise<{ matched: number }> {
    const { modifier } = splitUpdate(update);
    const query = new Query(filter as Criteria);
    const matches = [...this.candidates(filter)].filter((doc) => query.test(doc));
    // Compute every new version before storing any, so a failing update changes nothing.
    const next = matches.map((doc) => updated(doc, modifier));
    for (const doc of next) this.docs.set(doc._id, doc);
    return { matched: matches.length };
  }

  async deleteOne(filter: Filter): Promise<{ deleted: number }> {
    const found = this.firstMatch(filter);
    if (!found) return { deleted: 0 };
    this.docs.delete(found._id);
    return { deleted: 1 };
  }

  async deleteMany(filter: Filter = {}): Promise<{ deleted: number }> {
    if (Object.keys(filter).length === 0) {
      const deleted = this.docs.size;
      this.docs.clear();
      return { deleted };
    }
    const query = new Query(filter as Criteria);
    const doomed = [...this.candidates(filter)].filter((doc) => query.test(doc));
    for (const doc of doomed) this.docs.delete(doc._id);
    return { deleted: doomed.length };
  }

  /** Fast path: a filter naming one string `_id` looks at one map entry instead of the whole collection. */
  private candidates(filter: Filter): Iterable<Doc> {
    const id = filter._id;
    if (typeof id === 'string') {
      const doc = this.docs.get(id);
      return doc ? [doc] : [];
    }
    return this.docs.values();
  }

  private firstMatch(filter: Filter): Doc | undefined {
    const keys = Object.keys(filter);
    if (keys.length === 1 && typeof filter._id === 'string') return this.docs.get(filter._id);
    const query = new Query(filter as Criteria);
    for (const doc of this.candidates(filter)) if (query.test(doc)) return doc;
    return undefined;
  }
}

/** A new version of the document; the stored one is untouched if the update throws half-way. */
function updated(doc: Doc, modifier: Modifier): Doc {
  const next = copyDocument(doc);
  // Copying the modifier keeps caller-owned values (a pushed entry) out of the store.
  if (Object.keys(modifier).length > 0) applyUpdate(next, copyDocument(modifier));
  return next;
}
