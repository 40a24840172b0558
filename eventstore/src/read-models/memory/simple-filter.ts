import type { Doc, Filter } from '../document-store.port';
import { isPlainObject } from '../upsert-seed';
import { hasHighCodeUnits, plainPath } from './field-path';

/**
 * true or false when the document certainly does or does not match; undefined when the fast path is not
 * sure it would answer as MongoDB (and mingo) do, and mingo must decide.
 */
export type Verdict = boolean | undefined;
export type SimpleFilter = (doc: Doc) => Verdict;

type Primitive = string | number | boolean | null;
/** What a path holds in one document: a value, nothing, or something only mingo should judge (an array on the way). */
type Found = { readonly value: unknown } | typeof MISSING | typeof UNSURE;
type FieldTest = (found: { readonly value: unknown } | typeof MISSING) => Verdict;

const MISSING = Symbol('missing');
const UNSURE = Symbol('unsure');

/**
 * The filters projections and screens use on every event (`{ _id, revision: { $lt: n } }`, `{ status: 'paid' }`)
 * evaluated without mingo, which builds a fresh operator context for every query it compiles.
 *
 * Handles top-level and dotted fields with plain equality to a string, number, boolean or null, and
 * `$eq $ne $lt $lte $gt $gte $in $nin $exists` with such operands. Returns undefined for any other
 * filter (`$or`, `$regex`, embedded documents, dates...), and the returned test answers undefined for any
 * document where the answer depends on rules it does not model: arrays on the path, values of another
 * type than the operand, NaN, `$ne`/`$nin` on a missing field, strings whose order differs between
 * JavaScript and MongoDB.
 */
export function compileSimpleFilter(filter: Filter): SimpleFilter | undefined {
  const fields: Array<{ path: string[]; test: FieldTest }> = [];
  for (const [key, condition] of Object.entries(filter)) {
    const path = plainPath(key);
    const test = path && compileCondition(condition);
    if (!path || !test) return undefined;
    fields.push({ path, test });
  }
  return (doc) => {
    let verdict: Verdict = true;
    for (const { path, test } of fields) {
      const found = lookup(doc, path);
      const answer = found === UNSURE ? undefined : test(found);
      // One field certainly failing decides the whole conjunction, whatever the others would say.
      if (answer === false) return false;
      if (answer === undefined) verdict = undefined;
    }
    return verdict;
  };
}

function lookup(doc: Doc, path: readonly string[]): Found {
  let node: unknown = doc;
  for (const segment of path) {
    if (node === undefined) return MISSING;
    if (!isPlainObject(node)) return UNSURE;
    node = node[segment];
  }
  if (node === undefined) return MISSING;
  return Array.isArray(node) ? UNSURE : { value: node };
}

function compileCondition(condition: unknown): FieldTest | undefined {
  if (isOperand(condition)) return equalTo(condition);
  if (!isPlainObject(condition)) return undefined;
  const entries = Object.entries(condition);
  if (entries.length === 0) return undefined;
  const tests: FieldTest[] = [];
  for (const [operator, operand] of entries) {
    const test = compileOperator(operator, operand);
    if (!test) return undefined;
    tests.push(test);
  }
  if (tests.length === 1 && tests[0]) return tests[0];
  return (found) => {
    let verdict: Verdict = true;
    for (const test of tests) {
      const answer = test(found);
      if (answer === false) return false;
      if (answer === undefined) verdict = undefined;
    }
    return verdict;
  };
}

function compileOperator(operator: string, operand: unknown): FieldTest | undefined {
  switch (operator) {
    case '$eq':
      return isOperand(operand) ? equalTo(operand) : undefined;
    case '$ne':
      return isOperand(operand) ? negated(equalTo(operand)) : undefined;
    case '$in':
      return isOperandList(operand) ? inList(operand) : undefined;
    case '$nin':
      return isOperandList(operand) ? negated(inList(operand)) : undefined;
    case '$lt':
      return ordered(operand, (order) => order < 0);
    case '$lte':
      return ordered(operand, (order) => order <= 0);
    case '$gt':
      return ordered(operand, (order) => order > 0);
    case '$gte':
      return ordered(operand, (order) => order >= 0);
    case '$exists':
      return typeof operand === 'boolean' ? (found) => (found !== MISSING) === operand : undefined;
    default:
      return undefined;
  }
}

function equalTo(operand: Primitive): FieldTest {
  return (found) => {
    // A missing field equals null and nothing else, in MongoDB as in mingo.
    if (found === MISSING) return operand === null;
    return sameKind(found.value, operand) ? found.value === operand : undefined;
  };
}

function inList(operands: readonly Primitive[]): FieldTest {
  return (found) => {
    if (found === MISSING) return operands.includes(null);
    const { value } = found;
    let otherKinds = false;
    for (const operand of operands) {
      if (!sameKind(value, operand)) otherKinds = true;
      else if (value === operand) return true;
    }
    return otherKinds ? undefined : false;
  };
}

/** `$ne` and `$nin`: what a missing field gives is left to mingo. */
function negated(test: FieldTest): FieldTest {
  return (found) => {
    if (found === MISSING) return undefined;
    const answer = test(found);
    return answer === undefined ? undefined : !answer;
  };
}

function ordered(operand: unknown, accept: (order: number) => boolean): FieldTest | undefined {
  if (!isOrderable(operand)) return undefined;
  return (found) => {
    // A range never matches a missing field (no type bracket holds it).
    if (found === MISSING) return false;
    const { value } = found;
    if (!isOrderable(value) || typeof value !== typeof operand) return undefined;
    return accept(value < operand ? -1 : value > operand ? 1 : 0);
  };
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

function isOperand(value: unknown): value is Primitive {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && !Number.isNaN(value));
}

function isOperandList(value: unknown): value is Primitive[] {
  return Array.isArray(value) && value.every(isOperand);
}

/** Both null, or both a string, a number (NaN excluded) or a boolean. */
function sameKind(value: unknown, operand: Primitive): boolean {
  if (operand === null || value === null) return value === operand;
  if (typeof value === 'number' && Number.isNaN(value)) return false;
  return typeof value === typeof operand;
}
