import { describeCheckpointStoreContract } from '../checkpoint-store.contract';
import { describeDocumentStoreContract } from '../document-store.contract';
import { MongoCheckpointStore } from '../mongodb/mongo-checkpoint-store';
import { openDocumentStore } from '../open-document-store';
import { MemoryCheckpointStore } from './memory-checkpoint-store';
import { MemoryDocumentStore } from './memory-document-store';

describeDocumentStoreContract('in-memory (mingo)', () => Promise.resolve(new MemoryDocumentStore()));
describeDocumentStoreContract('in-memory through openDocumentStore', () => openDocumentStore({ kind: 'memory' }));
describeCheckpointStoreContract('in-memory', () => Promise.resolve({ store: new MemoryCheckpointStore() }));
// The document-backed checkpoint store holds its state in the store, not the object: a new one over the
// same store must read what the first wrote.
describeCheckpointStoreContract(
  'document-backed (MongoCheckpointStore) over the in-memory store',
  () => {
    const documents = new MemoryDocumentStore();
    return Promise.resolve({
      store: new MongoCheckpointStore(documents),
      reopen: () => Promise.resolve(new MongoCheckpointStore(documents)),
    });
  },
  { persistent: true },
);
