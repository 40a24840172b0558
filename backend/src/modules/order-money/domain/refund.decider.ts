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
  | { kind: 'requested'; orderId: string; paymentIntentId: string; amountCents: number; note: string; emailCustomer?: boolean }
  | {
      kind: 'made';
      orderId: string;
      paymentIntentId: string;
      amountCents: number;
      note: string;
      refundId: string;
      emailCustomer?: boolean;
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
        return { kind: 'requested', ...event.data };
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
