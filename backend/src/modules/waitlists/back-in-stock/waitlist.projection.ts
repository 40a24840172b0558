import { Injectable } from '@nestjs/common';
import { streamId, type Doc, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { WaitlistEntryStatus } from '@brewery/shop-rules';
import type { Projection } from '../../../platform/projections/projection';
import { assertNever } from '../../../shared-kernel/decider';
import { WAITLIST_EVENT_TYPES, waitlistKey, type WaitlistEvent } from '../domain/waitlist.events';

export const WAITLIST_ENTRIES = 'waitlist-entries';

/**
 * One address on one beer's list, as its latest sign-up stands: the operator's view and export, the admin list's
 * count of confirmed addresses, the per-client count of pending sign-ups, and "stop all e-mails" finding an address
 * on every list. A pending sign-up past `confirmBy` has lapsed (readers compare it with their clock).
 */
export interface WaitlistEntryDoc extends Doc {
  /** `<productId>/<waitlistKey>`. */
  _id: string;
  productId: string;
  key: string;
  email: string;
  status: WaitlistEntryStatus;
  askedAt: string;
  confirmBy: string | null;
  confirmedAt: string | null;
  notifiedAt: string | null;
  leftAt: string | null;
  removedAt: string | null;
  reason: string | null;
  /** Keyed hash of the client address that asked (null: recorded before it was). */
  client: string | null;
  /** Revision of the list's stream last applied to this address: the idempotency guard. */
  revision: number;
}

export function waitlistEntryId(productId: string, email: string): string {
  return `${productId}/${waitlistKey(email)}`;
}

/** A client's pending sign-ups not lapsed by `now`, on every list. */
export function pendingOfClientFilter(client: string, now: string): Record<string, unknown> {
  return { client, status: 'pending', confirmBy: { $gt: now } };
}

/** The lists an address is on (pending or confirmed): the ones its unsubscribe link takes it off. */
export function onListsFilter(email: string): Record<string, unknown> {
  return { key: waitlistKey(email), status: { $in: ['pending', 'confirmed'] } };
}

@Injectable()
export class WaitlistProjection implements Projection {
  readonly name = 'waitlists';
  readonly collections = [WAITLIST_ENTRIES] as const;
  readonly eventTypes = WAITLIST_EVENT_TYPES;
  /** A beer's list (the operator's view), a client's pending sign-ups, an address's lists, the confirmed counts. */
  readonly indexes = {
    [WAITLIST_ENTRIES]: [{ productId: 1, askedAt: 1 }, { client: 1, status: 1, confirmBy: 1 }, { key: 1, status: 1 }, { status: 1 }],
  } as const;

  async apply(recorded: RecordedEvent, store: DocumentStore): Promise<void> {
    const entries = store.collection<WaitlistEntryDoc>(WAITLIST_ENTRIES);
    const productId = streamId(recorded.streamName);
    const event = { type: recorded.type, data: recorded.data } as WaitlistEvent;
    const _id = waitlistEntryId(productId, event.data.email);
    const doc = await entries.findOne({ _id });
    if (doc !== null && doc.revision >= recorded.revision) return;
    const next = entryAfter(doc, event, { _id, productId });
    if (next !== null) await entries.replaceOne({ ...next, revision: recorded.revision });
  }
}

/** The address's entry after one of its list's events (null: nothing to change). */
function entryAfter(doc: WaitlistEntryDoc | null, event: WaitlistEvent, id: { _id: string; productId: string }): WaitlistEntryDoc | null {
  if (event.type === 'BackInStockRequested') {
    const { email, requestedAt, confirmBy, client } = event.data;
    // A new sign-up starts the entry again; one recorded before addresses confirmed was on the list at once.
    const legacy = confirmBy === undefined;
    return {
      ...id,
      key: waitlistKey(email),
      email,
      status: legacy ? 'confirmed' : 'pending',
      askedAt: requestedAt,
      confirmBy: confirmBy ?? null,
      confirmedAt: legacy ? requestedAt : null,
      notifiedAt: null,
      leftAt: null,
      removedAt: null,
      reason: null,
      client: client ?? null,
      revision: -1,
    };
  }
  if (doc === null) return null;
  switch (event.type) {
    case 'BackInStockConfirmationResent':
      return { ...doc, confirmBy: event.data.confirmBy };
    case 'BackInStockConfirmed':
      return { ...doc, status: 'confirmed', confirmBy: null, confirmedAt: event.data.confirmedAt };
    case 'BackInStockTold':
      return { ...doc, status: 'notified', confirmBy: null, notifiedAt: event.data.toldAt };
    case 'BackInStockLeft':
      return { ...doc, status: 'unsubscribed', confirmBy: null, leftAt: event.data.leftAt };
    case 'BackInStockRemoved':
      return { ...doc, status: 'removed', confirmBy: null, removedAt: event.data.removedAt, reason: event.data.reason };
    default:
      return assertNever(event);
  }
}
