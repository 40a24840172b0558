/** The shop is too busy to start this checkout now: answer 503 with `retryAfterSeconds`. */
export class CheckoutBusyError extends Error {
  override readonly name = 'CheckoutBusyError';
  constructor(
    readonly retryAfterSeconds: number,
    readonly why: 'queue_full' | 'queue_timeout',
  ) {
    super(`Checkout refused: ${why}`);
  }
}

/** The client went away while its checkout waited: nothing was started. */
export class CheckoutAbandonedError extends Error {
  override readonly name = 'CheckoutAbandonedError';
  constructor() {
    super('The client disconnected before its checkout started');
  }
}

export interface CheckoutGateOptions {
  /** Checkouts in progress at once. */
  concurrency: number;
  /** Checkouts waiting for a turn; one more is refused at once. */
  queueLimit: number;
  /** Longest wait for a turn before the checkout is refused. */
  maxWaitMs: number;
}

export interface CheckoutGateStats {
  active: number;
  queued: number;
  admitted: number;
  refusedFull: number;
  refusedTimeout: number;
  abandoned: number;
  /** Mean time a checkout held its turn, over the last ones (ms); 0 before the first. */
  meanServiceMs: number;
}

interface Waiter {
  /** Hands the waiter a turn already taken for it, so nobody can slip in between. */
  admit: () => void;
  refuse: (error: Error) => void;
}

/**
 * Admission control in front of checkout: at most `concurrency` checkouts run at once and at most
 * `queueLimit` wait, each for at most `maxWaitMs`. Past either bound the caller hears at once that the shop
 * is busy, with a fair estimate of when to come back, instead of waiting behind a queue that only grows;
 * a client that disconnects while waiting leaves the queue before it has reserved anything.
 */
export class CheckoutGate {
  private active = 0;
  private readonly queue: Waiter[] = [];
  private admitted = 0;
  private refusedFull = 0;
  private refusedTimeout = 0;
  private abandoned = 0;
  private meanServiceMs = 0;

  constructor(private readonly options: CheckoutGateOptions) {}

  /** Waits for a turn; resolves with the function that gives it back (call it exactly once, in a finally). */
  async enter(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted === true) {
      this.abandoned += 1;
      throw new CheckoutAbandonedError();
    }
    if (this.active < this.options.concurrency && this.queue.length === 0) return this.take();
    if (this.queue.length >= this.options.queueLimit) {
      this.refusedFull += 1;
      throw new CheckoutBusyError(this.retryAfterSeconds(), 'queue_full');
    }
    return new Promise<() => void>((resolve, reject) => {
      const leave = (): boolean => {
        const index = this.queue.indexOf(waiter);
        if (index === -1) return false;
        this.queue.splice(index, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        return true;
      };
      const waiter: Waiter = {
        admit: () => {
          if (leave()) resolve(this.take());
        },
        refuse: (error) => {
          if (leave()) reject(error);
        },
      };
      const timer = setTimeout(() => {
        this.refusedTimeout += 1;
        waiter.refuse(new CheckoutBusyError(this.retryAfterSeconds(), 'queue_timeout'));
      }, this.options.maxWaitMs);
      const onAbort = (): void => {
        this.abandoned += 1;
        waiter.refuse(new CheckoutAbandonedError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  stats(): CheckoutGateStats {
    return {
      active: this.active,
      queued: this.queue.length,
      admitted: this.admitted,
      refusedFull: this.refusedFull,
      refusedTimeout: this.refusedTimeout,
      abandoned: this.abandoned,
      meanServiceMs: Math.round(this.meanServiceMs),
    };
  }

  /**
   * When a refused client should come back: the time the checkouts ahead of it need at the recent pace,
   * at least 1 s and at most 30 s. The browser adds its own jitter so a crowd does not return in step.
   */
  retryAfterSeconds(): number {
    const perCheckoutMs = this.meanServiceMs > 0 ? this.meanServiceMs : 250;
    const aheadMs = ((this.queue.length + this.active + 1) * perCheckoutMs) / this.options.concurrency;
    return Math.min(30, Math.max(1, Math.ceil(aheadMs / 1000)));
  }

  private take(): () => void {
    this.active += 1;
    this.admitted += 1;
    const started = performance.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      // An exponential moving average: the recent pace, not the day's.
      const took = performance.now() - started;
      this.meanServiceMs = this.meanServiceMs === 0 ? took : this.meanServiceMs * 0.9 + took * 0.1;
      // The next turn is handed over once the connections' news already received has been heard: a crowd that
      // hangs up together is read one socket at a time, and a waiter admitted in between would start a checkout
      // for a client already gone. Until then the turn stays free for the queue, not for a newcomer.
      if (this.queue.length > 0) setImmediate(() => this.admitWaiting());
    };
  }

  private admitWaiting(): void {
    while (this.active < this.options.concurrency && this.queue.length > 0) this.queue[0]?.admit();
  }
}
