import type { Request, Response } from 'express';

/** The operator's session as a cookie, for the server to draw the admin's first page of orders with its HTML. */
export const ADMIN_SESSION_COOKIE = 'admin_session';

/**
 * Where the cookie goes: only with requests for the admin page itself (`/admin`, `/admin?tab=…`), never with
 * an API request, so the API keeps taking the bearer token alone and the cookie can change nothing (no request
 * it rides on changes anything: the page is a read). HttpOnly (no script reads it), SameSite=Strict (no other
 * site's link brings it along), Secure over HTTPS.
 */
const PATH = '/admin';

/** Sets (or renews) the cookie to the token, for as long as the token lives (`now`: the shop's clock). */
export function setAdminSessionCookie(req: Request, res: Response, token: string, expiresAtSeconds: number, now: Date): void {
  const maxAge = expiresAtSeconds * 1000 - now.getTime();
  if (maxAge <= 0) return;
  res.cookie(ADMIN_SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: PATH, maxAge });
}

/** Removes the cookie (log out). */
export function clearAdminSessionCookie(req: Request, res: Response): void {
  res.clearCookie(ADMIN_SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: PATH });
}

/** The token in a request's Cookie header, if it carries the session cookie. */
export function adminSessionToken(cookieHeader: string | undefined): string | null {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === ADMIN_SESSION_COOKIE) {
      const value = pair.slice(at + 1).trim();
      return /^[A-Za-z0-9._-]+$/.test(value) ? value : null;
    }
  }
  return null;
}
