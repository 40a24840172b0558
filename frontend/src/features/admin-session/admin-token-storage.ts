import { STORAGE_KEYS } from '@/shared/config/storage-keys';

/** The admin token lives in local storage under `adminToken` (spec section 6); the API client reads it from there. */
export function readAdminToken(): string | null {
  const token = localStorage.getItem(STORAGE_KEYS.adminToken);
  return token === null || token === '' ? null : token;
}

export function storeAdminToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.adminToken, token);
}

export function removeAdminToken(): void {
  localStorage.removeItem(STORAGE_KEYS.adminToken);
}
