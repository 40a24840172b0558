import type { StaffSession } from '@brewery/shop-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiJson } from '@/shared/api/api-client';
import { ADMIN_QUERY_KEY, adminQueryKey } from '@/shared/api/admin-query-key';

export type { StaffSession } from '@brewery/shop-rules';

/** Whose sessions: mine (`/api/admin/me/sessions`) or a person's on the staff (`/api/admin/staff/{id}/sessions`). */
export type SessionsOf = { kind: 'me' } | { kind: 'staff'; staffId: string };

function sessionsPath(of: SessionsOf): string {
  return of.kind === 'me' ? '/api/admin/me/sessions' : `/api/admin/staff/${encodeURIComponent(of.staffId)}/sessions`;
}

/** The live sessions, newest first (`current`: the one this page signed in with). */
export async function getSessions(of: SessionsOf): Promise<StaffSession[] | null> {
  return apiGet<StaffSession[]>(sessionsPath(of));
}

export function sessionsQueryOptions(of: SessionsOf) {
  return queryOptions({
    queryKey: of.kind === 'me' ? adminQueryKey('me', 'sessions') : adminQueryKey('staff', of.staffId, 'sessions'),
    queryFn: () => getSessions(of),
  });
}

export function useSessions(of: SessionsOf, enabled = true) {
  return useQuery({ ...sessionsQueryOptions(of), enabled });
}

/** Ends one session (a phone left signed in): from then on its token is refused everywhere. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ of, sessionId }: { of: SessionsOf; sessionId: string }) =>
      apiJson<{ ended: true }>('DELETE', `${sessionsPath(of)}/${encodeURIComponent(sessionId)}`),
    // The list, and the activity trail that records it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
