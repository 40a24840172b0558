/** pg returns bigint columns as strings and PGlite may return bigint; positions fit in a double. */
export function toSafeNumber(value: unknown, column: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'bigint' || typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new Error(`Column ${column} is not a safe integer: ${String(value)}`);
  return n;
}

/**
 * jsonb is selected as text and parsed here, because the drivers differ in whether they parse it
 * and a jsonb string value would be ambiguous with unparsed text.
 */
export function parseJsonText(value: unknown, column: string): unknown {
  if (typeof value !== 'string') throw new Error(`Column ${column} was expected as JSON text, got ${typeof value}`);
  return JSON.parse(value) as unknown;
}
