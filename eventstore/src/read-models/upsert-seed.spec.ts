import { describe, expect, it } from '@jest/globals';
import type { Filter } from './document-store.port';
import { upsertSeed } from './upsert-seed';

describe('upsertSeed: the document MongoDB starts an upsert from', () => {
  it.each<[string, Filter, Record<string, unknown>]>([
    ['an _id', { _id: 'p-1' }, { _id: 'p-1' }],
    [
      'top-level literals of every type',
      { _id: 'o-1', status: 'pending', total: 36, paid: false, note: null },
      { _id: 'o-1', status: 'pending', total: 36, paid: false, note: null },
    ],
    ['an explicit $eq', { _id: { $eq: 'p-1' } }, { _id: 'p-1' }],
    ['$eq alongside a range keeps the $eq', { revision: { $eq: 3, $lt: 5 } }, { revision: 3 }],
    ['a revision guard seeds nothing but the _id', { _id: 'product-p1', revision: { $lt: 4 } }, { _id: 'product-p1' }],
    [
      'dotted paths become nested objects',
      { _id: 'x', 'customer.email': 'a@b.au', 'customer.name': 'Ann' },
      { _id: 'x', customer: { email: 'a@b.au', name: 'Ann' } },
    ],
    ['an embedded document is taken whole', { address: { postcode: '6000', state: 'WA' } }, { address: { postcode: '6000', state: 'WA' } }],
    ['an array value is equality on the whole array', { tags: ['core', 'hoppy'] }, { tags: ['core', 'hoppy'] }],
    ['$and clauses are searched', { $and: [{ _id: 'a' }, { kind: 'stock' }, { n: { $gt: 1 } }] }, { _id: 'a', kind: 'stock' }],
    ['a one-clause $or counts as equality', { $or: [{ _id: 'lease-1' }] }, { _id: 'lease-1' }],
    ['a two-clause $or seeds nothing', { _id: 'lease-1', $or: [{ holder: 'a' }, { expiresAt: { $lte: 5 } }] }, { _id: 'lease-1' }],
    ['$in, $ne, $exists and $regex seed nothing', { a: { $in: [1] }, b: { $ne: 2 }, c: { $exists: true }, d: { $regex: 'x' } }, {}],
    ['a RegExp seeds nothing', { name: /^pale/i }, {}],
    ['an empty filter seeds nothing', {}, {}],
  ])('given a filter with %s, then the seed is as MongoDB builds it', (_name, filter, expected) => {
    expect(upsertSeed(filter)).toEqual(expected);
  });

  it('given a seed, when it is changed, then the filter is not', () => {
    const filter = { 'a.b': 1 };
    const seed = upsertSeed(filter);
    (seed.a as Record<string, unknown>).b = 2;
    expect(filter).toEqual({ 'a.b': 1 });
  });
});
