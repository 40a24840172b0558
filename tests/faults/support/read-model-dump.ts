import type { INestApplicationContext } from '@nestjs/common';
import type { Doc, DocumentStore } from '@brewery/eventstore';
import { DOCUMENT_STORE } from '../../../backend/src/platform/persistence/persistence.tokens';
import { ProjectionRegistry } from '../../../backend/src/platform/projections/projection-registry';

/** One read-model collection as canonical lines: one document per line, sorted by `_id`. */
export interface CollectionDump {
  name: string;
  /** `_id` and canonical JSON of each document, in `_id` order. */
  documents: { id: string; json: string }[];
}

export interface ReadModelDump {
  collections: CollectionDump[];
  /** The whole dump as one string, to compare byte for byte. */
  text: string;
  documentCount: number;
}

/**
 * JSON with every object's keys in code-point order, so two equal states serialise to the same bytes.
 * Arrays keep their order: the order of a status history or of an order's items is part of the state.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item: unknown) => (item === undefined ? null : canonical(item)));
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(record).sort()) {
      const field = record[key];
      if (field !== undefined) sorted[key] = canonical(field);
    }
    return sorted;
  }
  return value;
}

/** Every collection a registered projection owns, in name order (what a rebuild empties and refills). */
export function readModelCollections(app: INestApplicationContext): string[] {
  return [...new Set(app.get(ProjectionRegistry).projections.flatMap((p) => p.collections))].sort();
}

export async function dumpReadModels(app: INestApplicationContext): Promise<ReadModelDump> {
  const store = app.get<DocumentStore>(DOCUMENT_STORE);
  const collections: CollectionDump[] = [];
  for (const name of readModelCollections(app)) {
    const docs = await store.collection<Doc>(name).find({});
    const documents = docs
      .map((doc) => ({ id: String(doc._id), json: canonicalJson(doc) }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    collections.push({ name, documents });
  }
  const text = collections.map((c) => [`# ${c.name} (${c.documents.length})`, ...c.documents.map((d) => d.json)].join('\n')).join('\n');
  return { collections, text, documentCount: collections.reduce((n, c) => n + c.documents.length, 0) };
}

/**
 * Where two dumps first part: the collection, the document and both versions of it; null when the
 * dumps are the same bytes.
 */
export function firstDifference(before: ReadModelDump, after: ReadModelDump): string | null {
  if (before.text === after.text) return null;
  const names = [...new Set([...before.collections, ...after.collections].map((c) => c.name))].sort();
  for (const name of names) {
    const a = new Map((before.collections.find((c) => c.name === name)?.documents ?? []).map((d) => [d.id, d.json]));
    const b = new Map((after.collections.find((c) => c.name === name)?.documents ?? []).map((d) => [d.id, d.json]));
    const ids = [...new Set([...a.keys(), ...b.keys()])].sort();
    for (const id of ids) {
      const left = a.get(id) ?? '(missing)';
      const right = b.get(id) ?? '(missing)';
      if (left !== right)
        return `collection ${name}, document ${id}:\n  before: ${left}\n  after:  ${right}\n  first differing field: ${firstDifferingKey(left, right)}`;
    }
  }
  return 'the dumps differ outside any document (collection headers)';
}

/** The first top-level field whose canonical JSON differs, to point at the culprit in a long document. */
function firstDifferingKey(left: string, right: string): string {
  if (left.startsWith('(') || right.startsWith('(')) return '(whole document)';
  const a = JSON.parse(left) as Record<string, unknown>;
  const b = JSON.parse(right) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const key = keys.find((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
  return key === undefined ? '(none)' : `${key}: ${JSON.stringify(a[key])} vs ${JSON.stringify(b[key])}`;
}
