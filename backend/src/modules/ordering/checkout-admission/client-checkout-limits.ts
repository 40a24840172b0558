/** One client asked too much: answer 429 with `retryAfterSeconds` and the message. */
export class CheckoutLimitError extends Error {
  override readonly name = 'CheckoutLimitError';
  constructor(
    readonly code: 'checkout_rate_limited' | 'checkout_holds_limited',
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export const CheckoutLimitMessages = {
  rate: 'You have tried to check out many times in a short while. Please wait a moment and try again.',
  holds: (cap: number): string =>
    `You already have ${cap === 1 ? 'a checkout' : `${cap} checkouts`} holding cans. Finish paying for ${cap === 1 ? 'it' : 'one'}, or wait for ${cap === 1 ? 'its' : 'their'} hold to end, before starting another.`,
} as const;

const MINUTE_MS = 60_000;

export interface ClientCheckoutLimitsOptions {
  /** Checkout attempts per client per minute (sliding). */
  ratePerMinute: number;
  /** Pending checkouts holding stock per client at once. */
  holdsPerClient: number;
}

/**
 * Per-client fairness at checkout: attempts a minute (a sliding window of timestamps) and checkouts that
 * hold cans at once (the holds already recorded, from the read model, plus the ones this process is
 * still making). The check and the count of a new checkout happen in one synchronous step, so a burst of
 * parallel requests from one client cannot all slip under the cap.
 */
export class ClientCheckoutLimits {
  private readonly attempts = new Map<string, number[]>();
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly options: ClientCheckoutLimitsOptions) {}

  /** Counts an attempt; throws when the client has used up its minute. */
  countAttempt(clientKey: string, nowMs: number): void {
    const recent = (this.attempts.get(clientKey) ?? []).filter((t) => nowMs - t < MINUTE_MS);
    if (recent.length >= this.options.ratePerMinute) {
      this.attempts.set(clientKey, recent);
      const oldest = recent[0] ?? nowMs;
      throw new CheckoutLimitError(
        'checkout_rate_limited',
        CheckoutLimitMessages.rate,
        Math.max(1, Math.ceil((oldest + MINUTE_MS - nowMs) / 1000)),
      );
    }
    recent.push(nowMs);
    this.attempts.set(clientKey, recent);
    this.prune(nowMs);
  }

  /**
   * Claims a hold for a new checkout, given the holds the read model has for this client (each with its
   * expiry). Throws when the client is at its cap; otherwise returns the function that gives the claim back
   * (once the checkout's own hold is in the read model, or it failed).
   */
  claimHold(clientKey: string, recordedHolds: readonly { expiresAt: string }[], nowMs: number): () => void {
    const inFlight = this.inFlight.get(clientKey) ?? 0;
    if (recordedHolds.length + inFlight >= this.options.holdsPerClient) {
      const soonest = recordedHolds.map((h) => Date.parse(h.expiresAt)).reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
      const retryAfter = Number.isFinite(soonest) ? Math.max(1, Math.ceil((soonest - nowMs) / 1000)) : 5;
      throw new CheckoutLimitError('checkout_holds_limited', CheckoutLimitMessages.holds(this.options.holdsPerClient), retryAfter);
    }
    this.inFlight.set(clientKey, inFlight + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(clientKey) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(clientKey);
      else this.inFlight.set(clientKey, left);
    };
  }

  /** Forgets clients whose attempts are all older than a minute, so the map does not grow for ever. */
  private prune(nowMs: number): void {
    if (this.attempts.size < 10_000) return;
    for (const [key, times] of this.attempts) {
      if (times.every((t) => nowMs - t >= MINUTE_MS)) this.attempts.delete(key);
    }
  }
}
