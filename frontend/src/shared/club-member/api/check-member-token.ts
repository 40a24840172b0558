import type { ClubMemberStatus, ClubMemberView } from '@brewery/shop-rules';
import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { ApiError } from '@/shared/api/api-error';
import { forgetMemberToken, rememberClubMember, type ClubMember } from '../club-member-store';

/** The memberships whose member may buy a beer before its release, from its `membersFrom`. */
export const EARLY_ACCESS_STATUSES: readonly ClubMemberStatus[] = ['active', 'paused'];

const NOT_FOUND = 404;

/** The address the member's own page reads: `GET /api/club/manage?token=`. */
export const memberCheckPath = (token: string): string => `/api/club/manage?token=${encodeURIComponent(token)}`;

/**
 * Whose `token` is, as the server says: a member who may buy early (active or paused), or null. A token the server
 * does not know (404), or a membership that ended, is forgotten; a membership that may come back (past due, no card
 * yet) keeps its token. A failure to ask leaves the browser as it was.
 */
export async function checkMemberToken(token: string): Promise<ClubMember | null> {
  let view: ClubMemberView;
  try {
    view = await apiJson<ClubMemberView>('GET', memberCheckPath(token));
  } catch (error) {
    if (error instanceof ApiError && error.status === NOT_FOUND) forgetMemberToken(token);
    throw error;
  }
  if (view.status === 'cancelled') {
    forgetMemberToken(token);
    return null;
  }
  const email = typeof view.customer?.email === 'string' ? view.customer.email.trim() : '';
  const member = EARLY_ACCESS_STATUSES.includes(view.status) && email !== '' ? { token, email, name: view.customer.name ?? '' } : null;
  rememberClubMember(token, member);
  return member;
}

/** Asked once a page load (the answer is kept), however many beers on the page want to know. */
export function memberCheckQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['club', 'member-browser', token],
    queryFn: () => checkMemberToken(token),
    staleTime: Infinity,
    retry: false,
  });
}
