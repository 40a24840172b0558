import { isPlainObject } from '../upsert-seed';
import { hasHighCodeUnits, plainPath } from './field-path';

type SimpleOperator = '$set' | '$unset' | '$inc' | '$push' | '$max' | '$min';

interface Step {
  readonly operator: SimpleOperator;
  readonly path: readonly string[];
  readonly value: unknown;
}

/**
 * Applies an update made only of `$set`, `$unset`, `$inc`, `$push` (one value), `$max` and `$min` on plain
 * field paths to `doc` in place, exactly as mingo's updater would, without mingo's cost (it copies its
 * operator tables on every call). `$setOnInsert` reaches here as a `$set` (see `splitUpdate`).
 *
 * Returns false when it is not sure to do what mingo does: another operator, a positional or numeric
 * path, paths that conflict, `_id`, or a document whose values the operator does not simply apply to
 * (`$inc` on a string, `$push` onto a non-array, `$max` across types, null or an array on the way...).
 * `doc` may then be half-updated: the caller passes a private copy and discards it, and asks mingo.
 *
 * `modifier` must be the caller's own copy too: its values are stored as they are.
 */
export function applySimpleUpdate(doc: Record<string, unknown>, modifier: Readonly<Record<string, unknown>>): boolean {
  const steps = plan(modifier);
  if (!steps) return false;
  for (const step of steps) if (!apply(doc, step)) return false;
  return true;
}

function plan(modifier: Readonly<Record<string, unknown>>): Step[] | undefined {
  const steps: Step[] = [];
  const fields: string[] = [];
  for (const [name, changes] of Object.entries(modifier)) {
    const operator = simpleOperator(name);
    if (!operator || !isPlainObject(changes)) return undefined;
    for (const [field, value] of Object.entries(changes)) {
      const path = plainPath(field);
      if (!path || path[0] === '_id' || !acceptsValue(operator, value)) return undefined;
      // mingo and MongoDB refuse one update touching a path twice, or a path and one inside it.
      if (fields.some((other) => other === field || other.startsWith(`${field}.`) || field.startsWith(`${other}.`))) return undefined;
      fields.push(field);
      steps.push({ operator, path, value });
    }
  }
  return steps;
}

function simpleOperator(name: string): SimpleOperator | undefined {
  switch (name) {
    case '$set':
    case '$unset':
    case '$inc':
    case '$push':
    case '$max':
    case '$min':
      return name;
    default:
      return undefined;
  }
}

function acceptsValue(operator: SimpleOperator, value: unknown): boolean {
  switch (operator) {
    case '$unset':
      return true;
    case '$set':
      return isStorable(value);
    case '$push':
      // An object with $-keys may be `{ $each, $slice, ... }`, which mingo reads as modifiers.
      return isStorable(value) && !(isPlainObject(value) && Object.keys(value).some((key) => key.startsWith('$')));
    case '$inc':
      return typeof value === 'number' && !Number.isNaN(value);
    case '$max':
    case '$min':
      return isOrderable(value);
  }
}

/** Values mingo's updater stores unchanged (it shallow-copies objects, arrays and dates, which the caller's copy makes moot). */
function isStorable(value: unknown): boolean {
  if (value === null || Array.isArray(value) || isPlainObject(value) || value instanceof Date) return true;
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && !Number.isNaN(value));
}

function isOrderable(value: unknown): value is string | number | boolean {
  switch (typeof value) {
    case 'string':
      return !hasHighCodeUnits(value);
    case 'number':
      return !Number.isNaN(value);
    case 'boolean':
      return true;
    default:
      return false;
  }
}

function apply(doc: Record<string, unknown>, { operator, path, value }: Step): boolean {
  let node = doc;
  const last = path.length - 1;
  for (let i = 0; i < last; i++) {
    const segment = path[i] as string;
    const next = node[segment];
    if (next === undefined) {
      // Like mingo (and MongoDB), $unset through a missing field does nothing and the others create it.
      if (operator === '$unset') return true;
      const created: Record<string, unknown> = {};
      node[segment] = created;
      node = created;
    } else if (isPlainObject(next)) {
      node = next;
    } else {
      return false;
    }
  }
  const leaf = path[last] as string;
  const current = node[leaf];
  switch (operator) {
    case '$set': {
      if (current === undefined) {
        node[leaf] = value;
        return true;
      }
      // mingo keeps the stored value when the new one is equal to it (so an object keeps its key order).
      const same = sameData(current, value);
      if (same === undefined) return false;
      if (!same) node[leaf] = value;
      return true;
    }
    case '$unset':
      if (Object.hasOwn(node, leaf)) delete node[leaf];
      return true;
    case '$inc':
      if (current !== undefined && (typeof current !== 'number' || Number.isNaN(current))) return false;
      // `|| 0` as mingo does it: a stored -0 counts as 0.
      node[leaf] = (current || 0) + (value as number);
      return true;
    case '$push':
      if (current === undefined) node[leaf] = [value];
      else if (Array.isArray(current)) current.push(value);
      else return false;
      return true;
    case '$max':
    case '$min': {
      if (current === undefined) {
        node[leaf] = value;
        return true;
      }
      if (!isOrderable(current) || typeof current !== typeof value) return false;
      const operand = value as string | number | boolean;
      if (operator === '$max' ? current < operand : current > operand) node[leaf] = value;
      return true;
    }
  }
}

/**
 * mingo's equality (`isEqual`) for what the store holds: primitives, plain objects (key order ignored),
 * arrays and dates. undefined when either side holds anything else, which is left to mingo.
 */
function sameData(a: unknown, b: unknown): boolean | undefined {
  if (a === b || Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const kindA = dataKind(a);
  const kindB = dataKind(b);
  if (kindA === 'other' || kindB === 'other') return undefined;
  if (kindA !== kindB) return false;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    let verdict: boolean | undefined = true;
    // `every` skips holes, as mingo's comparison does.
    a.every((item, index) => {
      const same = sameData(item, b[index]);
      if (same !== true) verdict = same;
      return same === true;
    });
    return verdict;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(b, key)) return false;
      const same = sameData(a[key], b[key]);
      if (same !== true) return same;
    }
    return true;
  }
  return undefined;
}

function dataKind(value: object): 'array' | 'date' | 'object' | 'other' {
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  // mingo compares objects by constructor and may call toString: only ordinary objects are judged here.
  if (Object.getPrototypeOf(value) === Object.prototype && !Object.hasOwn(value, 'constructor') && !Object.hasOwn(value, 'toString'))
    return 'object';
  return 'other';
}
