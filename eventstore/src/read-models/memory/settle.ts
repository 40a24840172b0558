/**
 * The ports are asynchronous; in-memory work is not. Runs the work now and hands back its result as a
 * promise, with a thrown error arriving as a rejection exactly as it would from a database adapter.
 */
export function settle<R>(work: () => R): Promise<R> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
