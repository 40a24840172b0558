import { CLUB_RETRY_DAYS, type ClubFulfilment, type ClubMemberStatus, type ClubShareStatus } from '@brewery/shop-rules';
import { assertNever, type Decider } from '../../../shared-kernel/decider';
import { ClubErrors } from './club-member.errors';
import type { ClubMemberEvent, ClubShareReleased, MemberCustomer, ShareHold } from './club-member.events';

/** The member's part in one run, as their stream says. */
export interface MemberShare {
  runId: string;
  chargeAt: string;
  holds: readonly ShareHold[];
  status: ClubShareStatus;
  orderId: string | null;
  paymentIntentId: string | null;
  /** Tries begun. */
  attempts: number;
  /** Tries whose outcome is recorded (a decline; a success ends it). */
  settledAttempts: number;
  nextTryAt: string | null;
  lastError: string | null;
}

export interface MemberCard {
  paymentMethodId: string;
  customerId: string;
  brand: string;
  last4: string;
}

export type ClubMemberState =
  | { status: 'absent' }
  | {
      status: ClubMemberStatus;
      memberId: string;
      planId: string;
      planName: string;
      customer: MemberCustomer;
      fulfilment: ClubFulfilment;
      setupIntentIds: readonly string[];
      card: MemberCard | null;
      shares: Readonly<Record<string, MemberShare>>;
      joinedAt: string;
    };

export type JoinedMember = Exclude<ClubMemberState, { status: 'absent' }>;

export type ClubMemberCommand =
  | {
      type: 'JoinClub';
      memberId: string;
      planId: string;
      planName: string;
      customer: MemberCustomer;
      fulfilment: ClubFulfilment;
      setupIntentId: string;
      at: string;
    }
  | { type: 'StartCardUpdate'; setupIntentId: string; at: string }
  | { type: 'SaveCard'; setupIntentId: string; card: MemberCard; at: string }
  | { type: 'PauseMembership'; at: string }
  | { type: 'ResumeMembership'; at: string }
  | { type: 'CancelMembership'; at: string }
  | { type: 'ChangeDetails'; customer: MemberCustomer; fulfilment: ClubFulfilment; at: string }
  | { type: 'JoinRun'; runId: string; chargeAt: string; holds: readonly ShareHold[]; at: string }
  | { type: 'SkipRun'; runId: string; at: string }
  /** `held`: the share's cans were taken again on the products (the service does it first). */
  | { type: 'UnskipRun'; runId: string; at: string }
  /** The run's charge is due: numbered as `orderId` for an active member, or released for one who is not. */
  | { type: 'OpenCharge'; runId: string; orderId: string; at: string }
  | { type: 'AttemptCharge'; runId: string; attempt: number; at: string }
  | { type: 'AttachPayment'; runId: string; paymentIntentId: string }
  | { type: 'RecordDecline'; runId: string; attempt: number; code: string; message: string; at: string }
  | { type: 'RecordCharged'; runId: string; orderId: string; amountCents: number; at: string };

/** A share whose story has ended: nothing more is charged or held for it. */
export const SETTLED_SHARES: ReadonlySet<ClubShareStatus> = new Set(['skipped', 'released', 'charged', 'packed', 'past_due']);

/** When try `attempt` + 1 is due: 1, 3 and 7 days after the run's charge; null after the last. */
export function nextTryAt(chargeAt: string, attempt: number): string | null {
  const days = CLUB_RETRY_DAYS[attempt - 1];
  return days === undefined ? null : new Date(Date.parse(chargeAt) + days * 86_400_000).toISOString();
}

/** Whether a share is due a try at `at`: its first at the run's charge, a retry at its time. */
export function chargeDue(share: MemberShare, at: string): boolean {
  const now = Date.parse(at);
  if (share.status === 'held' || share.status === 'charging') return now >= Date.parse(share.chargeAt);
  if (share.status === 'declined' || share.status === 'needs_authentication') {
    return share.nextTryAt !== null && now >= Date.parse(share.nextTryAt);
  }
  return false;
}

