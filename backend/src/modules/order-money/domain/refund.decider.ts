import type { DomainEvent } from '@brewery/eventstore';
import { assertNever, type Decider } from '../../../shared-kernel/decider';
import { RefundErrors } from './refund.errors';

/**
 * One refund the operator (or the shop itself) means to make, on a stream of its own named by its key
 * (`refund-<order>-<key>`, docs/decisions/0003): the intention is recorded first, the provider is then asked under a key
 * derived from the stream, and what it made is recorded last. A repeat with the same key finds the stream and
 * gets the same refund, however many arrive at once; a crash in between is finished by the refund-completion
 * process manager (or the next attempt with that key), never repeated.
 */
export type RefundState =
  | { kind: 'none' }
  | { kind: 'requested'; orderId: string; paymentIntentId: string; amountCents: number; note: string; emailCustomer: boolean }
  | {
      kind: 'made';
      orderId: string;
      paymentIntentId: string;
      amountCents: number;
      note: string;
      refundId: string;
      emailCustomer: boolean;
    }
  | { kind: 'refused'; orderId: string; paymentIntentId: string; amountCents: number; note: string; reason: string };

export type RefundRequested = DomainEvent<
  'RefundRequested',
  {
    orderId: string;
    paymentIntentId: string;
    amountCents: number;
    note: string;
    requestedAt: string;
    /** Whether the customer is e-mailed once it is made (absent in older events: yes). */
    emailCustomer?: boolean;
  }
>;
export type RefundMade = DomainEvent<'RefundMade', { refundId: string; amountCents: number }>;
/** The provider would not make it (more than was left, say): nothing was refunded under this key, and never will be. */
export type RefundRefused = DomainEvent<'RefundRefused', { reason: string }>;
export type RefundEvent = RefundRequested | RefundMade | RefundRefused;

export type RefundCommand =
  | {
      type: 'RequestRefund';
      orderId: string;
      paymentIntentId: string;
      amountCents: number;
      note: string;
      requestedAt: string;
      emailCustomer: boolean;
    }
  | { type: 'RecordRefundMade'; refundId: string; amountCents: number }
  | { type: 'RecordRefundRefused'; reason: string };

export function refundStreamName(orderId: string, keyDigest: string): string {
  return `refund-${orderId}-${keyDigest}`;
}

export const refundDecider: Decider<RefundState, RefundCommand, RefundEvent> = {
  initialState: { kind: 'none' },
  decide(command, state) {
    switch (command.type) {
      case 'RequestRefund': {
        const { orderId, paymentIntentId, amountCents, note, requestedAt, emailCustomer } = command;
        if (state.kind === 'none')
          return [{ type: 'RefundRequested', data: { orderId, paymentIntentId, amountCents, note, requestedAt, emailCustomer } }];
        // Refused for good under this key: asked again, it is refused again (never asked of the provider anew, where a
        // refund made now could not be recorded on this stream).
        if (state.kind === 'refused') throw RefundErrors.refusedBefore(state.reason);
        // The same refund asked again (a double click, a lost answer, a burst): nothing new.
        if (state.orderId === orderId && state.amountCents === amountCents) return [];
        throw RefundErrors.keyReused(orderId);
      }
      case 'RecordRefundMade':
        if (state.kind === 'none' || state.kind === 'refused') throw RefundErrors.notRequested();
        if (state.kind === 'made') return [];
        return [{ type: 'RefundMade', data: { refundId: command.refundId, amountCents: command.amountCents } }];
      case 'RecordRefundRefused':
        if (state.kind === 'none') throw RefundErrors.notRequested();
        if (state.kind !== 'requested') return [];
        return [{ type: 'RefundRefused', data: { reason: command.reason } }];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'RefundRequested':
        // Older events say nothing of the e-mail: their refunds were e-mailed.
        return { kind: 'requested', ...event.data, emailCustomer: event.data.emailCustomer ?? true };
      case 'RefundMade':
        return state.kind !== 'requested'
          ? state
          : { ...state, kind: 'made', refundId: event.data.refundId, amountCents: event.data.amountCents };
      case 'RefundRefused':
        return state.kind !== 'requested' ? state : { ...state, kind: 'refused', reason: event.data.reason };
      default:
        return assertNever(event);
    }
  },
};

/**
 * What a refund is asked for: the operator's (an amount, the cans' value, or all that is left), a return's (the
 * refund it decided), or a cancelled paid order's (all that is left).
 */
export type RefundAsk =
  | { by: 'operator'; amountCents: number | null; cansValueCents: number | null }
  | { by: 'return'; refundCents: number }
  | { by: 'cancellation' };

/**
 * The key of an operator's refund asked without an Idempotency-Key: the refunds already recorded on the payment and
 * the cents asked (all that is left: 'rest'), so identical asks crossing each other make one refund, and the same ask
 * after that refund is recorded makes another.
 */
export function operatorRefundKey(refundsRecorded: number, ask: Extract<RefundAsk, { by: 'operator' }>, leftCents: number): string {
  return `n${refundsRecorded}-${centsAsked(ask, leftCents) ?? 'rest'}`;
}

/**
 * The cents the operator asks for a new refund: cans priced from the order's lines and refunded up to what is left
 * of the payment, or the amount typed; null for all that is left. Part of the refund's key, so the same ask made twice
 * at once is one refund.
 */
export function centsAsked(ask: Extract<RefundAsk, { by: 'operator' }>, leftCents: number): number | null {
  return ask.cansValueCents === null ? ask.amountCents : Math.min(ask.cansValueCents, Math.max(0, leftCents));
}

/**
 * The cents a refund under one key is for, from what its stream recorded and what is left of the payment. A new
 * refund takes what is asked (capped at what is left for a return, all that is left for a cancellation); a repeat
 * takes the refund its key was first asked for (the same cans asked again get it even when less is left now; another
 * amount is refused by `RequestRefund`). Null when there is nothing to refund: a return or a cancellation with nothing
 * left, or a return the provider refused before (the operator refunds by hand). The operator asking for more of a
 * payment refunded in full is refused.
 */
export function refundUnderKey(intended: RefundState, ask: Extract<RefundAsk, { by: 'operator' }>, leftCents: number): number;
export function refundUnderKey(intended: RefundState, ask: RefundAsk, leftCents: number): number | null;
export function refundUnderKey(intended: RefundState, ask: RefundAsk, leftCents: number): number | null {
  switch (ask.by) {
    case 'operator': {
      const asked = centsAsked(ask, leftCents);
      if (intended.kind !== 'none')
        return ask.cansValueCents !== null && intended.amountCents <= ask.cansValueCents
          ? intended.amountCents
          : (asked ?? intended.amountCents);
      const cents = asked ?? leftCents;
      if (cents <= 0) throw RefundErrors.refundedInFull();
      return cents;
    }
    case 'return': {
      if (intended.kind === 'refused') return null;
      const cents = intended.kind === 'none' ? Math.min(ask.refundCents, leftCents) : intended.amountCents;
      return cents > 0 ? cents : null;
    }
    case 'cancellation': {
      const cents = intended.kind === 'none' ? leftCents : intended.amountCents;
      return cents > 0 ? cents : null;
    }
    default:
      return assertNever(ask);
  }
}

/** A refund asked for and not refused, which its completion finishes (asks the provider, records it); null otherwise. */
export function refundToFinish(state: RefundState): Extract<RefundState, { kind: 'requested' | 'made' }> | null {
  return state.kind === 'requested' || state.kind === 'made' ? state : null;
}
