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
/**
 * What a path holds in one document: the value itself, or one of the two markers (documents hold JSON-like
 * data, never symbols). No wrapper is allocated: a search tests every field of thousands of documents.
 */
type Found = unknown;
type FieldTest = (found: unknown) => Verdict;

const MISSING = Symbol('missing');
const UNSURE = Symbol('unsure');

/**
 * The filters projections and screens use on every event (`{ _id, revision: { $lt: n } }`, `{ status: 'paid' }`)
 * evaluated without mingo, which builds a fresh operator context for every query it compiles.
 *
 * Handles top-level and dotted fields with plain equality to a string, number, boolean or null,
 * `$eq $ne $lt $lte $gt $gte $in $nin $exists` with such operands, `$regex` as a string (options `i m s`),
 * and `$and` / `$or` of such filters (the admin's order search). Returns undefined for any other filter
 * (`$nor`, a RegExp object, embedded documents, dates...), and the returned test answers undefined for any
 * document where the answer depends on rules it does not model: arrays on the path, values of another
 * type than the operand, NaN, `$ne`/`$nin` on a missing field, strings whose order differs between
 * JavaScript and MongoDB.
 */
export function compileSimpleFilter(filter: Filter): SimpleFilter | undefined {
  const parts: SimpleFilter[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      const branches = compileBranches(condition);
      if (!branches) return undefined;
      parts.push(key === '$and' ? allOf(branches) : anyOf(branches));
      continue;
    }
    const path = plainPath(key);
    const test = path && compileCondition(condition);
    if (!path || !test) return undefined;
    parts.push((doc) => {
      const found = lookup(doc, path);
      return found === UNSURE ? undefined : test(found);
    });
  }
  return allOf(parts);
}

/** The clauses of `$and` or `$or`: a non-empty list of filters, each one the fast path reads; else undefined. */
function compileBranches(condition: unknown): SimpleFilter[] | undefined {
  if (!Array.isArray(condition) || condition.length === 0) return undefined;
  const branches: SimpleFilter[] = [];
  for (const clause of condition) {
    const branch = isPlainObject(clause) && Object.keys(clause).length > 0 ? compileSimpleFilter(clause) : undefined;
    if (!branch) return undefined;
    branches.push(branch);
  }
  return branches;
}

/** A conjunction: one part certainly failing decides it, whatever the others would say. */
function allOf(parts: readonly SimpleFilter[]): SimpleFilter {
  return (doc) => {
    let verdict: Verdict = true;
    for (const part of parts) {
      const answer = part(doc);
      if (answer === false) return false;
      if (answer === undefined) verdict = undefined;
    }
    return verdict;
  };
}

/** A disjunction: one branch certainly matching decides it; all certainly failing, it fails. */
function anyOf(branches: readonly SimpleFilter[]): SimpleFilter {
  return (doc) => {
    let verdict: Verdict = false;
    for (const branch of branches) {
      const answer = branch(doc);
      if (answer === true) return true;
      if (answer === undefined) verdict = undefined;
    }
    return verdict;
  };
}

function lookup(doc: Doc, path: readonly string[]): Found {
  // A top-level field (most of them): the document itself is a plain object, so no check is needed on the way.
  if (path.length === 1) {
    const value: unknown = doc[path[0] as string];
    if (value === undefined) return MISSING;
    return Array.isArray(value) ? UNSURE : value;
  }
  let node: unknown = doc;
  for (const segment of path) {
    if (node === undefined) return MISSING;
    if (!isPlainObject(node)) return UNSURE;
    node = node[segment];
  }
  if (node === undefined) return MISSING;
  return Array.isArray(node) ? UNSURE : node;
}

function compileCondition(condition: unknown): FieldTest | undefined {
  if (isOperand(condition)) return equalTo(condition);
  if (!isPlainObject(condition)) return undefined;
  const entries = Object.entries(condition);
  if (entries.length === 0) return undefined;
  const tests: FieldTest[] = [];
  if ('$regex' in condition) {
    const test = regexTest(condition.$regex, condition.$options);
    if (!test) return undefined;
    tests.push(test);
  }
  for (const [operator, operand] of entries) {
    if (operator === '$regex' || operator === '$options') continue;
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

/**
 * `$regex` given as a string pattern, with `$options` among `i`, `m` and `s` (what JavaScript's RegExp reads
 * alike). It matches strings; a missing field or null never matches. Anything else is left to mingo.
 */
function regexTest(pattern: unknown, options: unknown): FieldTest | undefined {
  if (typeof pattern !== 'string') return undefined;
  if (options !== undefined && (typeof options !== 'string' || !/^[ims]*$/.test(options))) return undefined;
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, options ?? '');
  } catch {
    return undefined;
  }
  // A plain text (a search box's words, escaped) where case does not matter or cannot: a substring test,
  // several times faster than the regular expression over thousands of documents.
  const literal = literalOf(pattern);
  const plain = literal !== undefined && (!(options ?? '').includes('i') || literal.toLowerCase() === literal.toUpperCase());
  return (found) => {
    if (found === MISSING || found === null) return false;
    if (typeof found !== 'string') return undefined;
    return plain ? found.includes(literal) : regex.test(found);
  };
}

const SPECIAL = new Set(['\\', '^', '$', '.', '|', '?', '*', '+', '(', ')', '[', ']', '{', '}']);
const ESCAPABLE = new Set([...SPECIAL, '/', '-']);

/** The text a pattern matches when it is one (metacharacters only escaped, nothing else special), else undefined. */
function literalOf(pattern: string): string | undefined {
  let text = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '\\') {
      const next = pattern[i + 1];
      if (next === undefined || !ESCAPABLE.has(next)) return undefined;
      text += next;
      i += 1;
    } else if (SPECIAL.has(char)) {
      return undefined;
    } else {
      text += char;
    }
  }
  return text;
}

function equalTo(operand: Primitive): FieldTest {
  return (found) => {
    // A missing field equals null and nothing else, in MongoDB as in mingo.
    if (found === MISSING) return operand === null;
    return sameKind(found, operand) ? found === operand : undefined;
  };
}

function inList(operands: readonly Primitive[]): FieldTest {
  return (found) => {
    if (found === MISSING) return operands.includes(null);
    const value = found;
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
    const value = found;
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
