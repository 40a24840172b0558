import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ThrottlerStorageService } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { countPerClient } from '../../platform/http/per-client-limit';

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
