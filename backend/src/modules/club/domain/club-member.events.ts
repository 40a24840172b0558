import type { DomainEvent } from '@brewery/eventstore';
import type { ClubFulfilment, ClubMemberStatus } from '@brewery/shop-rules';
import type { OrderCustomer } from '../../orders';

/** The member's details as checked at join (the checkout's rules): who they are and where their packs go. */
export type MemberCustomer = OrderCustomer;

/** Cans of one beer held for a member in a run (the product's hold is `clubShareHoldId(runId, memberId)`). */
export interface ShareHold {
  productId: string;
  quantity: number;
}

export type ClubMemberJoined = DomainEvent<
  'ClubMemberJoined',
  {
    memberId: string;
    planId: string;
    planName: string;
    customer: MemberCustomer;
    fulfilment: ClubFulfilment;
    /** The SetupIntent opened to save the member's card. */
    setupIntentId: string;
    joinedAt: string;
  }
>;
export type ClubCardUpdateStarted = DomainEvent<'ClubCardUpdateStarted', { setupIntentId: string; at: string }>;
export type ClubCardSaved = DomainEvent<
  'ClubCardSaved',
  { setupIntentId: string; paymentMethodId: string; customerId: string; brand: string; last4: string; at: string }
>;
export type ClubMemberPaused = DomainEvent<'ClubMemberPaused', { at: string }>;
export type ClubMemberResumed = DomainEvent<'ClubMemberResumed', { at: string }>;
export type ClubMemberCancelled = DomainEvent<'ClubMemberCancelled', { at: string }>;
export type ClubMemberDetailsChanged = DomainEvent<
  'ClubMemberDetailsChanged',
  { customer: MemberCustomer; fulfilment: ClubFulfilment; at: string }
>;
/** The member is in a run: their cans are held from its creation. */
export type ClubRunJoined = DomainEvent<'ClubRunJoined', { runId: string; chargeAt: string; holds: ShareHold[]; at: string }>;
export type ClubRunSkipped = DomainEvent<'ClubRunSkipped', { runId: string; at: string }>;
/** A skip undone before the charge: the member's cans are held again (taken again on the products first). */
export type ClubRunUnskipped = DomainEvent<'ClubRunUnskipped', { runId: string; at: string }>;
/**
 * The member's cans of a run went back on sale without a charge: they paused, cancelled, or were not active. With
 * `orderId`: the run's order was being retried (declined) when they cancelled, and ends unpaid.
 */
export type ClubShareReleased = DomainEvent<
  'ClubShareReleased',
  { runId: string; reason: Exclude<ClubMemberStatus, 'active'>; at: string; orderId?: string }
>;
/** The run's order for the member is numbered (before it is placed, so a retry places the same one). */
export type ClubChargeOpened = DomainEvent<'ClubChargeOpened', { runId: string; orderId: string; at: string }>;
/** Try `attempt` (1 at the run's charge, then each retry) is under way: its provider call is keyed by it. */
export type ClubChargeAttempted = DomainEvent<'ClubChargeAttempted', { runId: string; attempt: number; at: string }>;
export type ClubPaymentAttached = DomainEvent<'ClubPaymentAttached', { runId: string; paymentIntentId: string }>;
/**
 * A try failed: `code` is the provider's (`card_declined`, `authentication_required`…). `nextTryAt`: the next retry,
 * or null after the last one (then `ClubMemberPastDue` follows).
 */
export type ClubChargeDeclined = DomainEvent<
  'ClubChargeDeclined',
  { runId: string; attempt: number; code: string; message: string; nextTryAt: string | null; at: string }
>;
export type ClubMemberPastDue = DomainEvent<'ClubMemberPastDue', { runId: string; orderId: string; at: string }>;
export type ClubRunCharged = DomainEvent<'ClubRunCharged', { runId: string; orderId: string; amountCents: number; at: string }>;

export type ClubMemberEvent =
  | ClubMemberJoined
  | ClubCardUpdateStarted
  | ClubCardSaved
  | ClubMemberPaused
  | ClubMemberResumed
  | ClubMemberCancelled
  | ClubMemberDetailsChanged
  | ClubRunJoined
  | ClubRunSkipped
  | ClubRunUnskipped
  | ClubShareReleased
  | ClubChargeOpened
  | ClubChargeAttempted
  | ClubPaymentAttached
  | ClubChargeDeclined
  | ClubMemberPastDue
  | ClubRunCharged;

export const CLUB_MEMBER_EVENT_TYPES = [
  'ClubMemberJoined',
  'ClubCardUpdateStarted',
  'ClubCardSaved',
  'ClubMemberPaused',
  'ClubMemberResumed',
  'ClubMemberCancelled',
  'ClubMemberDetailsChanged',
  'ClubRunJoined',
  'ClubRunSkipped',
  'ClubRunUnskipped',
  'ClubShareReleased',
  'ClubChargeOpened',
  'ClubChargeAttempted',
  'ClubPaymentAttached',
  'ClubChargeDeclined',
  'ClubMemberPastDue',
  'ClubRunCharged',
] as const satisfies readonly ClubMemberEvent['type'][];

export const clubMemberStreamName = (memberId: string): string => `clubmember-${memberId}`;

/** The product hold of a member's share of a run. */
export const clubShareHoldId = (runId: string, memberId: string): string => `club-${runId}-${memberId}`;
