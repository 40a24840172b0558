import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { find } from 'mingo';
import type { Doc, Sort } from '../document-store.port';
import { sortFast } from './sort-fast';

/** What mingo, the reference the store always used, answers. */
const mingoSorts = (docs: Doc[], sort: Sort): string[] =>
  find<Doc>(docs, {})
    .sort(sort)
    .all()
    .map((doc) => doc._id);

describe('sortFast', () => {
  it('sorts the order search as mingo does: by date or total, then by number, either way', () => {
    const docs: Doc[] = [
      { _id: 'a', createdAt: '2026-11-20T01:00:00.000Z', totalCents: 5200, number: 3 },
      { _id: 'b', createdAt: '2026-11-21T01:00:00.000Z', totalCents: 1200, number: 4 },
      { _id: 'c', createdAt: '2026-11-20T01:00:00.000Z', totalCents: 5200, number: 2 },
      { _id: 'd', createdAt: '2026-11-19T01:00:00.000Z', totalCents: 9900, number: 1 },
    ];
    for (const sort of [
      { createdAt: -1, number: -1 },
      { createdAt: 1, number: 1 },
      { totalCents: -1, number: -1 },
      { totalCents: 1, number: 1 },
    ] as Sort[]) {
      expect(sortFast(docs, sort)?.map((doc) => doc._id)).toEqual(mingoSorts(docs, sort));
    }
  });

  it.each<[string, Doc]>([
    ['an array', { _id: 'x', n: [1, 2] }],
    ['a date', { _id: 'x', n: new Date(0) }],
    ['an embedded document', { _id: 'x', n: { a: 1 } }],
    ['NaN', { _id: 'x', n: Number.NaN }],
    ['a surrogate pair', { _id: 'x', n: '\u{1F37A}' }],
  ])('given %s among the values, then it leaves the order to mingo', (_case, doc) => {
    expect(sortFast([{ _id: 'y', n: 1 }, doc], { n: 1 })).toBeUndefined();
  });

  it('does not touch the array it is given', () => {
    const docs: Doc[] = [
      { _id: 'b', n: 2 },
      { _id: 'a', n: 1 },
    ];
    sortFast(docs, { n: 1 });
    expect(docs.map((doc) => doc._id)).toEqual(['b', 'a']);
  });

  it('given generated documents of mixed kinds, when it sorts them, then it sorts them as mingo does', () => {
    const value = fc.constantFrom<unknown>(undefined, null, 0, -0, 1, -2.5, 10, '', 'a', 'B', 'b', 'é', true, false);
    const docs = fc.array(
      fc.record(
        { a: value, b: value, n: fc.oneof(fc.constant(null), fc.record({ x: value }, { requiredKeys: [] })) },
        { requiredKeys: [] },
      ),
      { maxLength: 12 },
    );
    const sort = fc.constantFrom<Sort>({ a: 1 }, { a: -1 }, { a: 1, b: -1 }, { b: -1, a: 1 }, { 'n.x': 1 }, { 'n.x': -1, a: 1 });
    fc.assert(
      fc.property(docs, sort, (generated, order) => {
        const stored = generated.map((fields, index) => {
          const doc: Doc = { _id: `d${index}` };
          for (const [key, v] of Object.entries(fields)) if (v !== undefined) doc[key] = v;
          return doc;
        });
        const fast = sortFast(stored, order);
        if (fast !== undefined) expect(fast.map((doc) => doc._id)).toEqual(mingoSorts(stored, order));
      }),
      { numRuns: 2000 },
    );
  });
});
