import { reloadPage } from '@/shared/browser/page-navigation';
import { ApiError } from './api-error';
import { readAdminToken, removeAdminToken } from './admin-token';
import { takeEarlyResponse } from './early-requests';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const ADMIN_SEGMENT = '/api/admin';
/** A 401 from login means a wrong password (or two-factor code), not an expired session: it must reach the form. */
const CREDENTIAL_PATHS = ['/api/admin/login'] as const;

export const AUTHENTICATION_REQUIRED = 'Authentication required';

/**
 * Read-your-writes across the shop's processes: every answer to a write carries the position it was written
 * at, and every request sends back the highest one seen, so whichever process serves it answers with what this
 * page wrote. Kept for the page's life only.
 */
export const POSITION_HEADER = 'X-Shop-Position';
let seenPosition = -1;

/** Remembers the position an answer carries (the highest wins). */
export function notePosition(response: Response): void {
  const header = response.headers.get(POSITION_HEADER);
  if (header === null || !/^\d{1,15}$/.test(header)) return;
  seenPosition = Math.max(seenPosition, Number(header));
}

/** The header to send with a request: the highest position this page has been answered with, if any. */
export function positionHeaders(): Record<string, string> {
  return seenPosition < 0 ? {} : { [POSITION_HEADER]: String(seenPosition) };
}

export function isAdminPath(path: string): boolean {
  return path.includes(ADMIN_SEGMENT);
}

function isExpiredAdminSession(path: string, response: Response): boolean {
  const bare = path.split('?')[0] ?? '';
  return response.status === 401 && isAdminPath(path) && !CREDENTIAL_PATHS.some((credential) => bare.endsWith(credential));
}

/**
 * Every answer goes through here: its position is noted; a 401 on an admin path (the token expired, was logged
 * out or refused) ends the admin session, dropping the token and reloading to the login, and gives null; any
 * other refusal raises an ApiError. Otherwise the OK answer, for the caller to read.
 */
async function received(path: string, response: Response): Promise<Response | null> {
  notePosition(response);
  if (isExpiredAdminSession(path, response)) {
    removeAdminToken();
    reloadPage();
    return null;
  }
  await throwIfNotOk(response);
  return response;
}

/** Sends one request and returns its OK answer; an ended admin session raises "Authentication required". */
async function send(path: string, init: RequestInit): Promise<Response> {
  const response = await received(path, await fetch(path, init));
  if (response === null) throw new Error(AUTHENTICATION_REQUIRED);
  return response;
}

function requestInit(method: HttpMethod, path: string, body: unknown, extraHeaders: Record<string, string> = {}): RequestInit {
  const headers = new Headers({ ...positionHeaders(), ...extraHeaders });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (isAdminPath(path)) {
    const token = readAdminToken();
    if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  }
  return {
    method,
    headers,
    credentials: 'include',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text();
  throw new ApiError(response.status, text, response.statusText, response.headers);
}

/**
 * The generic helper: sends one request and returns the OK response for the caller to read (JSON, CSV, PDF).
 * A 401 on an admin path ends the admin session. `headers` adds to the ones set here (an Idempotency-Key).
 */
export async function apiRequest(method: HttpMethod, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response> {
  return send(path, requestInit(method, path, body, headers));
}

/**
 * Sends a file's own bytes (a picture) as the body, typed as the file says (the server reads what it is from
 * the bytes), and parses the JSON answer. `headers` adds to the ones set here.
 */
export async function apiUpload<T>(path: string, file: Blob, headers: Record<string, string> = {}): Promise<T> {
  const init = requestInit('POST', path, undefined, { ...headers, 'Content-Type': file.type || 'application/octet-stream' });
  return parseJson<T>(await send(path, { ...init, body: file }));
}

/** Sends a request and parses its JSON answer; an empty body reads as null. */
export async function apiJson<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, path, body);
  return parseJson<T>(response);
}

/**
 * The default reader for queries: GET and parse JSON. On an expired admin session it returns null,
 * because the page is already reloading.
 */
export async function apiGet<T>(path: string): Promise<T | null> {
  const response = await received(path, await (takeEarlyResponse(path) ?? fetch(path, requestInit('GET', path, undefined))));
  return response === null ? null : parseJson<T>(response);
}

async function parseJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  // Callers type the body; the API is ours and answers the shared types.
  return (text ? JSON.parse(text) : null) as T;
}
