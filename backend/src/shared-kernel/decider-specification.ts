import type { DomainEvent } from '@brewery/eventstore';
import { fold, type Decider } from './decider';
import { DomainError } from './domain-error';

/** Jest's global `expect`, as much of it as is used here: a specification runs inside Jest only. */
declare const expect: (actual: unknown) => {
  toEqual(expected: unknown): void;
  toMatchObject(expected: object): void;
  toBeInstanceOf(expected: unknown): void;
};

/**
 * Given/when/then for a decider, asserted with Jest's `expect` so a failure shows the difference:
 *
 *   const orders = DeciderSpecification.for(orderDecider);
 *   orders.given([placed]).when({ type: 'AttachPaymentIntent', paymentIntentId: 'pi_1' }).then([attached]);
 *   orders.given([placed, attached]).when(attachAnother).thenThrows({ code: 'payment_intent_mismatch' });
 *
 * `given` is the stream's history, folded into the state; `when` decides one command on that state.
 */
export const DeciderSpecification = {
  for<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>): DeciderSpecification<State, Command, Event> {
    return {
      given: (events) => {
        const state = fold(decider, events);
        return {
          when: (command) => decided(decider, state, command),
          thenState: (expected) => assertState(state, expected),
        };
      },
    };
  },
};

export interface DeciderSpecification<State, Command, Event extends DomainEvent> {
  /** The events already in the stream (none for a new one). */
  given(events: readonly Event[]): Given<State, Command, Event>;
}

export interface Given<State, Command, Event extends DomainEvent> {
  when(command: Command): When<State, Event>;
  /** The state the given events fold to: equal to `expected`, or passing the check. Returns the state. */
  thenState(expected: StateExpectation<State>): State;
}

export interface When<State, Event extends DomainEvent> {
  /**
   * The command decides exactly these events (`[]`: nothing happens), or events passing the check.
   * Returns the events decided, to be given to a next step.
   */
  then(expected: readonly Event[] | ((events: Event[]) => void)): Event[];
  /**
   * The command is refused: deciding it throws. With a refusal, the error is a DomainError matching it
   * (each field named must be equal, or match an asymmetric matcher such as `expect.stringContaining`);
   * with a check, the check receives the error. Returns the error.
   */
  thenThrows(expected?: Refusal | ((error: unknown) => void)): unknown;
  /** For tables whose rows end either way: events decide as `then`, a refusal as `thenThrows`. */
  thenOutcome(expected: readonly Event[] | Refusal): void;
  /** The state after the decided events are folded in: equal to `expected`, or passing the check. Returns the state. */
  thenState(expected: StateExpectation<State>): State;
}

/** What a refused command's DomainError is expected to carry; fields left out are not checked. */
export type Refusal = Partial<Pick<DomainError, 'code' | 'kind' | 'message' | 'fields'>>;

export type StateExpectation<State> = State | ((state: State) => void);

type Decision<Event> = { threw: false; events: Event[] } | { threw: true; error: unknown };

function decided<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  state: State,
  command: Command,
): When<State, Event> {
  const decide = (): Decision<Event> => {
    try {
      return { threw: false, events: decider.decide(command, state) };
    } catch (error) {
      return { threw: true, error };
    }
  };
  /** The events decided; an unexpected refusal fails the test with the error itself. */
  const events = (): Event[] => decider.decide(command, state);
  const when: When<State, Event> = {
    then(expected) {
      const actual = events();
      if (typeof expected === 'function') expected(actual);
      else expect(actual).toEqual(expected);
      return actual;
    },
    thenThrows(expected) {
      const decision = decide();
      if (!decision.threw) {
        // Fails, showing the events decided instead of a refusal.
        expect(decision).toEqual({ threw: true });
        return undefined;
      }
      const { error } = decision;
      if (typeof expected === 'function') expected(error);
      else if (expected !== undefined) {
        expect(error).toBeInstanceOf(DomainError);
        expect(error).toMatchObject(expected);
      }
      return error;
    },
    thenOutcome(expected) {
      if (isEventList(expected)) when.then(expected);
      else when.thenThrows(expected);
    },
    thenState(expected) {
      return assertState(
        events().reduce((after, event) => decider.evolve(after, event), state),
        expected,
      );
    },
  };
  return when;
}

function assertState<State>(state: State, expected: StateExpectation<State>): State {
  if (typeof expected === 'function') (expected as (state: State) => void)(state);
  else expect(state).toEqual(expected);
  return state;
}

function isEventList<Event>(expected: readonly Event[] | Refusal): expected is readonly Event[] {
  return Array.isArray(expected);
}
