import { assertNever, type Decider } from '../../../shared-kernel/decider';
import type { PaymentEvent, PaymentIntentCreatedData, PaymentOutcomeData } from './payment.events';

export type PaymentStatus = 'unknown' | 'created' | 'succeeded' | 'failed';

export interface PaymentState {
  status: PaymentStatus;
  /** The order backup; null when a provider event arrived before it (or it was never written). */
  created: PaymentIntentCreatedData | null;
  orderId: string | null;
  /** The success that counts, once there is one. */
  succeeded: PaymentOutcomeData | null;
  failureMessage: string | null;
  seenProviderEvents: readonly string[];
}

export type PaymentCommand =
  | { type: 'RecordPaymentIntentCreated'; backup: PaymentIntentCreatedData }
  | {
      type: 'RecordProviderOutcome';
      outcome: 'succeeded' | 'failed';
      report: PaymentOutcomeData;
      failureCode?: string | null;
      failureMessage?: string | null;
    };

/**
 * One payment intent. Provider events arrive at least once and in any order, so each is recorded once by
 * its id, and a success is final: a failure reported after it is kept as ignored and never undoes it.
 * A failure is not final: the customer may try another card on the same intent.
 */
export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  initialState: { status: 'unknown', created: null, orderId: null, succeeded: null, failureMessage: null, seenProviderEvents: [] },

  decide(command, state) {
    switch (command.type) {
      case 'RecordPaymentIntentCreated':
        if (state.created !== null) return [];
        return [{ type: 'PaymentIntentCreated', data: command.backup }];
      case 'RecordProviderOutcome': {
        const { report, outcome } = command;
        if (state.seenProviderEvents.includes(report.providerEventId)) return [];
        if (state.status === 'succeeded') {
          const reason = outcome === 'failed' ? 'the payment had already succeeded' : 'a success was already recorded';
          return [{ type: 'ProviderEventIgnored', data: { providerEventId: report.providerEventId, outcome, reason } }];
        }
        if (outcome === 'succeeded') return [{ type: 'PaymentSucceeded', data: report }];
        return [
          {
            type: 'PaymentFailed',
            data: { ...report, failureCode: command.failureCode ?? null, failureMessage: command.failureMessage ?? null },
          },
        ];
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
      case 'PaymentSucceeded':
        return {
          ...state,
          status: 'succeeded',
          succeeded: event.data,
          orderId: state.orderId ?? event.data.orderId,
          seenProviderEvents: [...state.seenProviderEvents, event.data.providerEventId],
        };
      case 'PaymentFailed':
        return {
          ...state,
          status: 'failed',
          failureMessage: event.data.failureMessage,
          orderId: state.orderId ?? event.data.orderId,
          seenProviderEvents: [...state.seenProviderEvents, event.data.providerEventId],
        };
      case 'ProviderEventIgnored':
        return { ...state, seenProviderEvents: [...state.seenProviderEvents, event.data.providerEventId] };
      default:
        return assertNever(event);
    }
  },
};
