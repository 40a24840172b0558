import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';

export const VERIFY_ADMIN_PATH = '/api/admin/verify';

/**
 * Whether the stored token still works. A 401 answers null (the API client has already removed the token);
 * any other failure raises. Either way the login shows.
 */
export async function verifyAdmin(): Promise<boolean> {
  const answer = await apiGet<{ ok: boolean }>(VERIFY_ADMIN_PATH);
  return answer?.ok === true;
}

/** Outside the ['admin'] key, so that refreshing the admin data never re-asks (and never logs out on a blip). */
export function verifyAdminQueryOptions() {
  return queryOptions({ queryKey: ['admin-session', 'verify'], queryFn: verifyAdmin });
}

/** Asks only when a token is stored; a fresh login fills the answer in itself. */
export function useVerifyAdmin(hasToken: boolean) {
  return useQuery({ ...verifyAdminQueryOptions(), enabled: hasToken });
}
