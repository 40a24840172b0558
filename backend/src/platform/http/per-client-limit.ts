import { HttpException, HttpStatus } from '@nestjs/common';
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
  throw new HttpException({ message: rule.message, code: rule.code }, HttpStatus.TOO_MANY_REQUESTS);
}
