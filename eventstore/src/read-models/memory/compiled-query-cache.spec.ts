import { describe, expect, it } from '@jest/globals';
import type { Filter } from '../document-store.port';
import { CompiledQueryCache } from './compiled-query-cache';

describe('CompiledQueryCache', () => {
  it('given the same filter built twice, then one compiled query serves both', () => {
    const cache = new CompiledQueryCache();
    expect(cache.query({ status: { $in: ['paid', 'shipped'] } })).toBe(cache.query({ status: { $in: ['paid', 'shipped'] } }));
    expect(cache.size).toBe(1);
  });

  it.each<[string, Filter, Filter]>([
    ['different values', { status: 'paid' }, { status: 'pending' }],
    ['a string versus a number', { n: '1' }, { n: 1 }],
    ['different operators', { n: { $lt: 1 } }, { n: { $lte: 1 } }],
  ])('given filters that differ by %s, then each has its own compiled query', (_name, a, b) => {
    const cache = new CompiledQueryCache();
    expect(cache.query(a)).not.toBe(cache.query(b));
    expect(cache.query(a).test({ _id: 'x', status: 'paid', n: 1 })).not.toBe(cache.query(b).test({ _id: 'x', status: 'paid', n: 1 }));
  });

  it.each<[string, Filter]>([
    ['a RegExp', { name: /^pale/i }],
    ['a Date', { at: { $lt: new Date(0) } }],
    ['$expr, whose $$NOW a compiled query would freeze', { $expr: { $lt: ['$at', '$$NOW'] } }],
  ])('given a filter with %s, then it is compiled afresh every time', (_name, filter) => {
    const cache = new CompiledQueryCache();
    expect(cache.query(filter)).not.toBe(cache.query(filter));
    expect(cache.size).toBe(0);
  });

  it('given more distinct filters than it holds, then it stays bounded and keeps the recently used one', () => {
    const cache = new CompiledQueryCache();
    const hot = cache.query({ kind: 'hot' });
    for (let revision = 0; revision < 1000; revision++) {
      cache.query({ _id: 'o1', revision: { $lt: revision } });
      expect(cache.query({ kind: 'hot' })).toBe(hot);
    }
    expect(cache.size).toBe(256);
    const cold = cache.query({ _id: 'o1', revision: { $lt: 0 } });
    expect(cache.query({ _id: 'o1', revision: { $lt: 0 } })).toBe(cold);
  });
});
