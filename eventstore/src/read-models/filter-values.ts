import type { Filter } from './document-store.port';

/**
 * Refuses a filter that holds `undefined` anywhere. MongoDB's driver, with `ignoreUndefined` (which keeps
 * `undefined` properties out of stored documents), also drops them from filters: `{ orderId: undefined }`
 * would match every document, and a `deleteMany` with it would empty the collection. Both adapters refuse
 * such a filter alike, so the mistake shows in the first test that makes it.
 */
export function assertFilterDefined(collection: string, filter: Filter): void {
  const path = undefinedAt(filter, '');
  if (path !== null) throw new TypeError(`${collection}: the filter's ${path === '' ? 'value' : `"${path}"`} is undefined`);
}

function undefinedAt(value: unknown, path: string): string | null {
  if (value === undefined) return path;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = undefinedAt(value[i], `${path}.${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return null;
  for (const key of Object.keys(value)) {
    const found = undefinedAt((value as Record<string, unknown>)[key], path === '' ? key : `${path}.${key}`);
    if (found !== null) return found;
  }
  return null;
}
