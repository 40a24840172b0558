import type { AdminMe } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { adminQueryKey } from '@/shared/api/admin-query-key';

export type { AdminMe } from '@brewery/shop-rules';

export const ADMIN_ME_PATH = '/api/admin/me';

/** `GET /api/admin/me`: who is signed in, their role and what it allows; null when the session has just ended (401). */
export async function getAdminMe(): Promise<AdminMe | null> {
  return apiGet<AdminMe>(ADMIN_ME_PATH);
}

/**
 * Under the admin key: any change the person makes reads it again (an owner who changes their own role, or turns
 * their codes on, sees the panel follow at once), and logging out forgets it with everything else.
 */
export function adminMeQueryOptions() {
  return queryOptions({ queryKey: adminQueryKey('me'), queryFn: getAdminMe });
}

/** Asked once the stored token is known to be good: the dashboard and the My account tab read the same answer. */
export function useAdminMe() {
  return useQuery(adminMeQueryOptions());
}
