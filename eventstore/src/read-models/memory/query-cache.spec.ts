import { describe, expect, it } from '@jest/globals';
import type { Filter, FindOptions } from '../document-store.port';
import { QueryCache, queryCacheKey } from './query-cache';

describe('queryCacheKey', () => {
  it.each<[string, Filter, FindOptions]>([
    ['a RegExp', { name: /^pale/i }, {}],
    ['a Date', { createdAt: { $gte: new Date('2026-03-01') } }, {}],
    ['an undefined value', { name: undefined }, {}],
    ['a non-finite number', { inventory: { $lt: Number.POSITIVE_INFINITY } }, {}],
  ])('given a filter with %s, then the query is not cached', (_name, filter, options) => {
    expect(queryCacheKey(filter, options)).toBeUndefined();
  });

  it.each<[string, [Filter, FindOptions], [Filter, FindOptions]]>([
    ['different filters', [{ isActive: true }, {}], [{ isActive: false }, {}]],
    ['a string versus a number', [{ n: '1' }, {}], [{ n: 1 }, {}]],
    ['sort keys in another order', [{}, { sort: { archived: 1, name: 1 } }], [{}, { sort: { name: 1, archived: 1 } }]],
    ['another sort direction', [{}, { sort: { name: 1 } }], [{}, { sort: { name: -1 } }]],
    ['another page', [{}, { skip: 0, limit: 10 }], [{}, { skip: 10, limit: 10 }]],
    ['another projection', [{}, { projection: { name: 1 } }], [{}, { projection: { name: 0 } }]],
  ])('given queries that differ by %s, then their keys differ', (_name, [filterA, optionsA], [filterB, optionsB]) => {
    const a = queryCacheKey(filterA, optionsA);
    const b = queryCacheKey(filterB, optionsB);
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
  });

  it('given the same query twice, then the key is the same', () => {
    expect(queryCacheKey({ status: { $ne: 'pending' } }, { sort: { createdAt: -1 } })).toBe(
      queryCacheKey({ status: { $ne: 'pending' } }, { sort: { createdAt: -1 } }),
    );
  });
});

describe('QueryCache', () => {
  it('given cached results, when invalidated, then nothing is returned', () => {
    const cache = new QueryCache();
    cache.set('k', [{ _id: 'a' }]);
    expect(cache.get('k')).toEqual([{ _id: 'a' }]);
    cache.invalidate();
    expect(cache.get('k')).toBeUndefined();
  });

  it('given the cache is full, when another query is cached, then it stays bounded and keeps the newest', () => {
    const cache = new QueryCache();
    for (let i = 0; i < 64; i += 1) cache.set(`q${i}`, []);
    cache.set('newest', [{ _id: 'n' }]);
    expect(cache.get('q0')).toBeUndefined();
    expect(cache.get('newest')).toEqual([{ _id: 'n' }]);
  });
});
