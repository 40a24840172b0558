import type { NextFunction, Request, Response } from 'express';
import type { ApiErrorBody } from '@brewery/shop-rules';

// NUL, or half of a surrogate pair: valid in a JSON string or a URL, but PostgreSQL cannot store either.
// eslint-disable-next-line no-control-regex -- a NUL is exactly what it looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** Whether any string or key in a parsed JSON value is unstorable; walked with a stack, not recursion. */
export function containsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node === 'string') {
      if (isUnstorableText(node)) return true;
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        if (isUnstorableText(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    // Broken percent-encoding: the router answers that one with 400 itself.
    return null;
  }
}

/**
 * Refuses with 400 a request whose path or JSON body carries a NUL or a lone surrogate: such text reached
 * stream names and event data, and the event store's refusal came back as a 500.
 */
export function storableTextOnly(req: Request, res: Response, next: NextFunction): void {
  const path = decodedPath(req.path);
  if ((path === null || !isUnstorableText(path)) && !containsUnstorableText(req.body)) {
    next();
    return;
  }
  const answer: ApiErrorBody = {
    statusCode: 400,
    message: 'The request holds characters the shop cannot store (a NUL or half of a surrogate pair)',
    code: 'unstorable_text',
  };
  res.status(400).json(answer);
}
