import { HttpException, HttpStatus } from '@nestjs/common';
import type { Request, Response } from 'express';

// Caps on what one client holds at once (beside `per-client-limit.ts`, which counts its tries in a window).

/** The client's address as the shop takes it: the socket's, or the one a trusted proxy (TRUST_PROXY) names. */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** A client past a cap on what it holds at once: answered 429 with its message and code, and `Retry-After`. */
export class PerClientCapError extends HttpException {
  constructor(
    message: string,
    code: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ message, code }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** Runs `work`; a refusal past a per-client cap gets its `Retry-After` header on the way out. */
export async function withRetryAfter<T>(res: Response, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PerClientCapError && !res.headersSent) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
}

/** One thing a client is making, counted until the read models show it (see `HeldPerClient`). */
export interface HeldClaim {
  /** The write is over, its last event at `position` (null: nothing written, the claim ends now). Once only. */
  settle(position: number | null): void;
}

/** A settled claim is dropped after this long even if the read models never reach it (a store that went away). */
const SETTLED_CLAIM_LIMIT_MS = 60_000;

/**
 * At most `limit` things held at once per client (pending sign-ups…): those the read models show, plus those this
 * process is still recording. The check and the claim happen in one synchronous step, so a burst of parallel
 * requests from one client stops at the cap; a claim counts until the read models have applied what it wrote.
 */
export class HeldPerClient {
  private readonly claims = new Map<string, Set<{ settled: { position: number; atMs: number } | null }>>();

  constructor(private readonly rule: { limit: number; message: string; code: string }) {}

  /**
   * Claims one more for `client`, given the ends (ISO times) of what the read models show it holding, read after
   * `readPosition` was taken; throws `PerClientCapError` at the cap, with the seconds until the first of them ends.
   */
  claim(client: string, recordedEnds: readonly string[], readPosition: number, nowMs: number): HeldClaim {
    const claims = this.claims.get(client) ?? new Set();
    for (const claim of claims) {
      if (claim.settled !== null && (claim.settled.position <= readPosition || nowMs - claim.settled.atMs > SETTLED_CLAIM_LIMIT_MS))
        claims.delete(claim);
    }
    if (recordedEnds.length + claims.size >= this.rule.limit) {
      if (claims.size === 0) this.claims.delete(client);
      const soonest = recordedEnds.map((end) => Date.parse(end)).reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
      const retryAfter = Number.isFinite(soonest) ? Math.max(1, Math.ceil((soonest - nowMs) / 1000)) : 5;
      throw new PerClientCapError(this.rule.message, this.rule.code, retryAfter);
    }
    const claim: { settled: { position: number; atMs: number } | null } = { settled: null };
    claims.add(claim);
    this.claims.set(client, claims);
    return {
      settle: (position) => {
        if (claim.settled !== null) return;
        claim.settled = { position: position ?? -1, atMs: nowMs };
        if (position === null) claims.delete(claim);
        if (claims.size === 0 && this.claims.get(client) === claims) this.claims.delete(client);
      },
    };
  }
}
