import { assertNever, type Decider } from '../../../shared-kernel/decider';
import type { DailyAnalyticsEvent } from './daily-analytics.events';

export interface DailyAnalyticsState {
  /** Presses so far this day. */
  requested: number;
  /** The sequence each idempotency key was given. */
  sequenceByKey: Readonly<Record<string, number>>;
}

export type DailyAnalyticsCommand = { type: 'RequestDailyAnalyticsEmail'; day: string; idempotencyKey: string | null; requestedAt: string };

/** Numbers the daily e-mails of one Perth day; a request repeated with the same idempotency key gets no new number. */
export const dailyAnalyticsDecider: Decider<DailyAnalyticsState, DailyAnalyticsCommand, DailyAnalyticsEvent> = {
  initialState: { requested: 0, sequenceByKey: {} },

  decide(command, state) {
    switch (command.type) {
      case 'RequestDailyAnalyticsEmail':
        if (command.idempotencyKey !== null && state.sequenceByKey[command.idempotencyKey] !== undefined) return [];
        return [
          {
            type: 'DailyAnalyticsEmailRequested',
            data: {
              day: command.day,
              sequence: state.requested + 1,
              idempotencyKey: command.idempotencyKey,
              requestedAt: command.requestedAt,
            },
          },
        ];
      default:
        return assertNever(command.type);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'DailyAnalyticsEmailRequested':
        return {
          requested: Math.max(state.requested, event.data.sequence),
          sequenceByKey:
            event.data.idempotencyKey === null
              ? state.sequenceByKey
              : { ...state.sequenceByKey, [event.data.idempotencyKey]: event.data.sequence },
        };
      default:
        return assertNever(event.type);
    }
  },
};

/** The sequence of the e-mail a request stands for, after `decide`'s events are applied. */
export function requestedSequence(state: DailyAnalyticsState, idempotencyKey: string | null): number {
  return idempotencyKey === null ? state.requested : (state.sequenceByKey[idempotencyKey] ?? state.requested);
}
