import type { DocumentStore } from './document-store.port';
import { MemoryDocumentStore } from './memory/memory-document-store';
import type { openMongoDocumentStore } from './mongodb/mongo-document-store';

export type DocumentStoreConfig = { kind: 'memory' } | { kind: 'mongodb'; url: string; dbName?: string };

/** The read-model store named by configuration; the application never picks an adapter itself. */
export async function openDocumentStore(config: DocumentStoreConfig): Promise<DocumentStore> {
  switch (config.kind) {
    case 'memory':
      return new MemoryDocumentStore();
    case 'mongodb': {
      // Loaded only when named: the driver holds about 20 MB of tables a shop on memory read models never reads.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mongo = require('./mongodb/mongo-document-store') as { openMongoDocumentStore: typeof openMongoDocumentStore };
      return mongo.openMongoDocumentStore(config.url, config.dbName);
    }
    default:
      return assertNever(config);
  }
}

function assertNever(config: never): never {
  throw new TypeError(`Unknown document store kind: ${JSON.stringify(config)}`);
}
