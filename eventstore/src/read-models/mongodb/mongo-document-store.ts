import { randomUUID } from 'node:crypto';
import { MongoClient, MongoServerError, type Collection as DriverCollection, type Db } from 'mongodb';
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
import { assertFilterDefined } from '../filter-values';
import { PRESERVED_COLLECTIONS } from '../preserved-collections';
import { assertDatabaseName, collectionsToDrop, databaseNameFromUrl, DEFAULT_DATABASE_NAME, redactMongoUrl } from './mongo-connection';
import { MongoCheckpointStore } from './mongo-checkpoint-store';
import { upsertTolerantOfExistingId, withStringIdOnInsert } from './mongo-upsert';

/**
 * Connects and checks the server answers. The database is `dbName`, else the one in the URL's path, else
 * `brewery-shop`. Writes wait for a majority of the replica set, so an acknowledged projection update
 * survives a primary failover; reads go to the primary, so a command's response never races its own write.
 */
export async function openMongoDocumentStore(url: string, dbName?: string): Promise<MongoDocumentStore> {
  const name = dbName ?? databaseNameFromUrl(url) ?? DEFAULT_DATABASE_NAME;
  assertDatabaseName(name);
  const client = new MongoClient(url, {
    appName: 'brewery-shop',
    writeConcern: { w: 'majority' },
    readPreference: 'primary',
    ignoreUndefined: true,
  });
  try {
    await client.connect();
    const db = client.db(name);
    await db.command({ ping: 1 });
    return new MongoDocumentStore(client, db);
  } catch (error) {
    await client.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot open the MongoDB read-model store at ${redactMongoUrl(url)} (database ${name}): ${reason}`, { cause: error });
  }
}

export class MongoDocumentStore implements DocumentStore {
  readonly kind = 'mongodb' as const;

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    /** Read models of a rebuild live beside the live ones under this prefix (leases and checkpoints never do). */
    private readonly prefix = '',
  ) {}

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    // Leases and checkpoints decide who works and from where: read only what a majority has committed
    // (writes are majority for the whole client).
    const driver = PRESERVED_COLLECTIONS.includes(name)
      ? this.db.collection<Doc>(name, { readConcern: { level: 'majority' } })
      : this.db.collection<Doc>(`${this.prefix}${name}`);
    return new MongoCollection<T>(driver);
  }

  /**
   * The rebuild writes `rebuild_<name>` collections beside the live ones; committing renames each over its live
   * collection (`renameCollection` with `dropTarget`: atomic per collection, indexes kept), so readers see the
   * old documents until the rename and the new ones after, never an empty collection.
   */
  async beginSwap(): Promise<ReadModelSwap> {
    const prefix = `rebuild_${randomUUID().slice(0, 8)}_`;
    const target = new MongoDocumentStore(this.client, this.db, prefix);
    const built = async (): Promise<string[]> =>
      (await this.db.listCollections({}, { nameOnly: true }).toArray()).map((info) => info.name).filter((name) => name.startsWith(prefix));
    return {
      target,
      commit: async (names) => {
        const present = new Set(await built());
        for (const name of names) {
          if (present.has(`${prefix}${name}`)) await this.db.renameCollection(`${prefix}${name}`, name, { dropTarget: true });
          else await this.db.collection(name).deleteMany({});
        }
        for (const leftover of await built()) await this.db.dropCollection(leftover);
      },
      abandon: async () => {
        for (const name of await built()) await this.db.dropCollection(name);
      },
    };
  }

  /** Checkpoints in this database's `checkpoints` collection, on the same connection. */
  checkpointStore(): MongoCheckpointStore {
    return new MongoCheckpointStore(this);
  }

  async dropAll(): Promise<void> {
    const existing = await this.db.listCollections({}, { nameOnly: true }).toArray();
    for (const name of collectionsToDrop(existing.map((info) => info.name))) {
      await this.db.dropCollection(name);
    }
  }

  async health(): Promise<DocumentStoreHealth> {
    try {
      await this.db.command({ ping: 1 }, { timeoutMS: 2000 });
      return { ok: true, adapter: this.kind, detail: `database ${this.db.databaseName}` };
    } catch (error) {
      return { ok: false, adapter: this.kind, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/**
 * What the server answers a read whose cursor a rebuild's commit killed: renaming a collection over the live
 * one (`dropTarget`) ends the queries running on the old one (QueryPlanKilled, "collection dropped"), and a
 * cursor read in batches then has nothing to continue (CursorNotFound, CursorKilled).
 */
const KILLED_BY_SWAP = new Set([/* QueryPlanKilled */ 175, /* CursorNotFound */ 43, /* CursorKilled */ 237]);
const READ_ATTEMPTS = 3;

/** A read cut off by a rebuild's commit is read again, whole, from the collection that is live now. */
export async function readAcrossSwaps<R>(read: () => Promise<R>): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= READ_ATTEMPTS || !(error instanceof MongoServerError) || !KILLED_BY_SWAP.has(Number(error.code))) throw error;
    }
  }
}

class MongoCollection<T extends Doc> implements Collection<T> {
  readonly name: string;

  constructor(private readonly driver: DriverCollection<Doc>) {
    this.name = driver.collectionName;
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    assertFilterDefined(this.name, filter);
    return readAcrossSwaps(
      async () =>
        (await this.driver
          .find(filter, {
            ...(options.projection ? { projection: options.projection } : {}),
            ...(options.sort ? { sort: options.sort } : {}),
            ...(options.skip !== undefined ? { skip: options.skip } : {}),
            ...(options.limit !== undefined ? { limit: options.limit } : {}),
          })
          .toArray()) as T[],
    );
  }

  async findOne(filter: Filter): Promise<T | null> {
    assertFilterDefined(this.name, filter);
    return readAcrossSwaps(async () => (await this.driver.findOne(filter)) as T | null);
  }

  async count(filter: Filter = {}): Promise<number> {
    assertFilterDefined(this.name, filter);
    return readAcrossSwaps(() => this.driver.countDocuments(filter));
  }

  async replaceOne(doc: T): Promise<void> {
    if (typeof doc._id !== 'string' || doc._id === '') throw new TypeError(`${this.name}: a document needs a non-empty string _id`);
    await this.driver.replaceOne({ _id: doc._id }, doc, { upsert: true });
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<{ matched: number; upserted: boolean }> {
    assertFilterDefined(this.name, filter);
    if (!options.upsert) {
      const result = await this.driver.updateOne(filter, update);
      return { matched: result.matchedCount, upserted: false };
    }
    const withId = withStringIdOnInsert(filter, update, randomUUID);
    return upsertTolerantOfExistingId((upsert) => this.driver.updateOne(filter, upsert ? withId : update, { upsert }));
  }

  async updateMany(filter: Filter, update: Update): Promise<{ matched: number }> {
    assertFilterDefined(this.name, filter);
    const result = await this.driver.updateMany(filter, update);
    return { matched: result.matchedCount };
  }

  async deleteOne(filter: Filter): Promise<{ deleted: number }> {
    assertFilterDefined(this.name, filter);
    const result = await this.driver.deleteOne(filter);
    return { deleted: result.deletedCount };
  }

  async deleteMany(filter: Filter = {}): Promise<{ deleted: number }> {
    assertFilterDefined(this.name, filter);
    const result = await this.driver.deleteMany(filter);
    return { deleted: result.deletedCount };
  }

  async ensureIndex(keys: Sort): Promise<void> {
    await this.driver.createIndex(keys);
  }
}
