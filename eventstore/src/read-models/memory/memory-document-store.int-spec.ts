import { describeCheckpointStoreContract } from '../checkpoint-store.contract';
import { describeDocumentStoreContract } from '../document-store.contract';
import { openDocumentStore } from '../open-document-store';
import { MemoryCheckpointStore } from './memory-checkpoint-store';
import { MemoryDocumentStore } from './memory-document-store';

describeDocumentStoreContract('in-memory (mingo)', () => Promise.resolve(new MemoryDocumentStore()));
describeDocumentStoreContract('in-memory through openDocumentStore', () => openDocumentStore({ kind: 'memory' }));
describeCheckpointStoreContract('in-memory', () => Promise.resolve({ store: new MemoryCheckpointStore() }));
