/**
 * A dotted field path the fast filter and updater handle themselves, split into its segments, or undefined
 * when mingo must: an empty segment, an operator or positional segment (`$`, `$[]`, `$[id]`), a numeric
 * segment (an array index in MongoDB) or a name every object inherits (`constructor`, `__proto__`), which
 * mingo resolves in its own way.
 */
export function plainPath(field: string): string[] | undefined {
  const segments = field.split('.');
  for (const segment of segments) {
    if (segment === '' || segment.includes('$') || /^\d+$/.test(segment) || segment in Object.prototype) return undefined;
  }
  return segments;
}

/**
 * True when a string holds a UTF-16 code unit at or above U+D800. Below that, JavaScript's string order
 * (UTF-16 code units, what mingo uses) equals MongoDB's (UTF-8 bytes, that is code points); above it a
 * surrogate pair sorts before U+E000..U+FFFF in one and after in the other, so ordering such strings is
 * left to mingo.
 */
export function hasHighCodeUnits(value: string): boolean {
  return /[\uD800-\uFFFF]/.test(value);
}