/**
 * Whether a checkout with the member's link may buy a beer open to members early: the member is active or paused and the
 * checkout's e-mail address is theirs. Refused otherwise (`invalid_member_link`, `member_email_mismatch`).
 */
export function checkEarlyAccess(member: ClubMemberState, email: string): void {
  if (member.status !== 'active' && member.status !== 'paused') throw ClubErrors.invalidMemberLink();
  if (member.customer.email.toLowerCase() !== email.trim().toLowerCase()) throw ClubErrors.memberEmailMismatch(member.customer.email);
}

/** The share of a run the member may pay on-session (declined, or needing authentication, with its payment opened). */
export function payableShare(member: JoinedMember, runId: unknown): MemberShare & { paymentIntentId: string; orderId: string } {
  const share = typeof runId === 'string' ? member.shares[runId] : undefined;
  if (share === undefined) throw ClubErrors.runNotFound(String(runId));
  const { paymentIntentId, orderId } = share;
  if ((share.status !== 'declined' && share.status !== 'needs_authentication') || paymentIntentId === null || orderId === null) {
    throw ClubErrors.nothingToPay();
  }
  return { ...share, paymentIntentId, orderId };
}

/**
 * One member of the beer club (`clubmember-<id>`): their card, their details, their status, and their part in each
 * run, from held cans to a paid order (or a skip, a release, or past due after the last try).
 */
export const clubMemberDecider: Decider<ClubMemberState, ClubMemberCommand, ClubMemberEvent> = {
  initialState: { status: 'absent' },
  decide,
  evolve,
};

