import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Query } from 'mingo';
import type { Doc, Filter } from '../document-store.port';
import { CompiledQueryCache, documentMatcher } from './compiled-query-cache';
import { compileSimpleFilter } from './simple-filter';

/** What mingo, the reference the store always used, says. */
const mingoSays = (filter: Filter, doc: Doc): boolean => new Query(filter).test(doc);

const BEER = '\u{1F37A}';
/** Stored values of every kind the fast path must either judge as mingo does or leave to it. */
const VALUES: unknown[] = [
  0,
  -0,
  1,
  2.5,
  -3,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'a',
  'b',
  'paid',
  'pending',
  'é',
  '\uFFFD',
  BEER,
  true,
  false,
  null,
  [],
  [1],
  ['a', 'paid'],
  [null],
  { x: 1 },
  new Date(0),
];
const OPERANDS: unknown[] = [0, 1, 2.5, -0, 'a', 'paid', '', 'é', '\uFFFD', BEER, true, false, null];
const LISTS: unknown[][] = [[], [1, 2], ['a', 'paid'], [null], ['paid', null], ['a', 1], [true], [0, -0]];
const OPERATORS = ['$eq', '$ne', '$lt', '$lte', '$gt', '$gte'] as const;

/** One document per stored value, at the top level and one level down, plus every shape of a missing or blocked path. */
function corpus(): Doc[] {
  const docs: Doc[] = [];
  VALUES.forEach((value, index) => {
    docs.push({ _id: `top-${index}`, f: value, n: { x: value } });
  });
  docs.push(
    { _id: 'missing' },
    { _id: 'null-parent', n: null },
    { _id: 'number-parent', n: 5 },
    { _id: 'array-parent', n: [{ x: 1 }, { x: 'a' }] },
    { _id: 'empty-parent', n: {} },
  );
  return docs;
}

function filters(): Filter[] {
  const found: Filter[] = [{}];
  for (const path of ['f', 'n.x', 'n.x.y', 'absent']) {
    for (const operand of OPERANDS) {
      found.push({ [path]: operand });
      for (const operator of OPERATORS) found.push({ [path]: { [operator]: operand } });
    }
    for (const list of LISTS) found.push({ [path]: { $in: list } }, { [path]: { $nin: list } });
    for (const pattern of ['a', '^p', 'AID', 'é', ''])
      found.push({ [path]: { $regex: pattern } }, { [path]: { $regex: pattern, $options: 'i' } });
    found.push({ $or: [{ [path]: 'paid' }, { [path]: { $lt: 1 } }] }, { $and: [{ [path]: { $exists: true } }, { [path]: { $ne: 'a' } }] });
    found.push({ [path]: { $exists: true } }, { [path]: { $exists: false } });
    found.push({ [path]: { $gt: 0, $lt: 5 } }, { [path]: { $gte: 'a', $lte: 'paid' } }, { [path]: { $ne: 'pending', $exists: true } });
  }
  found.push(
    { _id: 'top-8', f: { $lt: 'z' } },
    { _id: { $in: ['top-1', 'missing'] }, 'n.x': { $ne: 0 } },
    { f: 'paid', 'n.x': { $gte: 'a' } },
  );
  return found;
}

