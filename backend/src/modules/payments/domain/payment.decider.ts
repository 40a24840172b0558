import { assertNever, type Decider } from '../../../shared-kernel/decider';
import type {
  PaymentCancelReason,
  PaymentEvent,
  PaymentIntentCreatedData,
  PaymentOutcomeData,
  ProviderOutcomeKind,
} from './payment.events';
import { PaymentErrors } from './payment.errors';

export type PaymentStatus = 'unknown' | 'created' | 'authorised' | 'succeeded' | 'failed' | 'cancelled';

export interface PaymentState {
  status: PaymentStatus;
  /** The order backup; null when a provider event arrived before it (or it was never written). */
  created: PaymentIntentCreatedData | null;
  orderId: string | null;
  /** The authorisation, once the card was authorised. */
  authorised: PaymentOutcomeData | null;
  /** The success that counts, once there is one. */
  succeeded: PaymentOutcomeData | null;
  failureMessage: string | null;
  cancelReason: PaymentCancelReason | null;
  seenProviderEvents: readonly string[];
  /** Refunds made at the provider, oldest first. */
  refunds: readonly { refundId: string; amountCents: number }[];
  refundedCents: number;
}

export type PaymentCommand =
  | { type: 'RecordPaymentIntentCreated'; backup: PaymentIntentCreatedData }
  | {
      type: 'RecordProviderOutcome';
      outcome: ProviderOutcomeKind;
      report: PaymentOutcomeData;
      failureCode?: string | null;
      failureMessage?: string | null;
      /** With outcome `cancelled`: why. */
      cancelReason?: PaymentCancelReason;
    }
  /** A refund the provider made (or is about to be asked for, when checking it can be): once per refund id. */
  | { type: 'RecordRefund'; refundId: string; amountCents: number; note: string; at: string };

/** Why a provider report changes nothing in a payment that is already `status`; null when it counts. */
function lateReason(status: PaymentStatus, outcome: ProviderOutcomeKind): string | null {
  if (status === 'succeeded') return outcome === 'succeeded' ? 'a success was already recorded' : 'the payment had already succeeded';
  if (status === 'cancelled') {
    // A capture cannot follow a cancellation at the provider; if one is ever reported, money was taken and it must show.
    return outcome === 'succeeded' ? null : 'the payment intent had already been cancelled';
  }
  if (status === 'authorised' && (outcome === 'authorised' || outcome === 'failed')) return 'the card had already been authorised';
  return null;
}

/**
 * One payment intent. Provider events arrive at least once and in any order, so each is recorded once by its
 * id. The card is authorised first and captured by the shop once the cans are sold; a success is final, and
 * so is a cancellation (short of a success, which is always recorded: money taken must never be lost). A
 * failure is not final: the customer may try another card on the same intent.
 */
export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  initialState: {
    status: 'unknown',
    created: null,
    orderId: null,
    authorised: null,
    succeeded: null,
    failureMessage: null,
    cancelReason: null,
    seenProviderEvents: [],
    refunds: [],
    refundedCents: 0,
  },
  decide(command, state) {
    switch (command.type) {
      case 'RecordPaymentIntentCreated':
        if (state.created !== null) return [];
        return [{ type: 'PaymentIntentCreated', data: command.backup }];
      case 'RecordProviderOutcome': {
        const { report, outcome } = command;
        if (state.seenProviderEvents.includes(report.providerEventId)) return [];
        const late = lateReason(state.status, outcome);
        if (late !== null)
          return [{ type: 'ProviderEventIgnored', data: { providerEventId: report.providerEventId, outcome, reason: late } }];
        switch (outcome) {
          case 'authorised':
            return [{ type: 'PaymentAuthorised', data: report }];
          case 'succeeded':
            return [{ type: 'PaymentSucceeded', data: report }];
          case 'cancelled':
            return [{ type: 'PaymentCancelled', data: { ...report, reason: command.cancelReason ?? 'provider' } }];
          case 'failed':
            return [
              {
                type: 'PaymentFailed',
                data: { ...report, failureCode: command.failureCode ?? null, failureMessage: command.failureMessage ?? null },
              },
            ];
          default:
            return assertNever(outcome);
        }
      }
      case 'RecordRefund': {
        if (state.refunds.some((refund) => refund.refundId === command.refundId)) return [];
        if (state.status !== 'succeeded' || state.succeeded === null) throw PaymentErrors.notRefundable(state.status);
        const refundable = state.succeeded.amountCents - state.refundedCents;
        if (!Number.isSafeInteger(command.amountCents) || command.amountCents <= 0) throw PaymentErrors.refundNotPositive();
        if (command.amountCents > refundable) throw PaymentErrors.refundTooLarge(refundable);
        const { refundId, amountCents, note, at } = command;
        const paymentIntentId = state.succeeded.paymentIntentId;
        return [{ type: 'PaymentRefunded', data: { paymentIntentId, refundId, orderId: state.orderId, amountCents, note, at } }];
      }
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'PaymentIntentCreated':
        return {
          ...state,
          status: state.status === 'unknown' ? 'created' : state.status,
          created: event.data,
          orderId: event.data.orderId,
        };
      case 'PaymentAuthorised':
        return { ...reported(state, event.data), status: 'authorised', authorised: event.data, failureMessage: null };
      case 'PaymentSucceeded':
        return { ...reported(state, event.data), status: 'succeeded', succeeded: event.data };
      case 'PaymentFailed':
        return { ...reported(state, event.data), status: 'failed', failureMessage: event.data.failureMessage };
      case 'PaymentCancelled':
        return { ...reported(state, event.data), status: 'cancelled', cancelReason: event.data.reason };
      case 'ProviderEventIgnored':
        return { ...state, seenProviderEvents: [...state.seenProviderEvents, event.data.providerEventId] };
      case 'PaymentRefunded':
        return {
          ...state,
          refunds: [...state.refunds, { refundId: event.data.refundId, amountCents: event.data.amountCents }],
          refundedCents: state.refundedCents + event.data.amountCents,
        };
      default:
        return assertNever(event);
    }
  },
};

/** What every provider report adds: its event id, seen, and the order it names when none was known. */
function reported(state: PaymentState, data: PaymentOutcomeData): PaymentState {
  return { ...state, orderId: state.orderId ?? data.orderId, seenProviderEvents: [...state.seenProviderEvents, data.providerEventId] };
}

/** The money taken: the success that counts, and what of it is left after refunds; null while none is taken. */
export function moneyTaken(state: PaymentState): { succeeded: PaymentOutcomeData; leftCents: number } | null {
  if (state.status !== 'succeeded' || state.succeeded === null) return null;
  return { succeeded: state.succeeded, leftCents: state.succeeded.amountCents - state.refundedCents };
}

/** The authorisation waiting to be captured; null unless the card is authorised and nothing taken yet. */
export function authorisationToCapture(state: PaymentState): PaymentOutcomeData | null {
  return state.status === 'authorised' ? state.authorised : null;
}

/**
 * Whether ending a checkout may ask the provider to cancel its payment: `already` when it is cancelled, `keep`
 * when money was taken or a card authorised (unless the shop itself turns that authorisation away), `cancel`
 * otherwise (nothing went through: created, failed, or never heard of).
 */
export function checkoutPaymentEnding(state: PaymentState, refusingAuthorisation: boolean): 'already' | 'keep' | 'cancel' {
  if (state.status === 'cancelled') return 'already';
  if (state.status === 'succeeded' || (state.status === 'authorised' && !refusingAuthorisation)) return 'keep';
  return 'cancel';
}
