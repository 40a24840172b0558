import type { Filter } from './document-store.port';

/**
 * The document an upsert starts from when nothing matched, as MongoDB builds it: the filter's equality
 * conditions (a literal value or `$eq`, at the top level, inside `$and`, or in a one-clause `$or`), with
 * dotted paths expanded into nested objects. Ranges, `$in`, `$regex` and multi-clause `$or` seed nothing.
 */
export function upsertSeed(filter: Filter): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  for (const [path, value] of equalityConditions(filter)) setPath(seed, path, value);
  return seed;
}

function equalityConditions(filter: Filter): Array<[string, unknown]> {
  const found: Array<[string, unknown]> = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition)) {
      for (const clause of condition) if (isPlainObject(clause)) found.push(...equalityConditions(clause));
    } else if (key === '$or' && Array.isArray(condition) && condition.length === 1) {
      const only: unknown = condition[0];
      if (isPlainObject(only)) found.push(...equalityConditions(only));
    } else if (!key.startsWith('$')) {
      const equal = equalityValue(condition);
      if (equal.found) found.push([key, equal.value]);
    }
  }
  return found;
}

function equalityValue(condition: unknown): { found: true; value: unknown } | { found: false } {
  if (condition instanceof RegExp) return { found: false };
  if (isPlainObject(condition)) {
    const keys = Object.keys(condition);
    const isOperatorExpression = keys.length > 0 && keys.every((key) => key.startsWith('$'));
    if (!isOperatorExpression) return { found: true, value: condition };
    return '$eq' in condition ? { found: true, value: condition.$eq } : { found: false };
  }
  return { found: true, value: condition };
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  const last = parts.pop();
  if (last === undefined) return;
  let node = target;
  for (const part of parts) {
    const next = node[part];
    if (isPlainObject(next)) {
      node = next;
    } else {
      const created: Record<string, unknown> = {};
      node[part] = created;
      node = created;
    }
  }
  node[last] = value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
