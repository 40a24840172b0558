import { describe, expect, it } from '@jest/globals';
import { MemoryDocumentStore } from '../memory/memory-document-store';
import { LEASE_COLLECTION } from '../preserved-collections';
import { acquireLease } from './document-lease';

const now = new Date('2026-03-01T10:00:00.000Z');

describe('acquireLease', () => {
  it.each<[string, string, string, number]>([
    ['an empty name', '', 'app-a', 30_000],
    ['an empty holder', 'projections', '', 30_000],
    ['a zero ttl', 'projections', 'app-a', 0],
    ['a negative ttl', 'projections', 'app-a', -5],
    ['an infinite ttl', 'projections', 'app-a', Number.POSITIVE_INFINITY],
  ])('given %s, then it is refused and nothing is written', async (_name, name, holder, ttlMs) => {
    const store = new MemoryDocumentStore();
    await expect(acquireLease(store, name, holder, ttlMs, now)).rejects.toThrow();
    expect(await store.collection(LEASE_COLLECTION).count()).toBe(0);
  });

  it('given a lease is taken, then its document says who holds it and until when', async () => {
    const store = new MemoryDocumentStore();
    await acquireLease(store, 'projections', 'app-a', 30_000, now);
    expect(await store.collection(LEASE_COLLECTION).find()).toEqual([
      { _id: 'projections', holder: 'app-a', expiresAt: now.getTime() + 30_000, renewedAt: now.getTime() },
    ]);
  });
});
