import type { NextFunction, Request, Response } from 'express';
import type { ApiErrorBody } from '@brewery/shop-rules';

/** How large a parsed JSON body may be in shape, whatever its size in bytes (that is the body parser's 1 MB). */
export interface JsonShapeLimits {
  /** Levels of nested objects and lists. */
  depth: number;
  /** Keys of one object. */
  keysPerObject: number;
  /** Items of one list. */
  listItems: number;
  /** Keys and list items in the whole body. */
  entries: number;
  /** Characters of one key or text. */
  textLength: number;
}

/**
 * Far above any request the shop takes, far below what stalls it: a checkout is four levels deep, its largest
 * object (a cart line) a dozen keys and its cart at most 50 lines; the product form has 20 fields; a bulk action or
 * a label batch names at most 200 orders; the longest text is a pasted e-mail of at most 100,000 characters; a
 * Stripe event holds a few hundred keys. Validation turns bodies into DTO classes recursively and its cost grows
 * faster than the keys it is given: 90,000 unknown keys held the event loop for seconds.
 */
export const JSON_SHAPE_LIMITS: JsonShapeLimits = {
  depth: 32,
  keysPerObject: 1_000,
  listItems: 2_000,
  entries: 20_000,
  textLength: 200_000,
};

export interface JsonShapeProblem {
  code: 'body_too_deep' | 'body_too_complex';
  message: string;
}

const count = (n: number): string => n.toLocaleString('en-AU');

/**
 * What is wrong with the shape of a parsed JSON value, or null: walked once, with a stack rather than recursion
 * (so a hostile body cannot overflow it here), and given up at the first limit passed, before its contents are read.
 */
export function jsonShapeProblem(value: unknown, limits: JsonShapeLimits = JSON_SHAPE_LIMITS): JsonShapeProblem | null {
  const complex = (message: string): JsonShapeProblem => ({ code: 'body_too_complex', message: `The request body ${message}` });
  let entries = 0;
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (typeof node === 'string') {
      if (node.length > limits.textLength) return complex(`has a text longer than ${count(limits.textLength)} characters`);
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > limits.depth) {
      return { code: 'body_too_deep', message: `The request body is nested more than ${limits.depth} levels deep` };
    }
    if (Array.isArray(node)) {
      if (node.length > limits.listItems) return complex(`has a list of more than ${count(limits.listItems)} items`);
      entries += node.length;
      if (entries > limits.entries) return complex(`holds more than ${count(limits.entries)} keys and list items in all`);
      for (const item of node) pending.push([item, depth + 1]);
      continue;
    }
    const keys = Object.keys(node);
    if (keys.length > limits.keysPerObject) return complex(`has an object of more than ${count(limits.keysPerObject)} keys`);
    entries += keys.length;
    if (entries > limits.entries) return complex(`holds more than ${count(limits.entries)} keys and list items in all`);
    for (const key of keys) {
      if (key.length > limits.textLength) return complex(`has a key longer than ${count(limits.textLength)} characters`);
      pending.push([(node as Record<string, unknown>)[key], depth + 1]);
    }
  }
  return null;
}

/**
 * Refuses with 400, right after parsing and before anything else reads it (the per-client counts, validation), a
 * body whose shape passes JSON_SHAPE_LIMITS: it costs a walk of the parsed body, never the seconds validation spent
 * on it, nor a stack overflow into a 500.
 */
export function jsonShapeLimit(req: Request, res: Response, next: NextFunction): void {
  const body: unknown = req.body;
  const problem = typeof body === 'object' && body !== null ? jsonShapeProblem(body) : null;
  if (problem === null) {
    next();
    return;
  }
  const answer: ApiErrorBody = { statusCode: 400, message: problem.message, code: problem.code };
  res.status(400).json(answer);
}
