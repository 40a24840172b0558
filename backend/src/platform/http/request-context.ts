import { createParamDecorator, type ExecutionContext, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Actor } from '@brewery/eventstore';
import type { Cause } from '../event-sourcing/command-metadata';

export interface ContextualRequest extends Request {
  correlationId?: string;
  actor?: Actor;
}

const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;
const logger = new Logger('HTTP');

/** The caller's `x-request-id` when it sent a sane one, otherwise null. */
export function givenRequestId(given: string | string[] | undefined): string | null {
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : null;
}

/** Gives every request a correlation id (the caller's `x-request-id` when sane) and logs it when done. */
export function requestContextMiddleware(req: ContextualRequest, res: Response, next: NextFunction): void {
  req.correlationId = givenRequestId(req.header('x-request-id')) ?? randomUUID();
  res.setHeader('x-request-id', req.correlationId);
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    if (!req.path.startsWith('/api')) return;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    // The path only: query strings can carry payment intent ids and client secrets.
    logger.log({
      msg: 'request',
      method: req.method,
      path: req.path,
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
      requestId: req.correlationId,
    });
  });
  next();
}

/** `@Context() cause: Cause` in a controller: the request's correlation id and actor (set by the guards). */
export const Context = createParamDecorator((_: unknown, host: ExecutionContext): Cause => {
  const req = host.switchToHttp().getRequest<ContextualRequest>();
  return { correlationId: req.correlationId ?? randomUUID(), actor: req.actor ?? 'customer' };
});
