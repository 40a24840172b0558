import { STORAGE_KEYS } from '@/shared/config/storage-keys';

/**
 * The admin token lives in local storage under `adminToken` (spec section 6). Everything that reads, keeps or
 * drops it goes through here: the API client, the early start of a returning operator's visit, the gate. The one
 * reader outside the shop's code, `/admin-boot.js`, takes the key from the admin shell's boot data.
 */
export function readAdminToken(): string | null {
  if (typeof window === 'undefined') return null;
  const token = window.localStorage.getItem(STORAGE_KEYS.adminToken);
  return token === null || token === '' ? null : token;
}

export function storeAdminToken(token: string): void {
  window.localStorage.setItem(STORAGE_KEYS.adminToken, token);
}

export function removeAdminToken(): void {
  window.localStorage.removeItem(STORAGE_KEYS.adminToken);
}
