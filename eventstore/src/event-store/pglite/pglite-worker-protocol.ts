/**
 * Messages between `PgliteWorker` (main thread) and `pglite-worker.cjs` (the thread that owns PGlite).
 * Everything is structured-clone friendly: strings, numbers, plain rows.
 */

export interface PgliteWorkerData {
  /** A data directory, or null for an in-memory database. */
  dataDir: string | null;
}

export type PgliteWorkerRequest =
  /** One statement; inside the open transaction `tx` when given (see `begin`). */
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx: number | null }
  /** Opens a transaction whose id is this request's id; until it ends, other statements wait. */
  | { id: number; op: 'begin' }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  /** Closes PGlite (flushing the data directory); the thread then ends on its own. */
  | { id: number; op: 'close' };

export type PgliteWorkerReply =
  | { type: 'ready' }
  | { type: 'open-failed'; error: SerializedError }
  | { type: 'reply'; id: number; ok: true; rows: unknown[] }
  | { type: 'reply'; id: number; ok: false; error: SerializedError };

/** A PostgreSQL error (or any other) as data: the fields a caller may branch on. */
export interface SerializedError {
  name: string;
  message: string;
  /** SQLSTATE, for a database error. */
  code?: string;
  detail?: string;
  hint?: string;
  severity?: string;
}
