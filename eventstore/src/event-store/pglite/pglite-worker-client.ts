import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SqlExecutor, SqlQueryable } from '../sql/sql-executor';
import type { PgliteWorkerData, PgliteWorkerReply, PgliteWorkerRequest, SerializedError } from './pglite-worker-protocol';

/** Plain CommonJS beside this file in src/ and, copied by tsc, in dist/. */
const WORKER_SCRIPT = join(__dirname, 'pglite-worker.cjs');

/** The PGlite thread's young generation, in MB (V8's default for a thread is about 16 MB per semi-space). */
const WORKER_YOUNG_GENERATION_MB = 4;

/** How long a closed worker may take to end its thread before it is terminated. */
const EXIT_TIMEOUT_MS = 10_000;

/** A statement PGlite refused; carries PostgreSQL's SQLSTATE (`code`) and DETAIL like pg's errors. */
export class PgliteQueryError extends Error {
  override readonly name = 'PgliteQueryError';
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly hint: string | undefined;
  readonly severity: string | undefined;

  constructor(error: SerializedError) {
    super(error.message);
    this.code = error.code;
    this.detail = error.detail;
    this.hint = error.hint;
    this.severity = error.severity;
  }
}

/** The PGlite thread is gone (crashed, terminated, closed) or could not start; nothing more will be answered. */
export class PgliteWorkerError extends Error {
  override readonly name = 'PgliteWorkerError';
}

interface Pending {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

/**
 * PGlite in a worker thread, behind the `SqlExecutor` the SQL event log needs: the main thread posts
 * statements and gets rows back, so PostgreSQL's CPU time (WebAssembly) no longer blocks its event loop.
 *
 * The thread holds the process open only while a request is outstanding, like a socket would. If it
 * dies, every pending and later request is rejected with a `PgliteWorkerError` naming the cause.
 */
export class PgliteWorker implements SqlExecutor {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: PgliteWorkerError | null = null;
  private closing: Promise<void> | null = null;
  private readonly exited: Promise<void>;
  private readonly ready: Promise<void>;
  private settleReady: { resolve(): void; reject(error: Error): void } | null = null;

  private constructor(private readonly worker: Worker) {
    this.ready = new Promise<void>((resolve, reject) => {
      this.settleReady = { resolve, reject };
    });
    this.exited = new Promise<void>((resolve) => {
      worker.once('exit', (code) => {
        this.fail(
          this.closing !== null
            ? new PgliteWorkerError('PGlite worker thread has been closed')
            : new PgliteWorkerError(`PGlite worker thread stopped unexpectedly (exit code ${code}); the event store is unavailable`),
        );
        resolve();
      });
    });
    worker.on('message', (reply: PgliteWorkerReply) => this.onReply(reply));
    worker.on('error', (error) => {
      this.fail(new PgliteWorkerError(`PGlite worker thread crashed: ${error.message}`, { cause: error }));
    });
    worker.on('messageerror', (error) => {
      this.fail(new PgliteWorkerError(`PGlite worker thread sent a message that could not be read: ${error.message}`, { cause: error }));
    });
  }

  /** Starts the thread and opens PGlite in it: a directory, or null for an in-memory database. */
  static async start(dataDir: string | null): Promise<PgliteWorker> {
    const workerData: PgliteWorkerData = { dataDir };
    // The thread's own JavaScript is the glue between PostgreSQL and the rows it posts: a small young
    // generation is plenty, and holds some 10 MB less than the default.
    const client = new PgliteWorker(
      new Worker(WORKER_SCRIPT, { workerData, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } }),
    );
    try {
      await client.ready;
    } catch (error) {
      await client.worker.terminate();
      throw error;
    }
    if (client.pending.size === 0) client.worker.unref();
    return client;
  }

  query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    return this.send({ id: this.nextId++, op: 'query', sql, params: [...params], tx: null }) as Promise<Row[]>;
  }

  /** BEGIN, `work`, COMMIT (ROLLBACK when it throws); other statements wait in the thread meanwhile. */
  async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    const tx = this.nextId++;
    await this.send({ id: tx, op: 'begin' });
    let result: T;
    try {
      result = await work({
        query: <Row>(sql: string, params: readonly unknown[] = []) =>
          this.send({ id: this.nextId++, op: 'query', sql, params: [...params], tx }) as Promise<Row[]>,
      });
    } catch (error) {
      await this.send({ id: this.nextId++, op: 'rollback', tx }).catch(() => undefined);
      throw error;
    }
    await this.send({ id: this.nextId++, op: 'commit', tx });
    return result;
  }

  /**
   * Closes PGlite inside the thread (so a data directory is left consistent), then waits for the
   * thread to end. A thread that already died has nothing to close.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.worker.ref();
      let closeError: Error | null = null;
      if (this.failure === null) {
        try {
          await this.send({ id: this.nextId++, op: 'close' }, true);
        } catch (error) {
          closeError = error instanceof Error ? error : new Error(String(error));
        }
      }
      let timer: NodeJS.Timeout | undefined;
      const ended = await Promise.race([
        this.exited.then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), EXIT_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!ended) await this.worker.terminate();
      if (closeError !== null) throw closeError;
    })();
    return this.closing;
  }

  /** Ends the thread at once without closing PGlite, as a crash would. For fault tests. */
  async terminate(): Promise<void> {
    await this.worker.terminate();
    await this.exited;
  }

  private send(request: PgliteWorkerRequest, whileClosing = false): Promise<unknown[]> {
    if (this.failure !== null) return Promise.reject(this.failure);
    if (this.closing !== null && !whileClosing) return Promise.reject(new PgliteWorkerError('PGlite worker thread is closing'));
    return new Promise<unknown[]>((resolve, reject) => {
      try {
        this.worker.postMessage(request);
      } catch (error) {
        // Parameters structured clone cannot carry (a function, a symbol): nothing was sent.
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(request.id, { resolve, reject });
    });
  }

  private onReply(reply: PgliteWorkerReply): void {
    switch (reply.type) {
      case 'ready':
        this.settleReady?.resolve();
        return;
      case 'open-failed':
        this.fail(new PgliteWorkerError(`PGlite could not open its database: ${reply.error.message}`));
        return;
      case 'reply': {
        const pending = this.pending.get(reply.id);
        if (pending === undefined) return;
        this.pending.delete(reply.id);
        if (this.pending.size === 0 && this.closing === null) this.worker.unref();
        if (reply.ok) pending.resolve(reply.rows);
        else pending.reject(new PgliteQueryError(reply.error));
        return;
      }
      default:
        assertNever(reply);
    }
  }

  private fail(error: PgliteWorkerError): void {
    if (this.failure !== null) return;
    this.failure = error;
    this.settleReady?.reject(error);
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const request of pending) request.reject(error);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected message from the PGlite worker: ${JSON.stringify(value)}`);
}
