import { Query } from 'mingo';
import type { Doc, Filter } from '../document-store.port';
import { isJsonExact } from './query-cache';
import { compileSimpleFilter } from './simple-filter';

const MAX_ENTRIES = 256;

/**
 * Compiled mingo queries by the exact JSON of their filter (insertion order, as the code that builds a
 * filter always builds it the same way). Compiling costs far more than testing: every `new Query` copies
 * mingo's whole operator context. Least recently used entries go first.
 */
export class CompiledQueryCache {
  private readonly entries = new Map<string, Query>();

  query(filter: Filter): Query {
    const key = cacheKey(filter);
    if (key === undefined) return new Query(filter);
    let query = this.entries.get(key);
    if (query) {
      // Re-inserting keeps the Map's iteration order as least recently used first.
      this.entries.delete(key);
    } else {
      query = new Query(filter);
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (oldest.done !== true) this.entries.delete(oldest.value);
      }
    }
    this.entries.set(key, query);
    return query;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Filters JSON cannot name exactly (a RegExp, a Date) are compiled every time, and so are those reaching
 * aggregation expressions (`$expr`, `$where`): a compiled query fixes `$$NOW` at its first use.
 */
function cacheKey(filter: Filter): string | undefined {
  if (!isJsonExact(filter)) return undefined;
  const key = JSON.stringify(filter);
  return key.includes('"$expr"') || key.includes('"$where"') ? undefined : key;
}

/**
 * The document test for a filter: the fast evaluator where it is sure, mingo (compiled once, cached)
 * where it is not. A filter the fast path cannot read at all is compiled at once, so a malformed one is
 * refused even when no document is there to test.
 */
export function documentMatcher(filter: Filter, queries: CompiledQueryCache): (doc: Doc) => boolean {
  const simple = compileSimpleFilter(filter);
  if (!simple) {
    const query = queries.query(filter);
    return (doc) => query.test(doc);
  }
  let query: Query | undefined;
  return (doc) => simple(doc) ?? (query ??= queries.query(filter)).test(doc);
}
