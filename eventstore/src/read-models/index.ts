export * from './document-store.port';
export { PRESERVED_COLLECTIONS, LEASE_COLLECTION, CHECKPOINT_COLLECTION } from './preserved-collections';
export { MemoryDocumentStore } from './memory/memory-document-store';
export { MemoryCheckpointStore } from './memory/memory-checkpoint-store';
export type { MongoDocumentStore } from './mongodb/mongo-document-store';
export { MongoCheckpointStore } from './mongodb/mongo-checkpoint-store';
export { openDocumentStore, type DocumentStoreConfig } from './open-document-store';
export { DocumentLease, type DocumentLeaseOptions } from './lease/document-lease';
