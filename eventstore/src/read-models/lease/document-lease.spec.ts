import { describe, expect, it } from '@jest/globals';
import { MemoryDocumentStore } from '../memory/memory-document-store';
import { LEASE_COLLECTION } from '../preserved-collections';
import { DocumentLease } from './document-lease';

describe('DocumentLease', () => {
  it.each<[string, string, string, number]>([
    ['an empty name', '', 'app-a', 30_000],
    ['an empty holder', 'projections', '', 30_000],
    ['a zero ttl', 'projections', 'app-a', 0],
    ['a negative ttl', 'projections', 'app-a', -5],
    ['an infinite ttl', 'projections', 'app-a', Number.POSITIVE_INFINITY],
  ])('given %s, then it is refused and nothing is written', async (_name, name, holder, ttlMs) => {
    const store = new MemoryDocumentStore();
    expect(() => new DocumentLease(store, { name, holder, ttlMs })).toThrow();
    expect(await store.collection(LEASE_COLLECTION).count()).toBe(0);
  });

  it('given a lease is taken and renewed, then its document says who holds it, with a new term at each renewal', async () => {
    const store = new MemoryDocumentStore();
    let wall = Date.parse('2026-03-01T10:00:00.000Z');
    const lease = new DocumentLease(store, { name: 'projections', holder: 'app-a', ttlMs: 30_000, wallMs: () => wall });
    await lease.acquire();
    const [first] = await store.collection(LEASE_COLLECTION).find();
    expect(first).toEqual({ _id: 'projections', holder: 'app-a', term: expect.any(String), renewedAt: wall, expiresAt: wall + 30_000 });
    wall += 2000;
    await lease.acquire();
    const [second] = await store.collection(LEASE_COLLECTION).find();
    expect(second).toMatchObject({ holder: 'app-a', renewedAt: wall });
    expect(second?.term).not.toBe(first?.term);
  });
});
