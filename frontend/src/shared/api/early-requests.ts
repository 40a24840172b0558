import type { PublicConfig } from '@brewery/shop-rules';
import { readAdminToken } from './admin-token';

/**
 * What `/admin-boot.js` leaves on the page: the requests the admin shell named, made with the stored token
 * before the shop's code arrived, by path.
 */
export interface EarlyRequests {
  token: string;
  responses: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    __shopEarlyRequests?: EarlyRequests;
  }
}

/** The id of the JSON in the admin shell that lists the requests `/admin-boot.js` makes. */
export const ADMIN_BOOT_DATA_ID = 'admin-boot';

/** What the admin shell tells the page before any script runs. */
export interface AdminBoot {
  /**
   * The local storage key the admin token is kept under (`STORAGE_KEYS.adminToken`): `/admin-boot.js` is a plain
   * script that imports nothing, so the shell tells it where to read the token.
   */
  tokenKey: string;
  /** GETs under `/api/admin/` for `/admin-boot.js` to make with the stored token. */
  requests: string[];
  /** The shop's public configuration (`GET /api/config`), so the header and footer need not ask for it. */
  config?: PublicConfig;
  /**
   * The server drew the order tab for an operator whose session cookie it checked, from this first page (as
   * `GET /api/admin/orders/search` answers it): the browser starts from it instead of asking again.
   */
  drawn?: { firstPage: unknown; ageVerified: boolean; origin: string };
}

/** The admin shell's data, or null on any other page. */
export function readAdminBoot(doc: Document): AdminBoot | null {
  const text = doc.getElementById(ADMIN_BOOT_DATA_ID)?.textContent;
  if (text === undefined || text === null) return null;
  try {
    return JSON.parse(text) as AdminBoot;
  } catch {
    return null;
  }
}

/**
 * The answer to a GET of this path that the page's boot script already asked for, taken once (a body can be
 * read once); none when there is none, or when it went with another token than the one stored now.
 */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const early = window.__shopEarlyRequests;
  if (early === undefined || !Object.hasOwn(early.responses, path)) return undefined;
  const response = early.responses[path];
  delete early.responses[path];
  return early.token === readAdminToken() ? response : undefined;
}
