/**
 * The shop's text orderings, each an ICU collator built once. `a.localeCompare(b, locale, options)` builds a
 * new collator on every call, which made sorting the dominant cost of listing products and sales lines.
 */
const names = new Intl.Collator('en-AU', { sensitivity: 'base' });
const numbered = new Intl.Collator('en', { numeric: true });
const plain = new Intl.Collator();

/** Product and beer names as a reader orders them: case and accents ignored. */
export const compareNames = (a: string, b: string): number => names.compare(a, b);

/** Identifiers holding numbers (order numbers): "BRW-9" before "BRW-10". */
export const compareNumbered = (a: string, b: string): number => numbered.compare(a, b);

/** Any other text, as `a.localeCompare(b)` without arguments orders it. */
export const compareText = (a: string, b: string): number => plain.compare(a, b);
