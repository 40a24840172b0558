/** A health check that has not answered by then counts as failed: the System tab must not hang on one. */
export const HEALTH_TIMEOUT_MS = 5000;

/** `check`'s answer, or `fallback`'s when it fails or has not answered within the health timeout. */
export async function answerWithin<T>(check: () => Promise<T>, fallback: (reason: string) => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().catch((error: unknown) => fallback(error instanceof Error ? error.message : String(error))),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
