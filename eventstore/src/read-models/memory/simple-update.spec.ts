import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { update as mingoUpdate } from 'mingo';
import { copyDocument } from '../document-copy';
import type { Doc } from '../document-store.port';
import type { Modifier } from './memory-update';
import { applySimpleUpdate } from './simple-update';

type Outcome = { ok: true; doc: unknown } | { ok: false };

/** What mingo's updater, the reference the store always used, makes of a private copy. */
function mingoMakes(doc: Doc, modifier: Record<string, unknown>): Outcome {
  const next = copyDocument(doc);
  try {
    mingoUpdate(next, copyDocument(modifier) as Modifier);
    return { ok: true, doc: ordered(next) };
  } catch {
    return { ok: false };
  }
}

function fastMakes(doc: Doc, modifier: Record<string, unknown>): Outcome {
  const next = copyDocument(doc);
  return applySimpleUpdate(next, copyDocument(modifier)) ? { ok: true, doc: ordered(next) } : { ok: false };
}

/** Objects as lists of entries, so that equality also checks the order of keys. */
function ordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordered);
  if (value !== null && typeof value === 'object' && !(value instanceof Date))
    return Object.entries(value).map(([key, item]) => [key, ordered(item)]);
  return value;
}

const BEER = '\u{1F37A}';
const VALUES: unknown[] = [
  0,
  -0,
  1,
  2.5,
  Number.NaN,
  '',
  'a',
  'paid',
  '\uFFFD',
  BEER,
  true,
  false,
  null,
  [],
  [1, 2],
  { x: 1, y: 2 },
  { y: 2, x: 1 },
  new Date(0),
];
const OPERANDS: unknown[] = [
  0,
  -0,
  1,
  -2.5,
  'a',
  'b',
  '\uFFFD',
  BEER,
  true,
  false,
  null,
  [1, 2],
  { x: 1, y: 2 },
  { y: 2, x: 1 },
  new Date(5),
  { $each: [1] },
];

function corpus(): Doc[] {
  const docs: Doc[] = [];
  VALUES.forEach((value, index) => docs.push({ _id: `d-${index}`, a: value, n: { x: value, keep: 1 } }));
  docs.push({ _id: 'empty' }, { _id: 'null-parent', n: null }, { _id: 'number-parent', n: 5 }, { _id: 'array-parent', n: [{ x: 1 }] });
  return docs;
}

function modifiers(): Array<Record<string, unknown>> {
  const found: Array<Record<string, unknown>> = [];
  for (const path of ['a', 'n.x', 'n.fresh', 'm.y']) {
    for (const operand of OPERANDS) {
      for (const operator of ['$set', '$inc', '$push', '$max', '$min']) found.push({ [operator]: { [path]: operand } });
    }
    found.push({ $unset: { [path]: '' } });
  }
  found.push(
    { $set: { revision: 3, status: 'paid' }, $inc: { sold: 2 }, $push: { history: { status: 'paid', at: '2026-03-01' } } },
    { $set: { 'n.x': 1, 'n.z': 2, b: 3 }, $unset: { a: 1 } },
    { $inc: { a: 1 }, $max: { 'n.x': 5 } },
    { $set: { a: 1 }, $inc: { a: 1 } },
    { $set: { n: {}, 'n.x': 1 } },
    { $set: { _id: 'other' } },
    { $set: { 'n.$.x': 1 } },
    { $set: { 'n.0': 1 } },
    { $addToSet: { a: 1 } },
    { $set: {} },
  );
  return found;
}

