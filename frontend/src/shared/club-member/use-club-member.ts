import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { memberCheckQueryOptions } from './api/check-member-token';
import { clubMemberState, serverClubMemberState, subscribeToClubMember, takeMemberLink, type ClubMember } from './club-member-store';

export type { ClubMember } from './club-member-store';

/**
 * The beer club member this browser is, or null: `{ token, email, name }` once the token from a club link (kept
 * from `?member=` on any page that asks) belongs to an active or paused member. The server's HTML and the
 * browser's first drawing know no member, so a page drawn by the server takes over without a mismatch, and a
 * member's beers open a moment after. The token is checked with the server once a page load.
 */
export function useClubMember(): ClubMember | null {
  const { token, member } = useSyncExternalStore(subscribeToClubMember, clubMemberState, serverClubMemberState);
  useEffect(() => takeMemberLink(), []);
  useQuery({ ...memberCheckQueryOptions(token ?? ''), enabled: token !== null });
  return member;
}

/** Asks the server again whose the kept token is (a checkout refused it): a dead link is forgotten. */
export function useRecheckClubMember(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    const { token } = clubMemberState();
    if (token !== null) void queryClient.invalidateQueries({ queryKey: memberCheckQueryOptions(token).queryKey });
  }, [queryClient]);
}
