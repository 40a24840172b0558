import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedRevisionError, type DomainEvent, type EventMetadata, type EventStore } from '@brewery/eventstore';
import type { Decider } from '../../shared-kernel/decider';
import { EVENT_STORE } from '../persistence/persistence.tokens';

export interface CommandResult<State, Event extends DomainEvent> {
  /** What `decide` produced and was appended (empty when the command changed nothing). */
  events: Event[];
  /** State after the new events. */
  state: State;
  /** Revision of the stream's last event, or -1 when the stream does not exist. */
  revision: number;
  /** Global position of the last appended event, or null when nothing was appended. */
  position: number | null;
}

export interface RunCommand<State, Command, Event extends DomainEvent> {
  streamName: string;
  decider: Decider<State, Command, Event>;
  command: Command;
  metadata: EventMetadata;
  /** Deterministic event ids, for events that record an external fact (a re-append is then a no-op). */
  eventId?: (event: Event, index: number) => string | undefined;
}

const MAX_ATTEMPTS = 5;

/**
 * The one write path: load the stream, fold it with `evolve`, `decide`, append with the expected revision.
 * When another writer got there first the store refuses the append; we reload and decide again, a bounded
 * number of times, so a decision is always taken on the state it was appended after.
 *
 * Commands on one stream from this process take turns: fifty checkouts at once would otherwise all read the
 * order-number stream, all but one lose the append, and retry until they run out of attempts. Other
 * processes are still kept honest by the expected revision alone.
 */
@Injectable()
export class CommandPipeline {
  /** The last command queued on each stream; a stream leaves the map when its queue empties. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  run<State, Command, Event extends DomainEvent>(input: RunCommand<State, Command, Event>): Promise<CommandResult<State, Event>> {
    const previous = this.queues.get(input.streamName) ?? Promise.resolve();
    const mine = previous.then(
      () => this.decideAndAppend(input),
      () => this.decideAndAppend(input),
    );
    const settled = mine.catch(() => undefined);
    this.queues.set(input.streamName, settled);
    void settled.then(() => {
      if (this.queues.get(input.streamName) === settled) this.queues.delete(input.streamName);
    });
    return mine;
  }

  private async decideAndAppend<State, Command, Event extends DomainEvent>(
    input: RunCommand<State, Command, Event>,
  ): Promise<CommandResult<State, Event>> {
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.load(input.streamName, input.decider);
      const events = input.decider.decide(input.command, state);
      if (events.length === 0) return { events, state, revision, position: null };
      try {
        const result = await this.store.append(
          input.streamName,
          events.map((event, index) => ({
            id: input.eventId?.(event, index),
            type: event.type,
            data: event.data,
            metadata: input.metadata,
          })),
          { expectedRevision: revision === -1 ? 'no_stream' : revision },
        );
        const next = events.reduce((s, e) => input.decider.evolve(s, e), state);
        return { events, state: next, revision: result.nextExpectedRevision, position: result.position };
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  /** The current state of a stream and its revision (-1 when it does not exist). */
  async load<State, Event extends DomainEvent>(
    streamName: string,
    decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  ): Promise<{ state: State; revision: number }> {
    const recorded = await this.store.readStream(streamName);
    let state = decider.initialState;
    let revision = -1;
    for (const event of recorded) {
      state = decider.evolve(state, { type: event.type, data: event.data } as Event);
      revision = event.revision;
    }
    return { state, revision };
  }
}
