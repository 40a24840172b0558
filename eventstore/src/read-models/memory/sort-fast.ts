import type { Doc, Sort } from '../document-store.port';
import { isPlainObject } from '../upsert-seed';
import { hasHighCodeUnits, plainPath } from './field-path';

/**
 * MongoDB's order of the values the fast sort handles: missing and null first (MongoDB sorts a missing field
 * as null), then numbers, then strings, then booleans.
 */
const RANK = { null: 0, number: 1, string: 2, boolean: 3 } as const;

type Key = { rank: number; value: number | string | boolean | null };

/**
 * The documents in the order `sort` asks, in plain JavaScript, or undefined when a value is one whose order
 * mingo must decide: an array or a non-object on the path, a date, an embedded document, NaN, or a string
 * whose UTF-16 order differs from MongoDB's. Ties keep the documents' order (the sort is stable), as mingo
 * keeps it. A new array: the one given is not touched.
 */
export function sortFast(docs: readonly Doc[], sort: Sort): Doc[] | undefined {
  const fields: { path: string[]; direction: number }[] = [];
  for (const [field, direction] of Object.entries(sort)) {
    const path = plainPath(field);
    if (!path || (direction !== 1 && direction !== -1)) return undefined;
    fields.push({ path, direction });
  }
  const keyed: { doc: Doc; keys: Key[] }[] = [];
  for (const doc of docs) {
    const keys: Key[] = [];
    for (const { path } of fields) {
      const key = keyOf(doc, path);
      if (key === undefined) return undefined;
      keys.push(key);
    }
    keyed.push({ doc, keys });
  }
  keyed.sort((a, b) => {
    for (let i = 0; i < fields.length; i++) {
      const x = a.keys[i] as Key;
      const y = b.keys[i] as Key;
      const order =
        x.rank !== y.rank
          ? x.rank - y.rank
          : x.value === y.value
            ? 0
            : (x.value as number | string) < (y.value as number | string)
              ? -1
              : 1;
      if (order !== 0) return order * (fields[i] as { direction: number }).direction;
    }
    return 0;
  });
  return keyed.map(({ doc }) => doc);
}

function keyOf(doc: Doc, path: readonly string[]): Key | undefined {
  let node: unknown = doc;
  for (const segment of path) {
    if (node === undefined || node === null) return { rank: RANK.null, value: null };
    if (!isPlainObject(node)) return undefined;
    node = node[segment];
  }
  if (node === undefined || node === null) return { rank: RANK.null, value: null };
  switch (typeof node) {
    case 'number':
      return Number.isNaN(node) ? undefined : { rank: RANK.number, value: node === 0 ? 0 : node };
    case 'string':
      return hasHighCodeUnits(node) ? undefined : { rank: RANK.string, value: node };
    case 'boolean':
      return { rank: RANK.boolean, value: node };
    default:
      return undefined;
  }
}
