import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import * as tsParser from '@typescript-eslint/parser';
import ts from 'typescript';
import { DomainError } from './domain-error';

/**
 * Every refusal the server throws is built by a catalogue (`*.errors.ts`), so each code is written once, with its
 * message and kind, where it can be looked up. A lint rule (`backend/coded-errors.lint.cjs`, part of `npm run lint`)
 * refuses a DomainError or an HTTP exception built anywhere else; this shows it does, and reads the catalogues with
 * the TypeScript parser so that no code means one kind in one catalogue and another kind in another.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const codedErrors = require('../../coded-errors.lint.cjs') as Linter.Config;
const SOURCE_ROOT = path.join(__dirname, '..');
const DEFAULT_KIND = new DomainError('default_kind', 'the kind given when none is').kind;

function lint(code: string, filename: string): string[] {
  const config: Linter.Config[] = [{ files: ['**/*.ts'], languageOptions: { parser: tsParser } }, codedErrors];
  return new Linter({ configType: 'flat' }).verify(code, config, { filename }).map((problem) => problem.message);
}

/** The catalogue files under `dir`, as paths relative to the source root. */
function catalogues(dir = SOURCE_ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return catalogues(full);
    return entry.name.endsWith('.errors.ts') ? [path.relative(SOURCE_ROOT, full)] : [];
  });
}

interface CatalogueEntry {
  where: string;
  /** Null when the code is not a string literal (an entry passing on a code it was given). */
  code: string | null;
  /** Null when the kind is not a string literal. */
  kind: string | null;
}

/** Each `new DomainError(…)` in a catalogue's source, with its code and kind where they are written as literals. */
function catalogueEntries(file: string, source: string): CatalogueEntry[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const entries: CatalogueEntry[] = [];
  const literal = (node: ts.Expression | undefined): string | null => (node !== undefined && ts.isStringLiteral(node) ? node.text : null);
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'DomainError') {
      const [code, , kind] = node.arguments ?? [];
      entries.push({
        where: `${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`,
        code: literal(code),
        kind: kind === undefined ? DEFAULT_KIND : literal(kind),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return entries;
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
  const planted = [
    "import { NotFoundException } from '@nestjs/common';",
    "import { DomainError } from '../../shared-kernel/domain-error';",
    "export const refused = (): Error => new DomainError('order_gone', 'Order gone', 'not_found');",
    "export const missing = (): Error => new NotFoundException('No such order');",
  ].join('\n');

  it('refuses a coded error built outside a catalogue, in a service or a controller', () => {
    expect(lint(planted, 'backend/src/modules/orders/planted.service.ts')).toEqual([
      expect.stringContaining('*.errors.ts catalogue'),
      expect.stringContaining('*.errors.ts catalogue'),
    ]);
  });

  it('lets a catalogue build them, and code elsewhere throw its entries', () => {
    expect(lint(planted, 'backend/src/modules/orders/domain/planted.errors.ts')).toEqual([]);
    expect(
      lint("import { OrderErrors } from './order.errors';\nthrow OrderErrors.notFound('7');", 'backend/src/modules/orders/planted.ts'),
    ).toEqual([]);
  });

  it('gives each code one kind across the catalogues', () => {
    const files = catalogues();
    expect(files).toContain(path.join('modules', 'orders', 'domain', 'order.errors.ts'));
    const entries = files.flatMap((file) => catalogueEntries(file, readFileSync(path.join(SOURCE_ROOT, file), 'utf8')));
    // Nearly every entry writes its code and kind as literals: a reader that missed them would check nothing.
    expect(entries.filter((entry) => entry.code !== null && entry.kind !== null).length).toBeGreaterThan(entries.length * 0.9);
    expect(entries.length).toBeGreaterThan(100);
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
    const entries = catalogueEntries('sample.errors.ts', `const sample = {\n${source}\n};`);
    expect(entries.map((entry) => [entry.code, entry.kind])).toEqual([
      ['same_code', DEFAULT_KIND],
      ['other_code', 'conflict'],
      ['same_code', 'validation'],
      ['same_code', 'not_found'],
      [null, null],
    ]);
    expect(kindConflicts(entries)).toEqual([
      'same_code: validation (sample.errors.ts:2), validation (sample.errors.ts:4), not_found (sample.errors.ts:5)',
    ]);
  });
});
