/** What other parts of the server may use from the beer club. */
export { ClubModule } from './club.module';
export { ClubMembers } from './members/club-members.service';
export { ClubRunSweep } from './runs/club-run-sweep.service';
/** The member events that end a run's order unpaid (the last try failed, or the member cancelled while it was retried). */
export const CLUB_ORDER_ENDINGS = ['ClubMemberPastDue', 'ClubShareReleased'] as const;
export type { ClubMemberPastDue, ClubShareReleased } from './domain/club-member.events';
