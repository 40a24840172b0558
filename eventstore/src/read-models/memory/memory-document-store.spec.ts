import { describe, expect, it } from '@jest/globals';
import { MemoryDocumentStore } from './memory-document-store';

describe('MemoryDocumentStore updates the fast path declines half-way', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    // $inc is applied first, then $max meets a string: mingo starts again, so the count moves once.
    ['an $inc before a $max across types', { $inc: { n: 1 }, $max: { m: 5 } }, { n: 2, m: 'x', list: [1] }],
    ['a $push before an $inc of a string', { $push: { list: 2 }, $inc: { m: 1 } }, { n: 1, m: 'x', list: [1, 2] }],
  ])('given a document, when %s is applied, then the change is made exactly once', async (_name, update, expected) => {
    const collection = new MemoryDocumentStore().collection('counters');
    await collection.replaceOne({ _id: 'c1', n: 1, m: 'x', list: [1] });
    expect(await collection.updateOne({ _id: 'c1' }, update)).toEqual({ matched: 1, upserted: false });
    expect(await collection.findOne({ _id: 'c1' })).toEqual({ _id: 'c1', ...expected });
  });

  it('given guarded upserts, when events arrive out of order and twice, then each revision counts once', async () => {
    const collection = new MemoryDocumentStore().collection('stockLevels');
    for (const revision of [1, 2, 2, 4, 3, 4, 5]) {
      await collection.updateOne(
        { _id: 'p1', revision: { $lt: revision } },
        { $inc: { sold: revision }, $set: { revision }, $setOnInsert: { createdAt: 'r1' } },
        { upsert: true },
      );
    }
    expect(await collection.findOne({ _id: 'p1' })).toEqual({ _id: 'p1', revision: 5, sold: 1 + 2 + 4 + 5, createdAt: 'r1' });
  });
});
