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

/** A hold recorded in the read model: the order it is for, and when it ends. */
export interface RecordedHold {
  id: string;
  expiresAt: string;
}

/** One checkout's place under its client's cap, from the claim until the read models show what it did. */
export interface HoldClaim {
  /** The order this checkout placed: its hold, once recorded, is this claim and is not counted twice. */
  forOrder(orderId: string): void;
  /**
   * The checkout has answered or failed, its last event at `position` (null when it wrote nothing). The place is
   * kept until the read models have applied that position, so the checkout counts once throughout: as a claim
   * until its hold (or the hold's end) is in the read model, then as what the read model says. Once only.
   */
  settle(position: number | null, nowMs: number): void;
}

interface Claim {
  orderId: string | null;
  /** Set once the checkout is over: the position of its last event, and when. */
  settled: { position: number; atMs: number } | null;
}

/** A settled claim is dropped after this long even if the read models never reach it (a store that went away). */
const SETTLED_CLAIM_LIMIT_MS = 60_000;

/**
 * Per-client fairness at checkout: attempts a minute (a sliding window of timestamps) and checkouts that
 * hold cans at once. A checkout counts once from its claim to its end: as a claim while it runs and until the
 * read models have applied what it wrote, as the read model's hold after that. The check and the claim happen
 * in one synchronous step, so a burst of parallel requests from one client cannot all slip under the cap.
 */
export class ClientCheckoutLimits {
  private readonly attempts = new Map<string, number[]>();
  private readonly claims = new Map<string, Set<Claim>>();

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
   * Claims a hold for a new checkout, given the holds the read model has for this client and the position that
   * read model had applied when they were read (taken before reading), less the orders this checkout replaces.
   * Throws when the client is at its cap. Each caller counts by its own read: a claim settled after the position it
   * read is still counted by it, whatever another caller with a newer read has seen.
   */
  claimHold(
    clientKey: string,
    recordedHolds: readonly RecordedHold[],
    readPosition: number,
    nowMs: number,
    replacing: readonly string[] = [],
  ): HoldClaim {
    const claims = this.claims.get(clientKey) ?? new Set<Claim>();
    for (const claim of claims) {
      if (claim.settled !== null && nowMs - claim.settled.atMs > SETTLED_CLAIM_LIMIT_MS) claims.delete(claim);
    }
    const ends = new Set(replacing);
    const counted = [...claims].filter(
      (claim) =>
        !(claim.settled !== null && claim.settled.position <= readPosition) && !(claim.orderId !== null && ends.has(claim.orderId)),
    );
    const claimedOrders = new Set(counted.map((claim) => claim.orderId));
    const recorded = recordedHolds.filter((hold) => !claimedOrders.has(hold.id) && !ends.has(hold.id));
    if (recorded.length + counted.length >= this.options.holdsPerClient) {
      if (claims.size === 0) this.claims.delete(clientKey);
      const soonest = recorded.map((h) => Date.parse(h.expiresAt)).reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
      const retryAfter = Number.isFinite(soonest) ? Math.max(1, Math.ceil((soonest - nowMs) / 1000)) : 5;
      throw new CheckoutLimitError('checkout_holds_limited', CheckoutLimitMessages.holds(this.options.holdsPerClient), retryAfter);
    }
    const claim: Claim = { orderId: null, settled: null };
    claims.add(claim);
    this.claims.set(clientKey, claims);
    return {
      forOrder: (orderId) => {
        claim.orderId = orderId;
      },
      settle: (position, atMs) => {
        if (claim.settled !== null) return;
        claim.settled = { position: position ?? -1, atMs };
        if (position === null) claims.delete(claim);
        if (claims.size === 0 && this.claims.get(clientKey) === claims) this.claims.delete(clientKey);
      },
    };
  }

  /** Forgets clients whose attempts are all older than a minute and whose claims are long over, so the maps do not grow for ever. */
  private prune(nowMs: number): void {
    if (this.attempts.size < 10_000) return;
    for (const [key, times] of this.attempts) {
      if (times.every((t) => nowMs - t >= MINUTE_MS)) this.attempts.delete(key);
    }
    for (const [key, claims] of this.claims) {
      if ([...claims].every((claim) => claim.settled !== null && nowMs - claim.settled.atMs > SETTLED_CLAIM_LIMIT_MS))
        this.claims.delete(key);
    }
  }
}
