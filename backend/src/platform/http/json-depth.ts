import type { NextFunction, Request, Response } from 'express';
import type { ApiErrorBody } from '@brewery/shop-rules';

/** Far deeper than any request the shop takes (a checkout is four levels), far shallower than a stack overflow. */
export const MAX_JSON_DEPTH = 32;

/**
 * How deeply arrays and objects nest in a parsed JSON value, counted with a queue rather than recursion so
 * that a hostile body cannot overflow the stack here; counting stops once `limit` is passed.
 */
export function jsonDepth(value: unknown, limit: number = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    const here = depth + 1;
    if (here > deepest) deepest = here;
    if (deepest > limit) return deepest;
    for (const child of Object.values(node)) pending.push([child, here]);
  }
  return deepest;
}

/**
 * Refuses a parsed body nested deeper than MAX_JSON_DEPTH with 400: validation turns bodies into DTO classes
 * recursively, and a few thousand levels of `{"a":{"a":…}}` overflowed its stack into a 500.
 */
export function jsonDepthLimit(req: Request, res: Response, next: NextFunction): void {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || jsonDepth(body, MAX_JSON_DEPTH) <= MAX_JSON_DEPTH) {
    next();
    return;
  }
  const answer: ApiErrorBody = {
    statusCode: 400,
    message: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep`,
    code: 'body_too_deep',
  };
  res.status(400).json(answer);
}