describe('applySimpleUpdate', () => {
  it.each<[string, Doc, Record<string, unknown>, Doc]>([
    [
      'a guarded projection write',
      { _id: 'p1', revision: 3, sold: 10 },
      { $inc: { sold: 2 }, $set: { revision: 4 } },
      { _id: 'p1', revision: 4, sold: 12 },
    ],
    [
      'a status change pushed to its history',
      { _id: 'o1', status: 'pending', revision: 0, history: [] },
      { $set: { status: 'paid', revision: 1 }, $push: { history: { status: 'paid', by: 'admin' } } },
      { _id: 'o1', status: 'paid', revision: 1, history: [{ status: 'paid', by: 'admin' }] },
    ],
    ['a first push creates the array', { _id: 'o1' }, { $push: { reviewReasons: 'address' } }, { _id: 'o1', reviewReasons: ['address'] }],
    ['a dotted $set creates its parents', { _id: 'p1' }, { $set: { 'alert.low': true } }, { _id: 'p1', alert: { low: true } }],
    ['an $unset', { _id: 'p1', note: 'check', n: 1 }, { $unset: { note: '', 'absent.path': '' } }, { _id: 'p1', n: 1 }],
    [
      '$max and $min',
      { _id: 'p1', highest: 5, lowest: 5 },
      { $max: { highest: 9 }, $min: { lowest: 7 } },
      { _id: 'p1', highest: 9, lowest: 5 },
    ],
    ['an $inc of a missing counter', { _id: 'e1' }, { $inc: { attempts: 1 } }, { _id: 'e1', attempts: 1 }],
  ])('given %s, then the fast path applies it, as mingo does', (_name, doc, modifier, expected) => {
    expect(fastMakes(doc, modifier)).toEqual({ ok: true, doc: ordered(expected) });
    expect(mingoMakes(doc, modifier)).toEqual({ ok: true, doc: ordered(expected) });
  });

  it.each<[string, Doc, Record<string, unknown>]>([
    ['another operator', { _id: 'p1', tags: [] }, { $addToSet: { tags: 'core' } }],
    ['$push with $each', { _id: 'p1', tags: [] }, { $push: { tags: { $each: ['a', 'b'] } } }],
    ['a positional path', { _id: 'o1', items: [{ q: 1 }] }, { $set: { 'items.$.q': 2 } }],
    ['an array index', { _id: 'o1', items: [{ q: 1 }] }, { $set: { 'items.0.q': 2 } }],
    ['the _id', { _id: 'p1' }, { $set: { _id: 'p2' } }],
    ['the same path twice', { _id: 'p1' }, { $set: { a: 1 }, $inc: { a: 1 } }],
    ['a path inside another', { _id: 'p1' }, { $set: { a: {}, 'a.b': 1 } }],
    ['$inc of a string', { _id: 'p1', a: 'x' }, { $inc: { a: 1 } }],
    ['$push onto a string', { _id: 'p1', a: 'x' }, { $push: { a: 1 } }],
    ['$max across types', { _id: 'p1', a: 'x' }, { $max: { a: 1 } }],
    ['$min with a date', { _id: 'p1', a: new Date(0) }, { $min: { a: new Date(1) } }],
    ['a null on the way', { _id: 'p1', a: null }, { $set: { 'a.b': 1 } }],
    ['an array on the way', { _id: 'p1', a: [{ b: 1 }] }, { $set: { 'a.b': 1 } }],
    ['an inherited name', { _id: 'p1' }, { $inc: { constructor: 1 } }],
  ])('given %s, then the fast path declines and leaves it to mingo', (_name, doc, modifier) => {
    expect(fastMakes(doc, modifier)).toEqual({ ok: false });
  });

  it('given every table update and document, when the fast path applies one, then the document is the one mingo makes, key order included', () => {
    const disagreements: string[] = [];
    let applied = 0;
    let asked = 0;
    for (const modifier of modifiers()) {
      for (const doc of corpus()) {
        asked += 1;
        const fast = fastMakes(doc, modifier);
        if (!fast.ok) continue;
        applied += 1;
        const mingo = mingoMakes(doc, modifier);
        if (!mingo.ok) disagreements.push(`${JSON.stringify(modifier)} on ${doc._id}: mingo refuses it`);
        else if (!equals(fast.doc, mingo.doc))
          disagreements.push(`${JSON.stringify(modifier)} on ${doc._id}: ${JSON.stringify(fast.doc)} vs ${JSON.stringify(mingo.doc)}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(applied / asked).toBeGreaterThan(0.4);
  });

  it('given generated updates and documents, when the fast path applies one, then the document is the one mingo makes', () => {
    const value = fc.constantFrom(...VALUES);
    const path = fc.constantFrom('a', 'b', 'n.x', 'n.y', 'm.z');
    const doc = fc.record(
      { a: value, b: value, n: fc.oneof(fc.record({ x: value, y: value }, { requiredKeys: [] }), value) },
      { requiredKeys: [] },
    );
    const changes = fc.dictionary(path, fc.constantFrom(...OPERANDS), { minKeys: 1, maxKeys: 3 });
    const modifier = fc.dictionary(fc.constantFrom('$set', '$unset', '$inc', '$push', '$max', '$min'), changes, { minKeys: 1, maxKeys: 3 });
    fc.assert(
      fc.property(modifier, doc, (generated, fields) => {
        const stored: Doc = { _id: 'd', ...fields };
        const fast = fastMakes(stored, generated);
        if (fast.ok) expect(mingoMakes(stored, generated)).toEqual(fast);
      }),
      { numRuns: 3000 },
    );
  });
});

/** Jest's equality (which tells 0 from -0 and compares dates by time) as a boolean. */
function equals(a: unknown, b: unknown): boolean {
  try {
    expect(a).toEqual(b);
    return true;
  } catch {
    return false;
  }
}
