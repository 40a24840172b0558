import { createHmac, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';

/** The browser's checkout cookie: random, httpOnly, sent back on checkout only. */
export const CHECKOUT_COOKIE = 'shop_checkout';
const COOKIE_VALUE = /^[A-Za-z0-9_-]{32,64}$/;
const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** Who is checking out, as the HTTP edge saw it (raw: hash with `holderKeys` before recording). */
export interface CheckoutClient {
  /** The client's address: the socket's, or what a trusted proxy (TRUST_PROXY) says. */
  address: string;
  /** The browser's checkout cookie (set on its first checkout). */
  browserToken: string;
  /** Aborts when the client disconnects before the answer is sent. */
  signal: AbortSignal;
}

/**
 * Reads the client from the request and, when the browser has no checkout cookie yet, gives it one on the
 * response; the signal aborts when the connection closes before the response is complete.
 */
export function checkoutClientOf(req: Request, res: Response, secureCookie: boolean): CheckoutClient {
  const given = cookieValue(req.headers.cookie, CHECKOUT_COOKIE);
  const browserToken = given !== null && COOKIE_VALUE.test(given) ? given : randomBytes(24).toString('base64url');
  if (browserToken !== given) {
    res.cookie(CHECKOUT_COOKIE, browserToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
      path: '/api',
      maxAge: COOKIE_MAX_AGE_SECONDS * 1000,
    });
  }
  const controller = new AbortController();
  const gone = (): void => {
    if (!res.writableFinished) controller.abort();
  };
  // Under load the request may reach here after its client already left: its socket's 'end' or 'close' has
  // been and gone, and a listener added now would wait for ever.
  if (res.destroyed || req.socket.destroyed || req.socket.readableEnded) controller.abort();
  res.on('close', gone);
  // A client that hangs up may only half-close its side (FIN): the socket stays open for our answer, so
  // 'close' would come only after we had placed the order. Its end of the stream says it is gone.
  req.socket.once('end', gone);
  res.once('finish', () => req.socket.off('end', gone));
  return { address: clientAddressOf(req), browserToken, signal: controller.signal };
}

/** The client's address: the socket's, or what a trusted proxy (TRUST_PROXY) says. */
export function clientAddressOf(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** Keyed hashes of the holder, as recorded in OrderPlaced: stable for a client, meaningless without the key. */
export function holderKeys(secret: string, client: Pick<CheckoutClient, 'address' | 'browserToken'>): { client: string; browser: string } {
  return { client: keyed(secret, 'client', client.address), browser: keyed(secret, 'browser', client.browserToken) };
}

/** The keyed hash of a client address alone: `holderKeys(…).client`. */
export function clientKey(secret: string, address: string): string {
  return keyed(secret, 'client', address);
}

function keyed(secret: string, kind: string, value: string): string {
  return createHmac('sha256', secret).update(`${kind}\0${value}`).digest('base64url').slice(0, 22);
}

function cookieValue(header: string | undefined, name: string): string | null {
  if (header === undefined) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
