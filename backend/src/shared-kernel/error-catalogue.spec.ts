import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DomainError } from './domain-error';

/**
 * Every refusal the server throws is built by a catalogue (`*.errors.ts`), so each code is written once, with
 * its message and kind, where it can be looked up. This reads the source tree: no other file builds a
 * DomainError, and no code means one kind in one catalogue and another kind in another.
 */

const SOURCE_ROOT = path.join(__dirname, '..');
const DOMAIN_ERROR_FILE = path.join('shared-kernel', 'domain-error.ts');
/** Tests of every tier: `x.spec.ts`, `x.int-spec.ts`, `x.api-spec.ts`. */
const TEST_FILE = /\.(?:[a-z]+-)?spec\.ts$/;
const CATALOGUE_FILE = /\.errors\.ts$/;
const DEFAULT_KIND = new DomainError('default_kind', 'the kind given when none is').kind;

/** The `.ts` files under `dir`, as paths relative to `root`. */
function typeScriptFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(root, full);
    return entry.isFile() && entry.name.endsWith('.ts') ? [path.relative(root, full)] : [];
  });
}

function read(file: string): string {
  return readFileSync(path.join(SOURCE_ROOT, file), 'utf8');
}

/** Index just past the string literal opening at `start`. */
function afterQuoted(source: string, start: number): number {
  const quote = source[start];
  for (let i = start + 1; i < source.length; i += 1) {
    if (source[i] === '\\') i += 1;
    else if (source[i] === quote) return i + 1;
  }
  throw new Error(`unclosed string at offset ${start}`);
}

/** Index just past the template literal opening at `start`, its `${…}` parts included. */
function afterTemplate(source: string, start: number): number {
  let i = start + 1;
  while (i < source.length) {
    if (source[i] === '\\') i += 2;
    else if (source[i] === '`') return i + 1;
    else if (source.startsWith('${', i)) i = balanced(source, i + 2).end + 1;
    else i += 1;
  }
  throw new Error(`unclosed template at offset ${start}`);
}

/** A `/` starts a regular expression (not a division) after an operator, an opening bracket or nothing. */
function startsRegex(source: string, slash: number): boolean {
  const before = source.slice(0, slash).trimEnd();
  return before === '' || '(,=:[!&|?{};'.includes(before[before.length - 1] ?? '');
}

/** Index just past the regular expression literal opening at `start`, its flags included. */
function afterRegex(source: string, start: number): number {
  let inClass = false;
  for (let i = start + 1; i < source.length; i += 1) {
    const c = source[i];
    if (c === '\\') i += 1;
    else if (c === '\n') break;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) {
      let end = i + 1;
      while (/[a-z]/.test(source[end] ?? '')) end += 1;
      return end;
    }
  }
  throw new Error(`unclosed regular expression at offset ${start}`);
}

/**
 * Reads from `from` to the first closing bracket that closes nothing opened after `from`: its index, and the
 * top-level commas on the way. Strings, templates, regular expressions and comments are read as wholes.
 */
function balanced(source: string, from: number): { end: number; commas: number[] } {
  const commas: number[] = [];
  let depth = 0;
  let i = from;
  while (i < source.length) {
    const c = source[i] ?? '';
    if (c === "'" || c === '"') i = afterQuoted(source, i);
    else if (c === '`') i = afterTemplate(source, i);
    else if (source.startsWith('//', i)) i = source.includes('\n', i) ? source.indexOf('\n', i) : source.length;
    else if (source.startsWith('/*', i)) i = source.indexOf('*/', i) + 2;
    else if (c === '/' && startsRegex(source, i)) i = afterRegex(source, i);
    else if ('([{'.includes(c)) {
      depth += 1;
      i += 1;
    } else if (')]}'.includes(c)) {
      if (depth === 0) return { end: i, commas };
      depth -= 1;
      i += 1;
    } else {
      if (c === ',' && depth === 0) commas.push(i);
      i += 1;
    }
  }
  throw new Error(`unbalanced brackets after offset ${from}`);
}