function decide(command: ClubMemberCommand, state: ClubMemberState): ClubMemberEvent[] {
  if (command.type === 'JoinClub') {
    // Joined again with the same setup: a retry. A member who never saved a card, or who cancelled, may join afresh.
    if (state.status !== 'absent' && state.setupIntentIds.includes(command.setupIntentId)) return [];
    if (state.status === 'absent' || state.status === 'pending_card' || state.status === 'cancelled') {
      const { type: _type, at, ...joined } = command;
      return [{ type: 'ClubMemberJoined', data: { ...joined, joinedAt: at } }];
    }
    throw ClubErrors.alreadyMember();
  }
  if (state.status === 'absent') throw ClubErrors.memberNotFound();
  const at = command.type === 'AttachPayment' ? '' : command.at;
  switch (command.type) {
    case 'StartCardUpdate':
      if (state.status === 'cancelled') throw ClubErrors.membershipEnded();
      if (state.setupIntentIds.includes(command.setupIntentId)) return [];
      return [{ type: 'ClubCardUpdateStarted', data: { setupIntentId: command.setupIntentId, at } }];
    case 'SaveCard':
      // A card saved after a cancel, or twice, changes nothing; any setup the member opened may save it.
      if (state.status === 'cancelled' || !state.setupIntentIds.includes(command.setupIntentId)) return [];
      if (state.card?.paymentMethodId === command.card.paymentMethodId) return [];
      return [{ type: 'ClubCardSaved', data: { setupIntentId: command.setupIntentId, ...command.card, at } }];
    case 'PauseMembership':
      if (state.status === 'paused') return [];
      if (state.status !== 'active') throw ClubErrors.cannotPause(state.status);
      return [{ type: 'ClubMemberPaused', data: { at } }, ...releaseHeld(state, 'paused', at)];
    case 'ResumeMembership':
      if (state.status === 'active') return [];
      if (state.status !== 'paused') throw ClubErrors.cannotResume(state.status);
      return [{ type: 'ClubMemberResumed', data: { at } }];
    case 'CancelMembership':
      if (state.status === 'cancelled') return [];
      return [{ type: 'ClubMemberCancelled', data: { at } }, ...releaseHeld(state, 'cancelled', at), ...endRetries(state, at)];
    case 'ChangeDetails': {
      if (state.status === 'cancelled') throw ClubErrors.membershipEnded();
      const same =
        JSON.stringify(state.customer) === JSON.stringify(command.customer) &&
        JSON.stringify(state.fulfilment) === JSON.stringify(command.fulfilment);
      return same ? [] : [{ type: 'ClubMemberDetailsChanged', data: { customer: command.customer, fulfilment: command.fulfilment, at } }];
    }
    case 'JoinRun': {
      if (Object.hasOwn(state.shares, command.runId)) return [];
      const joined: ClubMemberEvent = {
        type: 'ClubRunJoined',
        data: { runId: command.runId, chargeAt: command.chargeAt, holds: [...command.holds], at },
      };
      // Not active any more when the run reached them: in the run, and released at once.
      return state.status === 'active'
        ? [joined]
        : [joined, { type: 'ClubShareReleased', data: { runId: command.runId, reason: state.status, at } }];
    }
    case 'SkipRun': {
      const share = shareOf(state, command.runId);
      if (share.status === 'skipped') return [];
      if (share.status !== 'held') throw ClubErrors.runAlreadyCharged();
      return [{ type: 'ClubRunSkipped', data: { runId: command.runId, at } }];
    }
    case 'UnskipRun': {
      const share = shareOf(state, command.runId);
      if (share.status === 'held') return [];
      if (share.status !== 'skipped' || Date.parse(command.at) >= Date.parse(share.chargeAt)) throw ClubErrors.runAlreadyCharged();
      if (state.status !== 'active') throw ClubErrors.cannotResume(state.status);
      return [{ type: 'ClubRunUnskipped', data: { runId: command.runId, at } }];
    }
    case 'OpenCharge': {
      const share = shareOf(state, command.runId);
      if (share.status !== 'held') return [];
      if (state.status !== 'active') return [{ type: 'ClubShareReleased', data: { runId: command.runId, reason: state.status, at } }];
      if (state.card === null) return [{ type: 'ClubShareReleased', data: { runId: command.runId, reason: 'pending_card', at } }];
      return [{ type: 'ClubChargeOpened', data: { runId: command.runId, orderId: command.orderId, at } }];
    }
    case 'AttemptCharge': {
      const share = shareOf(state, command.runId);
      if (share.orderId === null || SETTLED_SHARES.has(share.status) || share.attempts >= command.attempt) return [];
      if (command.attempt !== share.attempts + 1) return [];
      return [{ type: 'ClubChargeAttempted', data: { runId: command.runId, attempt: command.attempt, at } }];
    }
    case 'AttachPayment': {
      const share = shareOf(state, command.runId);
      if (share.paymentIntentId !== null) return [];
      return [{ type: 'ClubPaymentAttached', data: { runId: command.runId, paymentIntentId: command.paymentIntentId } }];
    }
    case 'RecordDecline': {
      const share = shareOf(state, command.runId);
      if (SETTLED_SHARES.has(share.status) || command.attempt !== share.attempts || share.settledAttempts >= command.attempt) return [];
      const next = nextTryAt(share.chargeAt, command.attempt);
      const declined: ClubMemberEvent = {
        type: 'ClubChargeDeclined',
        data: { runId: command.runId, attempt: command.attempt, code: command.code, message: command.message, nextTryAt: next, at },
      };
      if (next !== null || share.orderId === null) return [declined];
      return [declined, { type: 'ClubMemberPastDue', data: { runId: command.runId, orderId: share.orderId, at } }];
    }
    case 'RecordCharged': {
      const share = shareOf(state, command.runId);
      if (share.status === 'charged' || share.status === 'packed') return [];
      return [{ type: 'ClubRunCharged', data: { runId: command.runId, orderId: command.orderId, amountCents: command.amountCents, at } }];
    }
    default:
      return assertNever(command);
  }
}

function shareOf(state: JoinedMember, runId: string): MemberShare {
  const share = state.shares[runId];
  if (share === undefined) throw ClubErrors.runNotFound(runId);
  return share;
}

/** Every share still only held (not yet being charged) goes back on sale. */
function releaseHeld(state: JoinedMember, reason: ClubShareReleased['data']['reason'], at: string): ClubMemberEvent[] {
  return Object.values(state.shares)
    .filter((share) => share.status === 'held')
    .map((share) => ({ type: 'ClubShareReleased', data: { runId: share.runId, reason, at } }));
}

