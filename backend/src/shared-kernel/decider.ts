import type { DomainEvent } from '@brewery/eventstore';

/**
 * A decider: the whole business logic of one aggregate as three pure parts. `decide` turns a command and
 * the current state into new events (or throws a DomainError); `evolve` folds one event into the state.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  readonly initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

/** Folds a list of events into a state. */
export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState);
}

/** Makes a `switch` over a union exhaustive: the compiler rejects a missing case. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
