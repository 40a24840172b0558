import { describe, expect, it } from '@jest/globals';
import { MemoryDocumentStore } from './memory/memory-document-store';
import { openDocumentStore, type DocumentStoreConfig } from './open-document-store';

describe('openDocumentStore', () => {
  it('given the memory kind, then an in-memory store opens and reports healthy', async () => {
    const store = await openDocumentStore({ kind: 'memory' });
    expect(store).toBeInstanceOf(MemoryDocumentStore);
    expect(await store.health()).toEqual({ ok: true, adapter: 'memory', detail: '0 collections, 0 documents' });
    await store.close();
    expect((await store.health()).ok).toBe(false);
  });

  it('given an unknown kind from untyped configuration, then it is refused', async () => {
    const config = { kind: 'redis' } as unknown as DocumentStoreConfig;
    await expect(openDocumentStore(config)).rejects.toThrow('Unknown document store kind');
  });
});
