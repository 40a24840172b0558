// @ts-check
'use strict';
/**
 * `npm run build` (build:server): the prepared PostgreSQL data directory a new PGlite event store starts from.
 *
 * PGlite creates a database by running initdb in WebAssembly, which takes about 800 MiB at its peak: more than
 * a small server has to spare beside the shop. So the build runs it once, here, in its own process, and keeps
 * the result in `eventstore/dist/pglite-template/`; the worker (pglite-worker.cjs) copies it into an empty data
 * directory, and PostgreSQL then opens it as it opens any existing one. Built again only when the installed
 * PGlite (and with it PostgreSQL) changes.
 */
const { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const TEMPLATE = join(__dirname, '..', 'dist', 'pglite-template');
const STAMP = join(TEMPLATE, '.pglite-version');

async function main() {
  const { PGlite } = await import('@electric-sql/pglite');
  const version = pgliteVersion();
  if (existsSync(join(TEMPLATE, 'PG_VERSION')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === version) return;
  const dist = join(__dirname, '..', 'dist');
  const building = mkdtempSync(join(dist, '.pglite-template-'));
  try {
    const db = await PGlite.create(building);
    await db.query('select 1');
    await db.close();
    writeFileSync(join(building, '.pglite-version'), version);
    rmSync(TEMPLATE, { recursive: true, force: true });
    renameSync(building, TEMPLATE);
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  process.stdout.write(`pglite-template: prepared an empty PostgreSQL data directory (PGlite ${version})\n`);
}

/** The installed PGlite's version, read from its package (whose exports do not include package.json). */
function pgliteVersion() {
  const entry = require.resolve('@electric-sql/pglite');
  const root = entry.slice(
    0,
    entry.lastIndexOf(join('node_modules', '@electric-sql', 'pglite')) + join('node_modules', '@electric-sql', 'pglite').length,
  );
  return /** @type {{ version: string }} */ (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))).version;
}

main().catch((error) => {
  process.stderr.write(`pglite-template: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
