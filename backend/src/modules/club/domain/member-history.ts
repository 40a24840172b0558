import { decimalString, perthLongDate } from '@brewery/shop-rules';
import type { ClubMemberEvent } from './club-member.events';

/** A member's event in the member's words (their page's history, and the admin's). */
export function describeMemberEvent(event: Pick<ClubMemberEvent, 'type' | 'data'>): string {
  const e = event as ClubMemberEvent;
  switch (e.type) {
    case 'ClubMemberJoined':
      return `Joined the club: ${e.data.planName}, ${e.data.fulfilment.method === 'pickup' ? 'collected at the cellar door' : 'posted'}`;
    case 'ClubCardUpdateStarted':
      return 'Started saving a new card';
    case 'ClubCardSaved':
      return `Card saved: ${e.data.brand} ending ${e.data.last4}`;
    case 'ClubMemberPaused':
      return 'Membership paused: runs are skipped until it is resumed';
    case 'ClubMemberResumed':
      return 'Membership resumed';
    case 'ClubMemberCancelled':
      return 'Membership cancelled';
    case 'ClubMemberDetailsChanged':
      return `Details changed: ${e.data.fulfilment.method === 'pickup' ? 'collected at the cellar door' : `posted to ${e.data.customer.suburb} ${e.data.customer.postCode}`}`;
    case 'ClubRunJoined':
      return `In the run charged ${perthLongDate(e.data.chargeAt)}: cans held`;
    case 'ClubRunSkipped':
      return 'Skipped a run: its cans went back on sale';
    case 'ClubRunUnskipped':
      return 'Took the skipped run back: its cans are held again';
    case 'ClubShareReleased':
      return `Not charged for a run (membership ${e.data.reason.replace('_', ' ')}): its cans went back on sale`;
    case 'ClubChargeOpened':
      return `Run order #${e.data.orderId} opened`;
    case 'ClubChargeAttempted':
      return e.data.attempt === 1 ? 'Card charged for the run' : `Card charged again (try ${e.data.attempt})`;
    case 'ClubPaymentAttached':
      return 'Payment opened with the card provider';
    case 'ClubChargeDeclined':
      return `${e.data.code === 'authentication_required' ? 'The bank asked to confirm the payment' : 'Card declined'}: ${e.data.message}${
        e.data.nextTryAt === null ? '' : ` Next try ${perthLongDate(e.data.nextTryAt)}.`
      }`;
    case 'ClubMemberPastDue':
      return `Past due: every try for order #${e.data.orderId} failed; its cans went back on sale`;
    case 'ClubRunCharged':
      return `Paid $${decimalString(e.data.amountCents)}: order #${e.data.orderId}`;
  }
}
