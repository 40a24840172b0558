import type { Doc, Filter, FindOptions } from '../document-store.port';
import { isPlainObject } from '../upsert-seed';

const MAX_ENTRIES = 64;

/**
 * Results of recent `find` calls on one collection, dropped whole on any write to it. The shop's product
 * list is read on every request and changes rarely, so most reads skip mingo's filter and sort (hundreds
 * of microseconds for a catalogue) and only pay for the defensive copy. Cached arrays hold the stored
 * documents themselves, which is safe because a write always replaces a document, never edits it.
 */
export class QueryCache {
  private entries = new Map<string, Doc[]>();

  get(key: string): Doc[] | undefined {
    return this.entries.get(key);
  }

  set(key: string, docs: Doc[]): void {
    // Whole-cache reset keeps it bounded without bookkeeping; a busy collection refills in one read per query.
    if (this.entries.size >= MAX_ENTRIES) this.entries = new Map();
    this.entries.set(key, docs);
  }

  invalidate(): void {
    if (this.entries.size > 0) this.entries = new Map();
  }
}

/**
 * A key naming the query exactly, or undefined when the query holds a value JSON cannot tell apart from
 * another (a RegExp prints as `{}`, a Date as a string): such queries are simply not cached.
 */
export function queryCacheKey(filter: Filter, options: FindOptions): string | undefined {
  if (!isJsonExact(filter) || !isJsonExact(options)) return undefined;
  // Sort key order matters to the result, and JSON.stringify keeps insertion order, so it is preserved.
  return JSON.stringify([filter, options.sort ?? null, options.skip ?? 0, options.limit ?? 0, options.projection ?? null]);
}

/** True when JSON.stringify names the value exactly: no RegExp, Date, undefined, NaN, class instance. */
export function isJsonExact(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      if (value === null) return true;
      if (Array.isArray(value)) return value.every(isJsonExact);
      return isPlainObject(value) && Object.values(value).every((item) => item !== undefined && isJsonExact(item));
    case 'undefined':
    case 'bigint':
    case 'symbol':
    case 'function':
      return false;
  }
}
