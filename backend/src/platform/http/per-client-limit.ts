import { HttpErrors } from './http.errors';
import { Inject, Injectable, mixin, UseGuards, type CanActivate, type ExecutionContext, type Type } from '@nestjs/common';
import type { ThrottlerStorageService } from '@nestjs/throttler';
import type { Request, Response } from 'express';

/** How often one client may do something: `limit` times in a sliding `windowMs`, or 429 with its message. */
export interface PerClientRule {
  name: string;
  limit: number;
  windowMs: number;
  message: string;
  code: string;
}

/**
 * Counts one more try by the request's client (Express's `req.ip`: the socket address, or X-Forwarded-For from
 * a trusted proxy only); past the rule's limit, refuses with 429 and `Retry-After`.
 */
export async function countPerClient(storage: ThrottlerStorageService, req: Request, res: Response, rule: PerClientRule): Promise<void> {
  const key = `${rule.name}:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
  const record = await storage.increment(key, rule.windowMs, rule.limit, 0, rule.name);
  if (!record.isBlocked) return;
  res.setHeader('Retry-After', String(Math.max(1, record.timeToBlockExpire)));
  throw HttpErrors.tooManyRequests(rule.code, rule.message);
}

/**
 * Counts the route's tries per client with `storage` (a provider of the controller's module) before anything else
 * the route does: a guard runs before the pipes, so a client past its limit is refused before its body is validated.
 */
export function CountedPerClient(storage: Type<ThrottlerStorageService>, rule: PerClientRule): MethodDecorator & ClassDecorator {
  return UseGuards(perClientGuard(storage, rule));
}

function perClientGuard(storage: Type<ThrottlerStorageService>, rule: PerClientRule): Type<CanActivate> {
  @Injectable()
  class PerClientGuard implements CanActivate {
    constructor(@Inject(storage) private readonly tries: ThrottlerStorageService) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const http = context.switchToHttp();
      await countPerClient(this.tries, http.getRequest<Request>(), http.getResponse<Response>(), rule);
      return true;
    }
  }
  return mixin(PerClientGuard);
}
