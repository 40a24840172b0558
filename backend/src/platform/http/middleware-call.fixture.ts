import type { NextFunction, Request, Response } from 'express';

type Middleware = (req: Request, res: Response, next: NextFunction) => void;

/**
 * Calls an Express middleware once with the given request fields and a response that records the status
 * and the JSON it was sent; `next` tells whether the request was passed on.
 */
export function callMiddleware(middleware: Middleware, request: Partial<Pick<Request, 'path' | 'headers' | 'body'>>) {
  const res = {
    statusCode: 200,
    sent: undefined as unknown,
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    json(value: unknown) {
      this.sent = value;
      return this;
    },
  };
  const next = jest.fn();
  middleware(request as Request, res as unknown as Response, next as NextFunction);
  return { res, next };
}
