/**
 * Wakes waiting subscriptions when an append has committed. A generation counter closes the race
 * between "read found nothing new" and "start waiting": a waiter that saw an older generation
 * returns at once instead of sleeping through the notification.
 */
export class AppendSignal {
  private generationValue = 0;
  private waiters = new Set<() => void>();

  get generation(): number {
    return this.generationValue;
  }

  notify(): void {
    this.generationValue += 1;
    const waiting = this.waiters;
    this.waiters = new Set();
    for (const wake of waiting) wake();
  }

  /** Resolves on the next notification after `seenGeneration`, after `timeoutMs`, or when `abort` fires. */
  wait(seenGeneration: number, timeoutMs: number, abort: AbortSignal): Promise<void> {
    if (this.generationValue !== seenGeneration || abort.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        abort.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      abort.addEventListener('abort', done, { once: true });
      this.waiters.add(done);
    });
  }
}
