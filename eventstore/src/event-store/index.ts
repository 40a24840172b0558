export * from './event-store.port';
export { AppendTooLargeError, DataDirLockedError, DuplicateEventIdError } from './event-store.errors';
export { appendBytes, MAX_APPEND_BYTES } from './append-size';
export { deterministicEventId, isUuid, newEventId } from './event-id';
export { openEventStore, hasCheckpointStore, type EventStoreConfig, type OpenedEventStore } from './open-event-store';
export { PgliteEventStore, PGLITE_IN_MEMORY, type PgliteEventStoreOptions } from './pglite/pglite-event-store';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store';
export type { KurrentDbEventStore, KurrentDbEventStoreOptions } from './kurrentdb/kurrentdb-event-store';
export { SqlCheckpointStore } from './sql/sql-checkpoint-store';
