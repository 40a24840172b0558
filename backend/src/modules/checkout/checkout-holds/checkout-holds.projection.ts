import { Injectable } from '@nestjs/common';
import { streamId, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';
import { applyFold, type Fold, type FoldedDoc } from '../../../platform/projections/fold';
import type { Projection } from '../../../platform/projections/projection';
import type { OrderEvent, OrderEventType } from '../../orders';

export const CHECKOUT_HOLDS = 'checkout-holds';

/** One pending checkout holding cans, keyed by order; `active` turns false for good when the hold ends. */
export interface CheckoutHoldDoc extends FoldedDoc {
  /** Keyed hash of the client's network address. */
  client: string;
  /** Keyed hash of the browser's checkout cookie, when it sent one. */
  browser: string | null;
  expiresAt: string;
  paymentIntentId: string | null;
  active: boolean;
  /** When its payment paid the order (absent or null: not paid), to tell a pack bought again minutes later. */
  paidAt?: string | null;
}

const ENDS_HOLD: readonly OrderEventType[] = ['OrderReservationReleased', 'OrderPaid', 'OrderCancelled', 'OrderDeleted'];

/**
 * Who holds cans right now, for the per-client cap and for replacing a browser's earlier checkout. Orders
 * placed without a holder (before holds were counted) are not listed. An ended hold stays as an inactive
 * document, so a redelivered OrderPlaced cannot bring it back.
 */
export const checkoutHoldsFold: Fold<CheckoutHoldDoc> = {
  collection: CHECKOUT_HOLDS,
  evolve(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as OrderEvent;
    if (event.type === 'OrderPlaced') {
      const holder = event.data.holder;
      if (doc !== null || holder === undefined) return doc;
      return {
        _id: streamId(recorded.streamName),
        client: holder.client,
        browser: holder.browser,
        expiresAt: event.data.reservationExpiresAt,
        paymentIntentId: null,
        active: true,
        paidAt: null,
        revision: recorded.revision,
      };
    }
    if (doc === null) return null;
    if (event.type === 'PaymentIntentAttached') return { ...doc, paymentIntentId: event.data.paymentIntentId };
    if (event.type === 'OrderPaid') return { ...doc, active: false, paidAt: event.data.paidAt };
    return ENDS_HOLD.includes(event.type) ? { ...doc, active: false } : doc;
  },
};

@Injectable()
export class CheckoutHoldsProjection implements Projection {
  readonly name = 'checkout-holds';
  readonly collections = [CHECKOUT_HOLDS];
  /** A client's or a browser's active holds (activeHoldsFilter). */
  readonly indexes = {
    [CHECKOUT_HOLDS]: [
      { client: 1, active: 1, expiresAt: 1 },
      { browser: 1, active: 1, expiresAt: 1 },
      { browser: 1, paidAt: 1 },
    ],
  } as const;
  readonly eventTypes: readonly OrderEventType[] = ['OrderPlaced', 'PaymentIntentAttached', ...ENDS_HOLD];

  apply(event: RecordedEvent, store: DocumentStore): Promise<void> {
    return applyFold(checkoutHoldsFold, event, store);
  }
}

/** The checkouts of one browser paid since `since`. */
export function paidSinceFilter(browser: string, since: string): Record<string, unknown> {
  return { browser, paidAt: { $gt: since } };
}

/** The active, unexpired holds of one client, or of one browser. */
export function activeHoldsFilter(by: { client: string } | { browser: string }, now: string): Record<string, unknown> {
  return { ...by, active: true, expiresAt: { $gt: now } };
}
