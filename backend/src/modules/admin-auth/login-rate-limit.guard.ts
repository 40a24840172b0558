import { HttpException, HttpStatus, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ThrottlerStorageService } from '@nestjs/throttler';
import type { Request, Response } from 'express';

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
    const req = http.getRequest<Request>();
    const key = `admin-login:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
    const record = await this.attempts.increment(key, LOGIN_WINDOW_MS, LOGIN_ATTEMPTS_PER_WINDOW, 0, 'admin-login');
    if (!record.isBlocked) return true;
    http.getResponse<Response>().setHeader('Retry-After', String(Math.max(1, record.timeToBlockExpire)));
    throw new HttpException({ message: TOO_MANY_LOGIN_ATTEMPTS, code: 'too_many_login_attempts' }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