interface CatalogueEntry {
  where: string;
  /** Null when the code is not a string literal (an entry passing on a code it was given). */
  code: string | null;
  /** Null when the kind is not a string literal. */
  kind: string | null;
}

/** Each `new DomainError(…)` in `source`, with its code and kind where they are written as literals. */
function catalogueEntries(file: string, source: string): CatalogueEntry[] {
  return [...source.matchAll(/new DomainError\(/g)].map((match) => {
    const open = match.index + match[0].length;
    const { end, commas } = balanced(source, open);
    const bounds = [open - 1, ...commas, end];
    const args = bounds
      .slice(1)
      .map((stop, n) => source.slice((bounds[n] ?? 0) + 1, stop).trim())
      .filter((arg, n, all) => arg !== '' || n < all.length - 1);
    const literal = (arg: string | undefined): string | null => (arg === undefined ? null : (/^'([a-z_]+)'$/.exec(arg)?.[1] ?? null));
    const line = source.slice(0, match.index).split('\n').length;
    return {
      where: `${file}:${line}`,
      code: literal(args[0]),
      kind: args[2] === undefined ? DEFAULT_KIND : literal(args[2]),
    };
  });
}

/** Codes given more than one kind, each with every kind and where it is given. */
function kindConflicts(entries: readonly CatalogueEntry[]): string[] {
  const byCode = new Map<string, CatalogueEntry[]>();
  for (const entry of entries) {
    if (entry.code === null || entry.kind === null) continue;
    byCode.set(entry.code, [...(byCode.get(entry.code) ?? []), entry]);
  }
  return [...byCode.entries()]
    .filter(([, given]) => new Set(given.map((entry) => entry.kind)).size > 1)
    .map(([code, given]) => `${code}: ${given.map((entry) => `${entry.kind} (${entry.where})`).join(', ')}`);
}

describe('the error catalogue', () => {
  const files = typeScriptFiles(SOURCE_ROOT);
  const catalogues = files.filter((file) => CATALOGUE_FILE.test(file));

  it('reads the whole source tree', () => {
    expect(files).toContain(DOMAIN_ERROR_FILE);
    expect(files).toContain(path.join('modules', 'orders', 'domain', 'order.errors.ts'));
    expect(catalogues.length).toBeGreaterThan(5);
  });

  it('builds every DomainError in a *.errors.ts catalogue', () => {
    const outside = files.filter(
      (file) =>
        !TEST_FILE.test(file) && !CATALOGUE_FILE.test(file) && file !== DOMAIN_ERROR_FILE && read(file).includes('new DomainError('),
    );
    expect(outside).toEqual([]);
  });

  it('gives each code one kind across the catalogues', () => {
    const entries = catalogues.flatMap((file) => catalogueEntries(file, read(file)));
    // Nearly every entry writes its code and kind as literals: a reader that missed them would check nothing.
    expect(entries.filter((entry) => entry.code !== null && entry.kind !== null).length).toBeGreaterThan(entries.length * 0.9);
    expect(kindConflicts(entries)).toEqual([]);
  });

  it('finds a code given two kinds, however its message is written', () => {
    const source = [
      "a: () => new DomainError('same_code', `Order ${id ? 'a, b' : `c(${n})`}`),",
      "b: (s) => new DomainError('other_code', s.replace(/[(,']/g, ''), 'conflict'),",
      "c: () => new DomainError('same_code', 'x, (y', 'validation',),",
      "d: () => new DomainError(\n  'same_code',\n  /* 'validation' */ `z`,\n  'not_found',\n),",
      'e: (code, kind) => new DomainError(code, `dynamic`, kind),',
    ].join('\n');
    const entries = catalogueEntries('sample.errors.ts', source);
    expect(entries.map((entry) => [entry.code, entry.kind])).toEqual([
      ['same_code', DEFAULT_KIND],
      ['other_code', 'conflict'],
      ['same_code', 'validation'],
      ['same_code', 'not_found'],
      [null, null],
    ]);
    expect(kindConflicts(entries)).toEqual([
      'same_code: validation (sample.errors.ts:1), validation (sample.errors.ts:3), not_found (sample.errors.ts:4)',
    ]);
  });
});
