import type { CheckpointStore } from '../read-models/document-store.port';
import type { EventStore } from './event-store.port';
import type { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store';
import { PgliteEventStore } from './pglite/pglite-event-store';
import { PostgresEventStore } from './postgres/postgres-event-store';

export type EventStoreConfig =
  | { kind: 'pglite'; /** A directory, or `memory://` (tests). */ dataDir: string }
  | { kind: 'postgres'; url: string }
  | { kind: 'kurrentdb'; url: string };

/** The SQL adapters also keep durable checkpoints beside the events; KurrentDB does not offer them. */
export type OpenedEventStore = EventStore & { checkpointStore?(): CheckpointStore };

/** Opens the adapter the configuration names; the rest of the shop sees only the port. */
export async function openEventStore(config: EventStoreConfig): Promise<OpenedEventStore> {
  switch (config.kind) {
    case 'pglite':
      return PgliteEventStore.open({ dataDir: config.dataDir });
    case 'postgres':
      return PostgresEventStore.open({ url: config.url });
    case 'kurrentdb': {
      // Loaded only when named: its gRPC client is tens of megabytes a small shop on PGlite never needs.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const kurrent = require('./kurrentdb/kurrentdb-event-store') as { KurrentDbEventStore: typeof KurrentDbEventStore };
      return kurrent.KurrentDbEventStore.open({ url: config.url });
    }
    default:
      return assertNever(config);
  }
}

/** Narrows to a store whose process-manager checkpoints live beside its events. */
export function hasCheckpointStore(store: EventStore): store is EventStore & { checkpointStore(): CheckpointStore } {
  return typeof (store as OpenedEventStore).checkpointStore === 'function';
}

function assertNever(value: never): never {
  throw new Error(`Unknown event store kind: ${JSON.stringify(value)}`);
}
