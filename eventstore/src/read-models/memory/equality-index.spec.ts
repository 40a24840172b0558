import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Doc, Filter } from '../document-store.port';
import { MemoryDocumentStore } from './memory-document-store';

const HOLDS_INDEX = { client: 1, active: 1, expiresAt: 1 } as const;

async function holds(indexed: boolean): Promise<ReturnType<MemoryDocumentStore['collection']>> {
  const collection = new MemoryDocumentStore().collection('holds');
  if (indexed) await collection.ensureIndex(HOLDS_INDEX);
  return collection;
}

describe('A memory collection answers a query on an index’s leading fields from the index', () => {
  it.each<[string, Doc[], Filter, string[]]>([
    [
      'a client’s active holds, by client and active, in the order they were stored',
      [
        { _id: 'h1', client: 'a', active: true, expiresAt: '2026-01-02' },
        { _id: 'h2', client: 'b', active: true, expiresAt: '2026-01-02' },
        { _id: 'h3', client: 'a', active: false, expiresAt: '2026-01-02' },
        { _id: 'h4', client: 'a', active: true, expiresAt: '2026-01-01' },
        { _id: 'h5', client: 'a', active: true, expiresAt: '2026-01-03' },
      ],
      { client: 'a', active: true, expiresAt: { $gt: '2026-01-01' } },
      ['h1', 'h5'],
    ],
    [
      'a number is not the string of its digits',
      [
        { _id: 'n1', client: 1, active: true },
        { _id: 'n2', client: '1', active: true },
      ],
      { client: 1, active: true },
      ['n1'],
    ],
    [
      'a boolean is not the string "true"',
      [
        { _id: 'b1', client: 'a', active: 'true' },
        { _id: 'b2', client: 'a', active: true },
      ],
      { client: 'a', active: true },
      ['b2'],
    ],
    [
      'an array in an indexed field matches by any of its elements',
      [
        { _id: 'a1', client: ['x', 'a'], active: true },
        { _id: 'a2', client: 'a', active: true },
        { _id: 'a3', client: ['x'], active: true },
      ],
      { client: 'a', active: true },
      ['a1', 'a2'],
    ],
    [
      'a missing, null or object field never equals a value',
      [
        { _id: 'm1', active: true },
        { _id: 'm2', client: null, active: true },
        { _id: 'm3', client: { a: 1 }, active: true },
        { _id: 'm4', client: 'a', active: true },
      ],
      { client: 'a', active: true },
      ['m4'],
    ],
    [
      'a filter naming only the first field uses its bucket and tests the rest',
      [
        { _id: 'f1', client: 'a', active: false },
        { _id: 'f2', client: 'b', active: true },
        { _id: 'f3', client: 'a', active: true },
      ],
      { client: 'a', active: { $ne: false } },
      ['f3'],
    ],
    [
      'an $or beside the named fields narrows further',
      [
        { _id: 'o1', client: 'a', active: true, kind: 'x' },
        { _id: 'o2', client: 'a', active: true, kind: 'y' },
        { _id: 'o3', client: 'a', active: true, kind: 'z' },
      ],
      { client: 'a', active: true, $or: [{ kind: 'x' }, { kind: 'z' }] },
      ['o1', 'o3'],
    ],
  ])('given stored documents, when asked for %s, then the index answers as a scan would', async (_name, docs, filter, expected) => {
    for (const indexed of [true, false]) {
      const collection = await holds(indexed);
      for (const doc of docs) await collection.replaceOne(doc);
      expect((await collection.find(filter)).map((doc) => doc._id)).toEqual(expected);
      expect(await collection.count(filter)).toBe(expected.length);
      expect((await collection.findOne(filter))?._id ?? null).toBe(expected[0] ?? null);
    }
  });

  it('given an index in use, when documents move between buckets, are replaced in place and are deleted, then each query follows', async () => {
    const collection = await holds(true);
    for (const id of ['h1', 'h2', 'h3']) await collection.replaceOne({ _id: id, client: 'a', active: true });
    expect((await collection.find({ client: 'a', active: true })).map((doc) => doc._id)).toEqual(['h1', 'h2', 'h3']);

    await collection.updateOne({ _id: 'h1' }, { $set: { active: false } });
    await collection.updateOne({ _id: 'h2' }, { $set: { note: 'same bucket' } });
    expect((await collection.find({ client: 'a', active: true })).map((doc) => doc._id)).toEqual(['h2', 'h3']);
    expect((await collection.find({ client: 'a', active: false })).map((doc) => doc._id)).toEqual(['h1']);

    // Back to its first bucket: still in the collection's order, before the ones stored after it.
    await collection.updateOne({ _id: 'h1' }, { $set: { active: true } });
    expect((await collection.find({ client: 'a', active: true })).map((doc) => doc._id)).toEqual(['h1', 'h2', 'h3']);
    expect((await collection.findOne({ client: 'a', active: true }))?.note).toBeUndefined();
    expect((await collection.find({ client: 'a', active: true, note: 'same bucket' })).map((doc) => doc._id)).toEqual(['h2']);

    await collection.deleteOne({ _id: 'h2' });
    await collection.updateMany({ client: 'a', active: true }, { $set: { client: 'b' } });
    expect(await collection.find({ client: 'a', active: true })).toEqual([]);
    expect((await collection.find({ client: 'b', active: true })).map((doc) => doc._id)).toEqual(['h1', 'h3']);
    expect(await collection.deleteMany({ client: 'b', active: true })).toEqual({ deleted: 2 });
    expect(await collection.count({})).toBe(0);
  });

  it('given an index in use, when the collection is emptied or adopts a rebuilt one, then queries read the new documents', async () => {
    const store = new MemoryDocumentStore();
    const live = store.collection('holds');
    await live.ensureIndex(HOLDS_INDEX);
    await live.replaceOne({ _id: 'old', client: 'a', active: true });
    expect((await live.find({ client: 'a', active: true })).map((doc) => doc._id)).toEqual(['old']);

    const swap = await store.beginSwap();
    const rebuilt = swap.target.collection('holds');
    await rebuilt.ensureIndex(HOLDS_INDEX);
    await rebuilt.replaceOne({ _id: 'new2', client: 'a', active: true });
    await rebuilt.replaceOne({ _id: 'new1', client: 'a', active: true });
    await swap.commit(['holds']);
    expect((await live.find({ client: 'a', active: true })).map((doc) => doc._id)).toEqual(['new2', 'new1']);

    await store.dropAll();
    expect(await live.find({ client: 'a', active: true })).toEqual([]);
    await live.replaceOne({ _id: 'after', client: 'a', active: true });
    expect((await live.find({ client: 'a', active: true })).map((doc) => doc._id)).toEqual(['after']);
  });

  it('given any writes, when queried by the indexed fields, then an indexed collection answers exactly as a scanning one', async () => {
    const value = fc.oneof(fc.constantFrom('a', 'b', '1', 'true'), fc.constantFrom(1, 2, true, false, null), fc.constant(['a', 2]));
    const write = fc.oneof(
      fc.record({
        op: fc.constant('replace' as const),
        id: fc.integer({ min: 0, max: 7 }),
        client: fc.option(value, { nil: undefined }),
        active: fc.option(value, { nil: undefined }),
      }),
      fc.record({ op: fc.constant('set' as const), id: fc.integer({ min: 0, max: 7 }), active: value }),
      fc.record({ op: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 7 }) }),
    );
    const query = fc.record({
      client: fc.constantFrom('a', 'b', 1, true, '1'),
      active: fc.option(fc.constantFrom(true, false, 2), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(write, query), { maxLength: 40 }), async (steps) => {
        const indexed = await holds(true);
        const scanning = await holds(false);
        for (const [step, asked] of steps) {
          for (const collection of [indexed, scanning]) {
            const _id = `d${step.id}`;
            if (step.op === 'replace') {
              const doc: Doc = { _id };
              if (step.client !== undefined) doc.client = step.client;
              if (step.active !== undefined) doc.active = step.active;
              await collection.replaceOne(doc);
            } else if (step.op === 'set') await collection.updateOne({ _id }, { $set: { active: step.active } });
            else await collection.deleteOne({ _id });
          }
          const filter: Filter = asked.active === undefined ? { client: asked.client } : { client: asked.client, active: asked.active };
          expect(await indexed.find(filter)).toEqual(await scanning.find(filter));
        }
      }),
      { numRuns: 300 },
    );
  });
});
