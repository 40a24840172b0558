import { Injectable } from '@nestjs/common';
import { streamId, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { ClubFulfilment, ClubMemberStatus, ClubShareStatus } from '@brewery/shop-rules';
import { applyFold, type Fold, type FoldedDoc } from '../../../platform/projections/fold';
import type { Projection } from '../../../platform/projections/projection';
import { CLUB_MEMBER_EVENT_TYPES, type ClubMemberEvent } from '../domain/club-member.events';
import { CLUB_RUN_EVENT_TYPES, type ClubRunDefinition, type ClubRunEvent } from '../domain/club-run.events';
import { nextTryAt } from '../domain/club-member.decider';

export const CLUB_MEMBERS = 'club-members';
export const CLUB_RUNS = 'club-runs';
export const CLUB_SHARES = 'club-shares';
export const CLUB_ORDERS = 'club-orders';

/** A member, as the admin list shows them. */
export interface ClubMemberDoc extends FoldedDoc {
  name: string;
  email: string;
  planId: string;
  planName: string;
  status: ClubMemberStatus;
  fulfilment: ClubFulfilment;
  card: { brand: string; last4: string } | null;
  joinedAt: string;
}

export interface ClubRunDoc extends FoldedDoc, ClubRunDefinition {
  createdAt: string;
  status: 'created' | 'held' | 'withdrawn' | 'settled';
  withdrawnReason: string | null;
}

/** A member's part in a run (`<runId>:<memberId>`), following the member's stream. */
export interface ClubShareDoc extends FoldedDoc {
  runId: string;
  memberId: string;
  chargeAt: string;
  status: ClubShareStatus;
  orderId: string | null;
  attempts: number;
  nextTryAt: string | null;
  lastError: string | null;
  /** The revision of the member's stream last folded in (the share's own guard). */
  memberRevision: number;
}

/** A run's order (by order number): what it took, less refunds, and whether it was packed. */
export interface ClubOrderDoc extends FoldedDoc {
  runId: string;
  memberId: string;
  paid: boolean;
  amountCents: number;
  refundedCents: number;
  paidAt: string | null;
  packed: boolean;
  memberRevision: number;
  /** Order events folded in, by id (each once). */
  orderEvents: string[];
}

const ORDER_EVENTS = ['OrderStatusChanged', 'OrderRefunded'] as const;
const PACKED_STATUSES: ReadonlySet<string> = new Set(['packed_awaiting_pickup', 'shipped', 'delivered']);

const memberFold: Fold<ClubMemberDoc> = {
  collection: CLUB_MEMBERS,
  evolve(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as ClubMemberEvent;
    if (event.type === 'ClubMemberJoined') {
      const { customer, fulfilment, planId, planName, joinedAt } = event.data;
      return {
        _id: streamId(recorded.streamName),
        revision: recorded.revision,
        name: customer.name,
        email: customer.email,
        planId,
        planName,
        status: 'pending_card',
        fulfilment,
        card: null,
        joinedAt,
      };
    }
    if (doc === null) return null;
    switch (event.type) {
      case 'ClubCardSaved':
        return {
          ...doc,
          card: { brand: event.data.brand, last4: event.data.last4 },
          status: doc.status === 'pending_card' || doc.status === 'past_due' ? 'active' : doc.status,
        };
      case 'ClubMemberPaused':
        return { ...doc, status: 'paused' };
      case 'ClubMemberResumed':
        return { ...doc, status: 'active' };
      case 'ClubMemberCancelled':
        return { ...doc, status: 'cancelled' };
      case 'ClubMemberPastDue':
        return { ...doc, status: 'past_due' };
      case 'ClubRunCharged':
        // Paid on-session after the last try: square again.
        return doc.status === 'past_due' ? { ...doc, status: 'active' } : doc;
      case 'ClubMemberDetailsChanged':
        return { ...doc, name: event.data.customer.name, email: event.data.customer.email, fulfilment: event.data.fulfilment };
      default:
        return doc;
    }
  },
};

const runFold: Fold<ClubRunDoc> = {
  collection: CLUB_RUNS,
  evolve(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as ClubRunEvent;
    if (event.type === 'ClubRunCreated') {
      return { _id: event.data.runId, revision: recorded.revision, ...event.data, status: 'created', withdrawnReason: null };
    }
    if (doc === null) return null;
    switch (event.type) {
      case 'ClubRunHeld':
        return { ...doc, status: 'held' };
      case 'ClubRunWithdrawn':
        return { ...doc, status: 'withdrawn', withdrawnReason: event.data.reason };
      case 'ClubRunSettled':
        return { ...doc, status: 'settled' };
      default:
        return doc;
    }
  },
};

const shareFold: Fold<ClubShareDoc> = {
  collection: CLUB_SHARES,
  documentOf(recorded) {
    const runId = (recorded.data as { runId?: unknown }).runId;
    return typeof runId === 'string' ? { id: `${runId}:${streamId(recorded.streamName)}`, ownStream: false } : null;
  },
  evolve(doc, recorded) {
    if (doc !== null && doc.memberRevision >= recorded.revision) return doc;
    const event = { type: recorded.type, data: recorded.data } as ClubMemberEvent;
    const memberId = streamId(recorded.streamName);
    if (event.type === 'ClubRunJoined') {
      return {
        _id: `${event.data.runId}:${memberId}`,
        revision: 0,
        runId: event.data.runId,
        memberId,
        chargeAt: event.data.chargeAt,
        status: 'held',
        orderId: null,
        attempts: 0,
        nextTryAt: null,
        lastError: null,
        memberRevision: recorded.revision,
      };
    }
    if (doc === null) return null;
    const next = { ...doc, memberRevision: recorded.revision };
    switch (event.type) {
      case 'ClubRunSkipped':
        return { ...next, status: 'skipped' };
      case 'ClubRunUnskipped':
        return { ...next, status: 'held' };
      case 'ClubShareReleased':
        return { ...next, status: 'released' };
      case 'ClubChargeOpened':
        return { ...next, status: 'charging', orderId: event.data.orderId };
      case 'ClubChargeAttempted':
        return { ...next, status: 'charging', attempts: event.data.attempt, nextTryAt: null };
      case 'ClubChargeDeclined':
        return {
          ...next,
          status: event.data.code === 'authentication_required' ? 'needs_authentication' : 'declined',
          nextTryAt: event.data.nextTryAt ?? nextTryAt(doc.chargeAt, event.data.attempt),
          lastError: event.data.message,
        };
      case 'ClubMemberPastDue':
        return { ...next, status: 'past_due', nextTryAt: null };
      case 'ClubRunCharged':
        return { ...next, status: doc.status === 'packed' ? 'packed' : 'charged', orderId: event.data.orderId, nextTryAt: null };
      default:
        return next;
    }
  },
};

const orderFold: Fold<ClubOrderDoc> = {
  collection: CLUB_ORDERS,
  documentOf(recorded) {
    if (recorded.streamName.startsWith('order-')) return { id: streamId(recorded.streamName), ownStream: false };
    const orderId = (recorded.data as { orderId?: unknown }).orderId;
    return typeof orderId === 'string' ? { id: orderId, ownStream: false } : null;
  },
  evolve(doc, recorded) {
    if (recorded.streamName.startsWith('order-')) {
      if (doc === null || doc.orderEvents.includes(recorded.id)) return doc;
      const next = { ...doc, orderEvents: [...doc.orderEvents, recorded.id] };
      if (recorded.type === 'OrderRefunded')
        return { ...next, refundedCents: doc.refundedCents + (recorded.data as { amountCents: number }).amountCents };
      if (recorded.type === 'OrderStatusChanged')
        return { ...next, packed: doc.packed || PACKED_STATUSES.has((recorded.data as { to: string }).to) };
      return next;
    }
    if (doc !== null && doc.memberRevision >= recorded.revision) return doc;
    const event = { type: recorded.type, data: recorded.data } as ClubMemberEvent;
    if (event.type === 'ClubChargeOpened') {
      return {
        _id: event.data.orderId,
        revision: 0,
        runId: event.data.runId,
        memberId: streamId(recorded.streamName),
        paid: false,
        amountCents: 0,
        refundedCents: 0,
        paidAt: null,
        packed: false,
        memberRevision: recorded.revision,
        orderEvents: [],
      };
    }
    if (doc === null || event.type !== 'ClubRunCharged') return doc;
    return { ...doc, paid: true, amountCents: event.data.amountCents, paidAt: event.data.at, memberRevision: recorded.revision };
  },
};

/** A packed order moves its share to `packed` (the share doc is keyed by run and member). */
async function markPacked(event: RecordedEvent, store: DocumentStore): Promise<void> {
  if (event.type !== 'OrderStatusChanged' || !PACKED_STATUSES.has((event.data as { to: string }).to)) return;
  const order = await store.collection<ClubOrderDoc>(CLUB_ORDERS).findOne({ _id: streamId(event.streamName) });
  if (order === null) return;
  const shares = store.collection<ClubShareDoc>(CLUB_SHARES);
  const share = await shares.findOne({ _id: `${order.runId}:${order.memberId}` });
  if (share !== null && share.status === 'charged') await shares.replaceOne({ ...share, status: 'packed' });
}

/**
 * The club's read models: members, runs, each member's share of each run, and each run's order with what it took
 * (net of refunds) and whether it was packed. Every document follows its own stream, or guards itself by the
 * member stream's revision or the order event's id, so a redelivered event changes nothing.
 */
@Injectable()
export class ClubProjection implements Projection {
  readonly name = 'club';
  readonly collections = [CLUB_MEMBERS, CLUB_RUNS, CLUB_SHARES, CLUB_ORDERS];
  readonly indexes = {
    [CLUB_MEMBERS]: [{ joinedAt: 1 }],
    [CLUB_RUNS]: [{ chargeAt: -1 }],
    [CLUB_SHARES]: [{ runId: 1 }],
    [CLUB_ORDERS]: [{ runId: 1 }],
  } as const;
  readonly eventTypes = [...CLUB_MEMBER_EVENT_TYPES, ...CLUB_RUN_EVENT_TYPES, ...ORDER_EVENTS];

  async apply(event: RecordedEvent, store: DocumentStore): Promise<void> {
    if (event.streamName.startsWith('clubrun-')) return applyFold(runFold, event, store);
    if (event.streamName.startsWith('clubmember-')) {
      await applyFold(memberFold, event, store);
      await applyFold(shareFold, event, store);
      if (event.type === 'ClubChargeOpened' || event.type === 'ClubRunCharged') await applyFold(orderFold, event, store);
      return;
    }
    if (event.streamName.startsWith('order-')) {
      await applyFold(orderFold, event, store);
      await markPacked(event, store);
    }
  }
}