describe('compileSimpleFilter', () => {
  it.each<[string, Filter, Doc, boolean]>([
    ['a guarded write on an older revision', { _id: 'o1', revision: { $lt: 5 } }, { _id: 'o1', revision: 4 }, true],
    ['a guarded write on the same revision', { _id: 'o1', revision: { $lt: 5 } }, { _id: 'o1', revision: 5 }, false],
    ['a status', { status: 'paid' }, { _id: 'o1', status: 'paid' }, true],
    ['another status', { status: 'paid' }, { _id: 'o1', status: 'pending' }, false],
    ['a status that is not pending', { status: { $ne: 'pending' } }, { _id: 'o1', status: 'paid' }, true],
    ['a status in a list', { status: { $in: ['paid', 'shipped'] } }, { _id: 'o1', status: 'shipped' }, true],
    ['a status not in a list', { status: { $nin: ['paid', 'shipped'] } }, { _id: 'o1', status: 'shipped' }, false],
    [
      'a date range on ISO strings',
      { soldAt: { $gte: '2026-03-01', $lt: '2026-03-03' } },
      { _id: 's1', soldAt: '2026-03-02T12:00:00.000Z' },
      true,
    ],
    ['a dotted path', { 'customer.email': 'a@b.au' }, { _id: 'o1', customer: { email: 'a@b.au' } }, true],
    ['a flag', { isActive: true, archived: { $ne: true } }, { _id: 'p1', isActive: true, archived: false }, true],
    ['a field that was never written', { inventory: { $exists: false } }, { _id: 'p1' }, true],
    ['a missing field against null', { note: null }, { _id: 'p1' }, true],
    ['a missing field against a value', { note: 'x' }, { _id: 'p1' }, false],
    ['a missing field against a range', { inventory: { $lte: 0 } }, { _id: 'p1' }, false],
    ['an expired lease', { _id: 'l', expiresAt: { $lte: 1000 } }, { _id: 'l', expiresAt: 999 }, true],
    [
      'the order search: a name, case aside',
      { $and: [{ hidden: false }, { $or: [{ customerName: { $regex: 'zara', $options: 'i' } }, { number: 7 }] }] },
      { _id: 'o1', hidden: false, customerName: 'Zara Quokka', number: 1 },
      true,
    ],
    [
      'the order search: a number',
      { $and: [{ hidden: false }, { $or: [{ customerName: { $regex: '12', $options: 'i' } }, { number: 12 }] }] },
      { _id: 'o1', hidden: false, customerName: 'Ada', number: 12 },
      true,
    ],
    [
      'the order search: nothing found',
      { $or: [{ trackingReference: { $regex: 'AP1', $options: 'i' } }, { suburb: { $regex: 'AP1' } }] },
      { _id: 'o1', trackingReference: null },
      false,
    ],
    ['a pattern and a range together', { name: { $regex: '^p', $gte: 'pa' } }, { _id: 'p1', name: 'pale' }, true],
  ])('given %s, when tested, then the fast path answers itself, as mingo does', (_name, filter, doc, expected) => {
    const test = compileSimpleFilter(filter);
    expect(test?.(doc)).toBe(expected);
    expect(mingoSays(filter, doc)).toBe(expected);
  });

  it.each<[string, Filter]>([
    ['$nor', { $nor: [{ a: 1 }, { b: 2 }] }],
    ['an empty $or', { $or: [] }],
    ['an $and of something it cannot read', { $and: [{ a: 1 }, { b: { $size: 1 } }] }],
    ['a RegExp', { name: /^pale/i }],
    ['$regex given as a RegExp', { name: { $regex: /pale/ } }],
    ['$regex with the extended option', { name: { $regex: 'pale', $options: 'x' } }],
    ['$regex JavaScript cannot read', { name: { $regex: '(?<!' } }],
    ['an embedded document', { customer: { email: 'a@b.au' } }],
    ['an array value', { tags: ['core'] }],
    ['a Date', { createdAt: { $gte: new Date(0) } }],
    ['an undefined value', { note: undefined }],
    ['NaN', { n: Number.NaN }],
    ['a range on null', { n: { $lt: null } }],
    ['a range on a surrogate pair', { name: { $lt: BEER } }],
    ['$exists with a number', { n: { $exists: 1 } }],
    ['$elemMatch', { items: { $elemMatch: { productId: 'p1' } } }],
    ['an operator object with a plain key', { n: { $gt: 1, x: 2 } }],
    ['an empty condition', { n: {} }],
    ['a numeric path segment', { 'items.0.productId': 'p1' }],
    ['an inherited name', { constructor: 'x' }],
    ['an empty path segment', { 'a..b': 1 }],
  ])('given a filter with %s, then it is left to mingo', (_name, filter) => {
    expect(compileSimpleFilter(filter)).toBeUndefined();
  });

  it.each<[string, Filter, Doc]>([
    ['an array where a value is expected', { tags: 'core' }, { _id: 'p1', tags: ['core', 'hoppy'] }],
    ['an array on the way', { 'items.productId': 'p1' }, { _id: 'o1', items: [{ productId: 'p1' }] }],
    ['a number against a string', { n: '1' }, { _id: 'd', n: 1 }],
    ['null against a string', { n: { $ne: 'x' } }, { _id: 'd', n: null }],
    ['$ne on a missing field', { n: { $ne: 'x' } }, { _id: 'd' }],
    ['$nin on a missing field', { n: { $nin: ['x'] } }, { _id: 'd' }],
    ['a stored NaN', { n: { $lte: 1 } }, { _id: 'd', n: Number.NaN }],
    ['a stored surrogate pair in a range', { name: { $gt: 'a' } }, { _id: 'd', name: BEER }],
    ['a null on the way', { 'n.x': 1 }, { _id: 'd', n: null }],
    ['a date where a string is expected', { at: { $gte: '2026' } }, { _id: 'd', at: new Date(0) }],
    ['a pattern against a number', { n: { $regex: '1' } }, { _id: 'd', n: 1 }],
    ['an $or whose only possible match is unsure', { $or: [{ n: 'x' }, { tags: 'core' }] }, { _id: 'd', n: 'y', tags: ['core'] }],
  ])('given %s, then the fast path does not answer and mingo decides', (_name, filter, doc) => {
    expect(compileSimpleFilter(filter)?.(doc)).toBeUndefined();
  });

  it('given every table filter and document, when the fast path answers, then it answers as mingo does', () => {
    const docs = corpus();
    const disagreements: string[] = [];
    let answered = 0;
    let asked = 0;
    for (const filter of filters()) {
      const test = compileSimpleFilter(filter);
      for (const doc of docs) {
        asked += 1;
        const fast = test?.(doc);
        if (fast === undefined) continue;
        answered += 1;
        if (fast !== mingoSays(filter, doc)) disagreements.push(`${JSON.stringify(filter)} on ${doc._id}: fast ${fast}`);
      }
    }
    expect(disagreements).toEqual([]);
    // The corpus leans on the awkward cases; still, the comparison is only worth something if the fast path answers a fair share.
    expect(answered / asked).toBeGreaterThan(0.3);
  });

  it('given generated filters and documents, when the fast path answers, then it answers as mingo does', () => {
    const value = fc.constantFrom(...VALUES);
    const operand = fc.constantFrom(...OPERANDS);
    const path = fc.constantFrom('a', 'b', 'n.x', 'n.y');
    const doc = fc.record(
      { a: value, b: value, n: fc.oneof(fc.record({ x: value, y: value }, { requiredKeys: [] }), value) },
      { requiredKeys: [] },
    );
    const condition = fc.oneof(
      operand,
      fc.dictionary(fc.constantFrom(...OPERATORS), operand, { minKeys: 1, maxKeys: 3 }),
      fc.record({ $in: fc.array(operand, { maxLength: 4 }) }),
      fc.record({ $nin: fc.array(operand, { maxLength: 4 }) }),
      fc.record({ $exists: fc.boolean() }),
      fc.record({ $regex: fc.constantFrom('a', '^p', 'aid$', 'É', '.', '', '1', 'p\\.a', '\\$', 'P'), $options: fc.constantFrom('', 'i') }),
    );
    const simple = fc.dictionary(path, condition, { minKeys: 1, maxKeys: 3 });
    const filter = fc.oneof(
      fc.dictionary(path, condition, { maxKeys: 3 }),
      fc.record({ $or: fc.array(simple, { minLength: 1, maxLength: 3 }) }),
      fc.record({ $and: fc.array(simple, { minLength: 1, maxLength: 3 }) }),
      fc.record({ $and: fc.tuple(simple, fc.record({ $or: fc.array(simple, { minLength: 1, maxLength: 3 }) })) }),
    );
    fc.assert(
      fc.property(filter, doc, (generated, fields) => {
        const stored: Doc = { _id: 'd', ...fields };
        const fast = compileSimpleFilter(generated)?.(stored);
        if (fast !== undefined) expect(fast).toBe(mingoSays(generated, stored));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('documentMatcher', () => {
  it('given every table filter and document, then it matches exactly what mingo matches, answering itself or not', () => {
    const queries = new CompiledQueryCache();
    const docs = corpus();
    const all = [...filters(), { $or: [{ f: 'paid' }, { 'n.x': { $lt: 1 } }] }, { f: /^p/ }, { f: { $type: 'string' } }];
    for (const filter of all) {
      const matcher = documentMatcher(filter, queries);
      expect([filter, docs.filter(matcher).map((doc) => doc._id)]).toEqual([
        filter,
        docs.filter((doc) => mingoSays(filter, doc)).map((doc) => doc._id),
      ]);
    }
  });

  it('given a malformed filter, when the matcher is made, then it is refused at once, as mingo refuses it', () => {
    expect(() => documentMatcher({ n: { $bogus: 1 } }, new CompiledQueryCache())).toThrow(/unknown query operator/);
  });
});
