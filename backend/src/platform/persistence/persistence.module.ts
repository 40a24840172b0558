import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  DocumentLeadership,
  withoutPassword,
  MemoryCheckpointStore,
  PostgresLeadership,
  SoleLeadership,
  type Leadership,
  MongoCheckpointStore,
  openDocumentStore,
  openEventStore,
  type CheckpointStore,
  type DocumentStore,
  type EventStore,
} from '@brewery/eventstore';
import { type AppConfig, APP_CONFIG } from '../../config/app-config';
import { StoreWrites, watchedWrites } from '../event-sourcing/store-writes';
import { openingStore } from './store-open-error';
import { DOCUMENT_STORE, EVENT_STORE, LEADERSHIP, PROCESS_CHECKPOINTS, PROJECTION_CHECKPOINTS } from './persistence.tokens';

/** Closes the stores after everything that uses them has stopped. */
@Injectable()
class StoreLifecycle implements OnApplicationShutdown {
  private readonly logger = new Logger('Persistence');
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.eventStore.close(), this.documents.close()]);
    this.logger.log('stores closed');
  }
}

function hasCheckpointStore(store: EventStore): store is EventStore & { checkpointStore(): CheckpointStore } {
  return typeof (store as Partial<{ checkpointStore: unknown }>).checkpointStore === 'function';
}

const providers: Provider[] = [
  { provide: StoreWrites, useFactory: () => new StoreWrites() },
  {
    provide: EVENT_STORE,
    inject: [APP_CONFIG, StoreWrites],
    useFactory: async (config: AppConfig, writes: StoreWrites): Promise<EventStore> => {
      const store = config.eventStore;
      const where =
        store.kind === 'postgres'
          ? `the event store at DATABASE_URL ${withoutPassword(store.url)}`
          : store.kind === 'kurrentdb'
            ? `the event store at EVENTSTORE_URL ${withoutPassword(store.url)}`
            : `the embedded event store in ${store.dataDir}`;
      return watchedWrites(await openingStore(where, () => openEventStore(store)), writes);
    },
  },
  {
    provide: DOCUMENT_STORE,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig): Promise<DocumentStore> =>
      openingStore(
        config.readModels.kind === 'mongodb'
          ? `the read models at MONGODB_URL ${withoutPassword(config.readModels.url)}`
          : 'the read models',
        () => openDocumentStore(config.readModels),
      ),
  },
  {
    provide: PROJECTION_CHECKPOINTS,
    inject: [DOCUMENT_STORE],
    // In-memory read models start empty, so their checkpoint must too: they are rebuilt at every start.
    useFactory: (documents: DocumentStore): CheckpointStore =>
      documents.kind === 'memory' ? new MemoryCheckpointStore() : new MongoCheckpointStore(documents),
  },
  {
    provide: PROCESS_CHECKPOINTS,
    inject: [EVENT_STORE, DOCUMENT_STORE],
    // Always durable: beside the events when the store is SQL, otherwise beside the read models (MongoDB).
    useFactory: (eventStore: EventStore, documents: DocumentStore): CheckpointStore => {
      if (hasCheckpointStore(eventStore)) return eventStore.checkpointStore();
      if (documents.kind !== 'memory') return new MongoCheckpointStore(documents);
      throw new Error('No durable store for process-manager checkpoints: configure MONGODB_URL');
    },
  },
  {
    provide: LEADERSHIP,
    inject: [APP_CONFIG, DOCUMENT_STORE],
    // Several processes share a PostgreSQL server or a MongoDB database; the embedded store has one by its lock.
    useFactory: (config: AppConfig, documents: DocumentStore): Leadership => {
      const holder = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
      const logger = new Logger('Leadership');
      const onProblem = (message: string): void => logger.warn(`lease check failed: ${message}`);
      if (config.eventStore.kind === 'postgres') return new PostgresLeadership({ url: config.eventStore.url, holder, onProblem });
      if (documents.kind !== 'memory') return new DocumentLeadership({ documents, holder, onProblem });
      return new SoleLeadership(holder);
    },
  },
  StoreLifecycle,
];

@Global()
@Module({ providers, exports: [EVENT_STORE, DOCUMENT_STORE, PROJECTION_CHECKPOINTS, PROCESS_CHECKPOINTS, LEADERSHIP, StoreWrites] })
export class PersistenceModule {}
