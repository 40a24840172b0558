import type { ClubMemberStatus, ClubMemberView, ClubShareView } from '@brewery/shop-rules';

/** How long the page waits for the server to record a saved card or a payment (its webhook) before saying so. */
export const SETTLE_WAIT_MS = 15_000;

/** Joined: the card is recorded and the membership is live (or anything else than still waiting for it). */
export const joined = (view: ClubMemberView): boolean => view.status !== 'pending_card';

/**
 * A card update has been recorded: the member is no longer waiting for a card nor past due, and either the card
 * shown changed or the status moved on (the same card saved again keeps its last four digits).
 */
export function cardUpdated(before: ClubMemberView): (view: ClubMemberView) => boolean {
  return (view) => {
    if (view.status === 'past_due' || view.status === 'pending_card' || view.card === null) return false;
    const changed = before.card === null || view.card.last4 !== before.card.last4 || view.card.brand !== before.card.brand;
    return changed || view.status !== before.status;
  };
}

/** A run paid now: its share is charged (or already packed). */
export function sharePaid(runId: string): (view: ClubMemberView) => boolean {
  return (view) => {
    const share = view.runs.find((run) => run.runId === runId);
    return share !== undefined && (share.status === 'charged' || share.status === 'packed');
  };
}

/** A membership that can change (not cancelled). */
export const isLive = (status: ClubMemberStatus): boolean => status !== 'cancelled';

/** Skip offered while the cans are held and the charge is still to come. */
export const canSkip = (share: ClubShareView, status: ClubMemberStatus): boolean => share.status === 'held' && isLive(status);

/** Undo offered for a skip made before the charge, while the charge is still to come. */
export const canUndoSkip = (share: ClubShareView, status: ClubMemberStatus, now: number): boolean =>
  share.status === 'skipped' && isLive(status) && Date.parse(share.chargeAt) > now;

/** Pay now offered for a charge that was refused or awaits the member's bank. */
export const canPayNow = (share: ClubShareView, status: ClubMemberStatus): boolean =>
  (share.status === 'declined' || share.status === 'needs_authentication') && isLive(status);

/** Pause while active, Resume while paused; neither otherwise. */
export function pauseAction(status: ClubMemberStatus): 'pause' | 'resume' | null {
  if (status === 'active') return 'pause';
  if (status === 'paused') return 'resume';
  return null;
}

/** What the page says under the status, for the states that ask something of the member. */
export function statusNote(status: ClubMemberStatus): string | null {
  switch (status) {
    case 'pending_card':
      return 'Your membership starts once a card is saved for it. Add one below.';
    case 'paused':
      return 'Your membership is paused: no runs are charged or sent until you resume it.';
    case 'past_due':
      return 'We could not take a payment after several tries. Update your card to carry on.';
    case 'cancelled':
      return 'This membership is cancelled. You are welcome to join again from the club page.';
    case 'active':
      return null;
  }
}
