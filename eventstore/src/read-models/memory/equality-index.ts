import type { Doc, Filter, Sort } from '../document-store.port';

/**
 * Hash indexes on the leading fields of a collection's declared indexes, so a query naming those fields by
 * value (a client's active holds: `{ client, active: true, expiresAt: { $gt } }`) looks at the documents with
 * those values instead of the whole collection. An index is built the first time a query can use it, and kept
 * up to date by every write from then on.
 *
 * The index only narrows the documents the query's own matcher then tests, so it must hold every document that
 * could match: a document whose field is a string, number or boolean sits in the bucket of its values; one whose
 * field is an array (MongoDB's equality matches any element) is a candidate for every query; one whose field is
 * missing, null or an object can never equal a scalar and is in no bucket.
 *
 * Candidates come back in the order the collection holds its documents (first stored first), as a scan gives them.
 */
export class EqualityIndexes {
  /** The leading fields of each declared index, in order. */
  private readonly declared: string[][] = [];
  /** Built indexes, by their fields joined. */
  private readonly built = new Map<string, EqualityIndex>();
  /** When each document was first stored: the collection's own order. */
  private readonly arrival = new Map<string, number>();
  private nextArrival = 0;

  declare(keys: Sort): void {
    // The fields up to the first nested path: those are the ones a bucket can name.
    const leading: string[] = [];
    for (const field of Object.keys(keys)) {
      if (field.startsWith('$') || field.includes('.')) break;
      leading.push(field);
    }
    if (leading.length === 0) return;
    if (this.declared.some((known) => known.length === leading.length && known.every((field, i) => field === leading[i]))) return;
    this.declared.push(leading);
  }

  /**
   * The documents that may match `filter`, in the collection's order, or undefined when no declared index
   * applies (the caller then scans). `docs` is the collection, to build an index from on its first use.
   */
  candidates(filter: Filter, docs: ReadonlyMap<string, Doc>): Doc[] | undefined {
    const fields = this.bestPrefix(filter);
    if (fields === undefined) return undefined;
    const name = fields.join('\u0000');
    let index = this.built.get(name);
    if (index === undefined) {
      index = new EqualityIndex(fields, this.arrival);
      for (const doc of docs.values()) index.add(doc);
      this.built.set(name, index);
    }
    return index.lookup(fields.map((field) => filter[field]));
  }

  /** A document is stored: `previous` is the version it replaces, if any. */
  stored(previous: Doc | undefined, doc: Doc): void {
    if (previous === undefined) this.arrival.set(doc._id, this.nextArrival++);
    for (const index of this.built.values()) {
      if (previous === undefined) index.add(doc);
      else index.replace(previous, doc);
    }
  }

  removed(doc: Doc): void {
    for (const index of this.built.values()) index.remove(doc);
    this.arrival.delete(doc._id);
  }

  /** The collection now holds `docs` (emptied, or another's documents adopted): indexes are built again when used. */
  reset(docs: ReadonlyMap<string, Doc>): void {
    this.built.clear();
    this.arrival.clear();
    this.nextArrival = 0;
    for (const id of docs.keys()) this.arrival.set(id, this.nextArrival++);
  }

  /** The longest leading fields of a declared index that the filter names by a scalar value, if any. */
  private bestPrefix(filter: Filter): string[] | undefined {
    let best: string[] | undefined;
    for (const fields of this.declared) {
      let length = 0;
      while (length < fields.length && isScalar(filter[fields[length] as string])) length += 1;
      if (length > 0 && (best === undefined || length > best.length)) best = fields.slice(0, length);
    }
    return best;
  }
}

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** Tells `'1'` from `1` and `true` from `'true'`, as MongoDB's equality does. */
function keyOf(values: readonly unknown[]): string {
  let key = '';
  for (const value of values) key += `${typeof value}:${String(value)}\u0000`;
  return key;
}

/** One hash index: buckets of documents by the values of its fields, and the documents any value may match. */
class EqualityIndex {
  /** Each bucket by document id; `sorted` is false once a document joined it out of the collection's order. */
  private readonly buckets = new Map<string, { docs: Map<string, Doc>; sorted: boolean; last: number }>();
  /** Documents with an array in one of the fields: a candidate for every lookup. */
  private readonly anyValue = new Map<string, Doc>();

  constructor(
    private readonly fields: readonly string[],
    private readonly arrival: ReadonlyMap<string, number>,
  ) {}

  add(doc: Doc): void {
    const placed = this.placeOf(doc);
    if (placed === null) return;
    if (placed === 'any') {
      this.anyValue.set(doc._id, doc);
      return;
    }
    const order = this.arrival.get(doc._id) ?? 0;
    let bucket = this.buckets.get(placed);
    if (bucket === undefined) {
      bucket = { docs: new Map(), sorted: true, last: order };
      this.buckets.set(placed, bucket);
    }
    if (!bucket.docs.has(doc._id)) {
      if (order < bucket.last) bucket.sorted = false;
      bucket.last = Math.max(bucket.last, order);
    }
    bucket.docs.set(doc._id, doc);
  }

  /** A new version of a stored document: kept in its place when it stays in the same bucket. */
  replace(previous: Doc, doc: Doc): void {
    const placed = this.placeOf(doc);
    const bucket = placed === null || placed === 'any' ? undefined : this.buckets.get(placed);
    if (bucket !== undefined && bucket.docs.has(doc._id)) {
      bucket.docs.set(doc._id, doc);
      return;
    }
    this.remove(previous);
    this.add(doc);
  }

  remove(doc: Doc): void {
    const placed = this.placeOf(doc);
    if (placed === null) return;
    if (placed === 'any') {
      this.anyValue.delete(doc._id);
      return;
    }
    const bucket = this.buckets.get(placed);
    if (bucket === undefined) return;
    bucket.docs.delete(doc._id);
    if (bucket.docs.size === 0) this.buckets.delete(placed);
  }

  lookup(values: readonly unknown[]): Doc[] {
    const bucket = this.buckets.get(keyOf(values));
    if (bucket !== undefined && !bucket.sorted) {
      const ordered = [...bucket.docs.values()].sort((a, b) => this.orderOf(a) - this.orderOf(b));
      bucket.docs = new Map(ordered.map((doc) => [doc._id, doc]));
      bucket.sorted = true;
    }
    const found = bucket === undefined ? [] : [...bucket.docs.values()];
    if (this.anyValue.size === 0) return found;
    return [...found, ...this.anyValue.values()].sort((a, b) => this.orderOf(a) - this.orderOf(b));
  }

  /** The bucket key of a document, 'any' when an array may match any value, null when no scalar can match. */
  private placeOf(doc: Doc): string | null {
    const values: unknown[] = [];
    let anyValue = false;
    for (const field of this.fields) {
      const value = doc[field];
      if (Array.isArray(value)) anyValue = true;
      else if (!isScalar(value)) return null;
      values.push(value);
    }
    return anyValue ? 'any' : keyOf(values);
  }

  private orderOf(doc: Doc): number {
    return this.arrival.get(doc._id) ?? 0;
  }
}
