import type { Collection, Doc, DocumentStore, DocumentStoreHealth, ReadModelSwap } from '@brewery/eventstore';

/** Where a rebuild can be held: at its first write beside the live read models, or once they have replaced them. */
export type RebuildMoment = 'first write' | 'swapped';

/** How one process reaches the shared read-model store: `up`, `down` (every call refused, as an unreachable MongoDB's). */
export type Reach = 'up' | 'down';

/**
 * One shop process's connection to a read-model store shared by several (MongoDB in production; a
 * `shared-memory` store here): everything goes through to the shared store while it is `up`; while `down`,
 * every call is refused as a driver refuses it when no server answers. `holdRebuild` stops a rebuild at its first
 * write to the collections it builds beside the live ones, or just after they replace the live ones, until the
 * test lets it go, to act at that moment.
 */
export class DocumentsView implements DocumentStore {
  reach: Reach = 'up';
  /** A collection this process's writes to are refused for now (its other reads and writes go through). */
  refusedWrites: string | null = null;
  private swapGate: { at: RebuildMoment; reached: () => void; release: Promise<void> } | null = null;

  constructor(private readonly shared: DocumentStore) {}

  get kind(): DocumentStore['kind'] {
    return this.shared.kind;
  }

  /** Resolves once a rebuild in this process reaches `at`; it waits there until `release` resolves. */
  holdRebuild(at: RebuildMoment, release: Promise<void>): Promise<void> {
    return new Promise((reached) => (this.swapGate = { at, reached, release }));
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return this.guarded(this.shared.collection<T>(name), async () => {
      if (this.refusedWrites === name) throw new Error(`writes to ${name} are refused for now`);
    });
  }

  async beginSwap(): Promise<ReadModelSwap> {
    this.check();
    const swap = await this.shared.beginSwap();
    const gate = async (at: RebuildMoment): Promise<void> => {
      const held = this.swapGate;
      if (held === null || held.at !== at) return;
      this.swapGate = null;
      held.reached();
      await held.release;
    };
    const target: DocumentStore = new Proxy(swap.target, {
      get: (store, property, receiver) =>
        property === 'collection'
          ? (name: string) => this.guarded(store.collection(name), () => gate('first write'))
          : (Reflect.get(store, property, receiver) as unknown),
    });
    return {
      target,
      commit: async (names) => {
        this.check();
        await swap.commit(names);
        await gate('swapped');
      },
      abandon: () => swap.abandon(),
    };
  }

  dropAll(): Promise<void> {
    this.check();
    return this.shared.dropAll();
  }

  health(): Promise<DocumentStoreHealth> {
    return this.reach === 'up'
      ? this.shared.health()
      : Promise.resolve({ ok: false, adapter: this.kind, detail: 'connection refused (the read-model store is down)' });
  }

  /** The shared store outlives each process: closing one's connection leaves it open. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  private check(): void {
    if (this.reach === 'down') throw new Error('connect ECONNREFUSED: the read-model store is down');
  }

  private guarded<T extends Doc>(collection: Collection<T>, beforeWrite: () => Promise<void>): Collection<T> {
    const call =
      <A extends unknown[], R>(run: (...args: A) => Promise<R>, writes: boolean) =>
      async (...args: A): Promise<R> => {
        this.check();
        if (writes) await beforeWrite();
        return run(...args);
      };
    return {
      name: collection.name,
      find: call((filter, options) => collection.find(filter, options), false),
      findOne: call((filter) => collection.findOne(filter), false),
      count: call((filter) => collection.count(filter), false),
      replaceOne: call((doc: T) => collection.replaceOne(doc), true),
      updateOne: call((filter, update, options) => collection.updateOne(filter, update, options), true),
      updateMany: call((filter, update) => collection.updateMany(filter, update), true),
      deleteOne: call((filter) => collection.deleteOne(filter), true),
      deleteMany: call((filter) => collection.deleteMany(filter), true),
      ensureIndex: call((keys) => collection.ensureIndex(keys), false),
    };
  }
}
