import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ThrottlerStorageService } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { countPerClient } from '../../platform/http/per-client-limit';
import { HttpErrors } from '../../platform/http/http.errors';
import { CLOCK, type Clock } from '../../platform/clock';

export const LOGIN_ATTEMPTS_PER_WINDOW = 10;
export const LOGIN_WINDOW_MS = 60_000;
export const TOO_MANY_LOGIN_ATTEMPTS = 'Too many login attempts. Please wait a minute and try again.';

/** Login attempts are counted per client IP in a sliding minute; the storage is this module's own. */
@Injectable()
export class LoginAttempts extends ThrottlerStorageService {}

/**
 * Slows password guessing: at most 10 login attempts per client IP per minute, right or wrong. The IP is
 * Express's `req.ip` (the socket address, or X-Forwarded-For from a trusted proxy only).
 */
@Injectable()
export class LoginRateLimitGuard implements CanActivate {
  constructor(private readonly attempts: LoginAttempts) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    await countPerClient(this.attempts, http.getRequest<Request>(), http.getResponse<Response>(), {
      name: 'admin-login',
      limit: LOGIN_ATTEMPTS_PER_WINDOW,
      windowMs: LOGIN_WINDOW_MS,
      message: TOO_MANY_LOGIN_ATTEMPTS,
      code: 'too_many_login_attempts',
    });
    return true;
  }
}

export const ACCOUNT_FAILURES_PER_WINDOW = 20;
export const ACCOUNT_WINDOW_MS = 15 * 60_000;
const MAX_COUNTED_ACCOUNTS = 10_000;
export const TOO_MANY_FAILED_SIGN_INS = 'Too many wrong sign-ins for this account. Please wait 15 minutes, or reset your password.';

/**
 * Slows guessing one person's password from many addresses: after 20 wrong sign-ins for an account in 15
 * minutes, that account's sign-ins are refused (429) until the oldest of them is 15 minutes old. Counted in this
 * process, by the e-mail as typed (without case), whether or not anyone has it.
 */
@Injectable()
export class LoginAccountAttempts {
  private readonly failures = new Map<string, number[]>();

  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  /** The count's key: the first owner's, however they sign in (the password alone, or their e-mail with it). */
  static accountOf(email: string | undefined, ownerEmail: string): string {
    return email === undefined || email.trim().toLowerCase() === ownerEmail.trim().toLowerCase()
      ? 'first-owner'
      : email.trim().toLowerCase();
  }

  refuseIfLocked(account: string, res: Response): void {
    const recent = this.recent(account);
    if (recent.length < ACCOUNT_FAILURES_PER_WINDOW) return;
    const retryAfterMs = (recent[0] as number) + ACCOUNT_WINDOW_MS - this.clock.now().getTime();
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    throw HttpErrors.tooManyRequests('too_many_failed_sign_ins', TOO_MANY_FAILED_SIGN_INS);
  }

  failed(account: string): void {
    const recent = this.recent(account);
    recent.push(this.clock.now().getTime());
    this.failures.set(account, recent.slice(-ACCOUNT_FAILURES_PER_WINDOW));
    // Bounded: a flood of made-up addresses cannot grow the map without end. Counts that ran out go first, so a
    // flood cannot push out a real account's live count before the map is full of live ones.
    if (this.failures.size > MAX_COUNTED_ACCOUNTS) {
      for (const key of [...this.failures.keys()]) if (this.recent(key).length === 0) this.failures.delete(key);
      const oldest = this.failures.keys().next().value;
      if (this.failures.size > MAX_COUNTED_ACCOUNTS && oldest !== undefined) this.failures.delete(oldest);
    }
  }

  private recent(account: string): number[] {
    const since = this.clock.now().getTime() - ACCOUNT_WINDOW_MS;
    return (this.failures.get(account) ?? []).filter((at) => at > since);
  }
}
