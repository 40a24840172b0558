import type { NextFunction, Request, Response } from 'express';
import type { ApiErrorBody } from '@brewery/shop-rules';

const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** The media types a picture upload may be sent as; what it is, is read from its bytes. */
export const PICTURE_UPLOAD_TYPE = /^(?:image\/[\w.+-]+|application\/octet-stream)\s*(?:;|$)/i;

/**
 * The one route that takes a file's bytes: a product picture, by the admin. It needs the admin's bearer token,
 * which a page on another site cannot send, and it refuses anything but a picture's bytes itself.
 */
function isPictureUpload(req: Request): boolean {
  // Its own route says what it takes, once the admin's token is checked (a form from another site has none).
  return req.method === 'POST' && /^\/api\/+admin\/+product-images\/?$/i.test(req.path);
}

/** True when the request carries a body: a length above zero, or a chunked upload of unknown length. */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? '0') > 0;
}

/**
 * The API takes JSON only. A form post (`application/x-www-form-urlencoded`, `multipart/form-data`,
 * `text/plain`) is what another site can make a visitor's browser send without asking: refused with 415
 * before any handler runs, so such a page cannot place orders that hold back stock.
 */
export function jsonBodiesOnly(req: Request, res: Response, next: NextFunction): void {
  if (
    !/^\/api(?:\/|$)/i.test(req.path) ||
    !hasBody(req) ||
    JSON_MEDIA_TYPE.test(req.headers['content-type'] ?? '') ||
    isPictureUpload(req)
  ) {
    next();
    return;
  }
  const answer: ApiErrorBody = {
    statusCode: 415,
    message: 'Send the request body as JSON (Content-Type: application/json)',
    code: 'unsupported_media_type',
  };
  res.status(415).json(answer);
}
