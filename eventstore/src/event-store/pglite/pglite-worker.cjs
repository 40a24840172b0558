// @ts-check
'use strict';
/**
 * The thread that owns PGlite (PostgreSQL in WebAssembly), so its CPU time is not the server's event
 * loop. `PgliteWorker` (pglite-worker-client.ts) starts it with `workerData: { dataDir }`, waits for
 * `ready`, then posts statements; each reply carries plain rows or a serialised error.
 *
 * Plain CommonJS on purpose: a Worker cannot load TypeScript, and this file is the same under src/
 * (Jest) and dist/ (tsc copies it), resolving @electric-sql/pglite from node_modules either way.
 */
const { cpSync, existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');

/** @typedef {import('./pglite-worker-protocol').PgliteWorkerRequest} Request */
/** @typedef {import('./pglite-worker-protocol').PgliteWorkerReply} Reply */
/** @typedef {import('./pglite-worker-protocol').PgliteWorkerData} WorkerData */
/** @typedef {import('./pglite-worker-protocol').SerializedError} SerializedError */
/** @typedef {{ query: PGlite['query'] }} Queryable */
/** @typedef {{ tx: Queryable, end: (commit: boolean) => void, ended: Promise<unknown> }} OpenTransaction */

if (parentPort === null) throw new Error('pglite-worker.cjs runs only as a worker thread');
const port = parentPort;
const { dataDir } = /** @type {WorkerData} */ (workerData);

/**
 * The empty database the build prepares (eventstore/scripts/pglite-template.cjs), found from src/ (Jest) and
 * dist/ alike. Starting from it instead of PGlite's initdb keeps a first start within the memory of a later one.
 */
const TEMPLATE = join(__dirname, '..', '..', '..', 'dist', 'pglite-template');

/**
 * PostgreSQL's memory sized for a small server: 16 MB of shared buffers instead of 128 MB (an event log is
 * written once and read forward; the operating system's cache keeps its pages), and small per-operation
 * allowances. Given as start parameters, so the data directory's postgresql.conf is left as initdb wrote it.
 */
const START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB', '-c', 'temp_buffers=2MB', '-c', 'maintenance_work_mem=16MB'],
];

/**
 * A data directory PostgreSQL has never opened gets the prepared one's files, PG_VERSION last: it is what
 * says a directory holds a database, so a copy cut short by a kill is simply made again at the next start.
 * @param {string} dir
 */
function prepareDataDir(dir) {
  if (existsSync(join(dir, 'PG_VERSION')) || !existsSync(join(TEMPLATE, 'PG_VERSION'))) return;
  for (const name of readdirSync(TEMPLATE)) {
    if (name === 'PG_VERSION' || name.startsWith('.')) continue;
    cpSync(join(TEMPLATE, name), join(dir, name), { recursive: true, force: true });
  }
  cpSync(join(TEMPLATE, 'PG_VERSION'), join(dir, 'PG_VERSION'));
}

/** Raised inside a transaction callback to make PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

/** @type {Map<number, OpenTransaction>} */
const transactions = new Map();

/** @param {Reply} reply */
function post(reply) {
  port.postMessage(reply);
}

/**
 * @param {number} id
 * @param {unknown[]} rows
 */
function answer(id, rows) {
  try {
    post({ type: 'reply', id, ok: true, rows });
  } catch (error) {
    // A value structured clone cannot carry: report it rather than leave the caller waiting.
    post({ type: 'reply', id, ok: false, error: serialise(error) });
  }
}

/**
 * @param {unknown} error
 * @returns {SerializedError}
 */
function serialise(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  /** @type {SerializedError} */
  const out = { name: error.name, message: error.message };
  const fields = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (error));
  for (const key of /** @type {const} */ (['code', 'detail', 'hint', 'severity'])) {
    const value = fields[key];
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/**
 * @param {PGlite} db
 * @param {number} id
 * @returns {Promise<void>} once the transaction is open
 */
function begin(db, id) {
  return new Promise((opened, failed) => {
    /** @type {(commit: boolean) => void} */
    let end = () => undefined;
    const decided = new Promise((resolve) => {
      end = resolve;
    });
    const ended = db
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, ended });
        opened();
        if (!(await decided)) throw ROLLBACK;
      })
      .catch((error) => {
        if (error !== ROLLBACK) throw error;
      })
      .finally(() => transactions.delete(id));
    // BEGIN itself failed: the callback never ran.
    ended.catch(failed);
  });
}

/**
 * @param {number} txId
 * @param {boolean} commit
 */
async function end(txId, commit) {
  const open = transactions.get(txId);
  if (open === undefined) throw new Error(`No open transaction ${txId}`);
  open.end(commit);
  await open.ended;
}

/**
 * @param {PGlite} db
 * @param {Request} request
 * @returns {Promise<unknown[]>}
 */
async function handle(db, request) {
  switch (request.op) {
    case 'query': {
      const target = request.tx === null ? db : transactions.get(request.tx)?.tx;
      if (target === undefined) throw new Error(`No open transaction ${request.tx}`);
      return (await target.query(request.sql, request.params)).rows;
    }
    case 'begin':
      await begin(db, request.id);
      return [];
    case 'commit':
    case 'rollback':
      await end(request.tx, request.op === 'commit');
      return [];
    case 'close':
      await db.close();
      return [];
    default:
      throw new Error(`Unknown request ${JSON.stringify(request)}`);
  }
}

async function main() {
  /** @type {PGlite} */
  let db;
  try {
    if (dataDir !== null) prepareDataDir(dataDir);
    db = await PGlite.create(dataDir ?? undefined, { startParams: START_PARAMS });
  } catch (error) {
    post({ type: 'open-failed', error: serialise(error) });
    port.close();
    return;
  }
  port.on('message', (/** @type {Request} */ request) => {
    handle(db, request)
      .then(
        (rows) => answer(request.id, rows),
        (error) => post({ type: 'reply', id: request.id, ok: false, error: serialise(error) }),
      )
      .finally(() => {
        // Closed (or failed to close): nothing is left to do, and an empty event loop ends the thread.
        if (request.op === 'close') port.close();
      });
  });
  post({ type: 'ready' });
}

void main();
