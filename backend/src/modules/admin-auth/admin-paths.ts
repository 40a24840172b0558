/**
 * Which requests the admin guard protects. Express matches routes case-insensitively and forgives repeated
 * slashes, so the comparison does too: `/API//Admin/products` is an admin request like any other.
 */
export const ADMIN_PREFIX = '/api/admin';

export function normalizePath(path: string): string {
  const collapsed = path.toLowerCase().replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}

export function isAdminPath(path: string): boolean {
  const normalized = normalizePath(path);
  return normalized === ADMIN_PREFIX || normalized.startsWith(`${ADMIN_PREFIX}/`);
}