/** A member who cancels is not tried again: each run's charge still being retried ends (its order with it). */
function endRetries(state: JoinedMember, at: string): ClubMemberEvent[] {
  return Object.values(state.shares)
    .filter((share) => (share.status === 'declined' || share.status === 'needs_authentication') && share.orderId !== null)
    .map((share) => ({
      type: 'ClubShareReleased',
      data: { runId: share.runId, reason: 'cancelled', at, orderId: share.orderId ?? undefined },
    }));
}

function evolve(state: ClubMemberState, event: ClubMemberEvent): ClubMemberState {
  if (event.type === 'ClubMemberJoined') {
    const { setupIntentId, joinedAt, ...joined } = event.data;
    return { status: 'pending_card', ...joined, setupIntentIds: [setupIntentId], card: null, shares: {}, joinedAt };
  }
  if (state.status === 'absent') return state;
  const withShare = (runId: string, change: Partial<MemberShare>): JoinedMember => {
    const share = state.shares[runId];
    return share === undefined ? state : { ...state, shares: { ...state.shares, [runId]: { ...share, ...change } } };
  };
  switch (event.type) {
    case 'ClubCardUpdateStarted':
      return { ...state, setupIntentIds: [...state.setupIntentIds, event.data.setupIntentId] };
    case 'ClubCardSaved': {
      const { paymentMethodId, customerId, brand, last4 } = event.data;
      // A card saved makes a new member (or one past due) active again.
      const status = state.status === 'pending_card' || state.status === 'past_due' ? 'active' : state.status;
      return { ...state, status, card: { paymentMethodId, customerId, brand, last4 } };
    }
    case 'ClubMemberPaused':
      return { ...state, status: 'paused' };
    case 'ClubMemberResumed':
      return { ...state, status: 'active' };
    case 'ClubMemberCancelled':
      return { ...state, status: 'cancelled' };
    case 'ClubMemberDetailsChanged':
      return { ...state, customer: event.data.customer, fulfilment: event.data.fulfilment };
    case 'ClubRunJoined': {
      const { runId, chargeAt, holds } = event.data;
      const share: MemberShare = {
        runId,
        chargeAt,
        holds,
        status: 'held',
        orderId: null,
        paymentIntentId: null,
        attempts: 0,
        settledAttempts: 0,
        nextTryAt: null,
        lastError: null,
      };
      return { ...state, shares: { ...state.shares, [runId]: share } };
    }
    case 'ClubRunSkipped':
      return withShare(event.data.runId, { status: 'skipped' });
    case 'ClubRunUnskipped':
      return withShare(event.data.runId, { status: 'held' });
    case 'ClubShareReleased':
      return withShare(event.data.runId, { status: 'released' });
    case 'ClubChargeOpened':
      return withShare(event.data.runId, { status: 'charging', orderId: event.data.orderId });
    case 'ClubChargeAttempted':
      return withShare(event.data.runId, { status: 'charging', attempts: event.data.attempt, nextTryAt: null });
    case 'ClubPaymentAttached':
      return withShare(event.data.runId, { paymentIntentId: event.data.paymentIntentId });
    case 'ClubChargeDeclined':
      return withShare(event.data.runId, {
        status: event.data.code === 'authentication_required' ? 'needs_authentication' : 'declined',
        settledAttempts: event.data.attempt,
        nextTryAt: event.data.nextTryAt,
        lastError: event.data.message,
      });
    case 'ClubMemberPastDue':
      return { ...withShare(event.data.runId, { status: 'past_due', nextTryAt: null }), status: 'past_due' };
    case 'ClubRunCharged': {
      const charged = withShare(event.data.runId, { status: 'charged', orderId: event.data.orderId, nextTryAt: null });
      // Paid on-session after the last try: the member is square again.
      return charged.status === 'past_due' && state.shares[event.data.runId]?.status === 'past_due'
        ? { ...charged, status: 'active' }
        : charged;
    }
    default:
      return assertNever(event);
  }
}
