import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedRevisionError, type DomainEvent, type EventMetadata, type EventStore } from '@brewery/eventstore';
import type { Cause } from './command-metadata';
import type { Decider } from '../../shared-kernel/decider';
import { EVENT_STORE } from '../persistence/persistence.tokens';
import { CLOCK, type Clock } from '../clock';
import { ProjectionLag } from '../projections/projection-lag';
import { StreamStateCache } from './stream-state-cache';
import { positionRecorder } from './written-position';

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
  /** Who asks: stamped on every event written, with the time of the write. */
  cause: Cause;
  /** Deterministic event ids, for events that record an external fact (a re-append is then a no-op). */
  eventId?: (event: Event, index: number) => string | undefined;
}

type Fold<State, Event extends DomainEvent> = Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>;

/** A command waiting for its turn on its stream. */
interface Queued {
  input: RunCommand<unknown, unknown, DomainEvent>;
  resolve: (result: CommandResult<unknown, DomainEvent>) => void;
  reject: (error: unknown) => void;
}

/** Commands decided together at most: one write of their events. */
const MAX_TOGETHER = 50;

/**
 * The next commands to run from a stream's queue: the first, and those behind it that can share its write
 * (same decider; none that names its own event ids, whose re-append must be recognised on its own).
 */
function takeBatch(queue: Queued[]): Queued[] {
  const first = queue[0] as Queued;
  let count = 1;
  if (first.input.eventId === undefined) {
    while (count < queue.length && count < MAX_TOGETHER) {
      const next = queue[count] as Queued;
      if (next.input.decider !== first.input.decider || next.input.eventId !== undefined) break;
      count += 1;
    }
  }
  return queue.splice(0, count);
}

/** The metadata of the events a command writes: its cause, at the time of the write. */
function metadataOf(cause: Cause, occurredAt: string): EventMetadata {
  return { correlationId: cause.correlationId, causationId: cause.causationId ?? null, actor: cause.actor, occurredAt };
}

/** Each command decided on the state the one before it left; a refused one leaves the state as it was. */
function decideInTurn(
  batch: readonly Queued[],
  initial: unknown,
): { queued: Queued; events: DomainEvent[]; state: unknown; error?: unknown }[] {
  let state = initial;
  return batch.map((queued) => {
    const { decider, command } = queued.input;
    try {
      const events = decider.decide(command, state);
      state = events.reduce((s, e) => decider.evolve(s, e), state);
      return { queued, events, state };
    } catch (error) {
      return { queued, events: [], state, error };
    }
  });
}

/**
 * Answers each command of a decided batch: refused, or its events, the state after them and the revision of
 * its last event (`storedRevision` when the store answered with facts it already held).
 */
function settle(decided: ReturnType<typeof decideInTurn>, revision: number, position: number | null, storedRevision?: number): void {
  let next = revision;
  for (const d of decided) {
    next += d.events.length;
    if (d.error !== undefined) d.queued.reject(d.error);
    else
      d.queued.resolve({
        events: d.events,
        state: d.state,
        revision: storedRevision ?? next,
        position: d.events.length === 0 ? null : position,
      });
  }
}

/**
 * How often a decision is taken again after another writer appended first. Commands on one stream from this
 * process take turns (below), so a conflict means another process wrote: a handful of retries with a short,
 * growing, jittered pause is plenty, and the only retry policy in the code base.
 */
export const MAX_ATTEMPTS = 10;
const backoffMs = (attempt: number): number => Math.random() * Math.min(200, 5 * 2 ** attempt);

/** Folded states kept between commands; a product, sequence or order stream is then read from its last revision. */
const CACHED_STREAMS = 20_000;

/**
 * The one write path: load the stream, fold it with `evolve`, `decide`, append with the expected revision.
 * When another writer got there first the store refuses the append; we load again and decide again, a bounded
 * number of times, so a decision is always taken on the state it was appended after.
 *
 * Loading starts from the state this process last saw (a cache of folded states by stream) and reads only the
 * events after it, so a checkout costs the same on a beer's 10,000th order as on its first.
 *
 * Commands on one stream from this process take turns: fifty checkouts at once would otherwise all read the
 * order-number stream, all but one lose the append, and retry until they run out of attempts. Other
 * processes are still kept honest by the expected revision alone.
 */
@Injectable()
export class CommandPipeline {
  /** Commands waiting on each stream, in arrival order; a stream leaves the map when its queue empties. */
  private readonly queues = new Map<string, Queued[]>();
  private readonly cache = new StreamStateCache(CACHED_STREAMS);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly lag: ProjectionLag = new ProjectionLag(),
    @Inject(CLOCK) private readonly clock: Clock = { now: () => new Date() },
  ) {}

  run<State, Command, Event extends DomainEvent>(input: RunCommand<State, Command, Event>): Promise<CommandResult<State, Event>> {
    // The request this command serves answers with the position it was written at (read-your-writes).
    const record = positionRecorder();
    return this.enqueue(input).then((result) => {
      record(result.position);
      return result;
    });
  }

  private enqueue<State, Command, Event extends DomainEvent>(
    input: RunCommand<State, Command, Event>,
  ): Promise<CommandResult<State, Event>> {
    return new Promise((resolve, reject) => {
      const queued: Queued = { input: input as unknown as Queued['input'], resolve: resolve as unknown as Queued['resolve'], reject };
      const queue = this.queues.get(input.streamName);
      if (queue !== undefined) {
        queue.push(queued);
        return;
      }
      const fresh = [queued];
      this.queues.set(input.streamName, fresh);
      void this.drain(input.streamName, fresh);
    });
  }

  /** Runs a stream's queue: the first command alone, then those that queued behind it together. */
  private async drain(streamName: string, queue: Queued[]): Promise<void> {
    while (queue.length > 0) {
      const batch = takeBatch(queue);
      // A failure outside the append (the read of a stale stream, say) answers every command of the batch,
      // so none is left waiting and the stream's queue goes on.
      await this.decideAndAppend(streamName, batch).catch((error: unknown) => {
        for (const queued of batch) queued.reject(error);
      });
    }
    this.queues.delete(streamName);
  }

  /**
   * The one decide-and-append. The commands of a batch (one, or those that queued on a hot stream while its
   * last append ran: every checkout reserves on a beer on release day) are decided in arrival order, each on
   * the state the one before left, and appended in one write against the revision they were decided on. Each
   * answers as it would alone: its events and the state after them; a refused one is refused, and the others
   * go on without it. Their position is the write's last (at or after their own: waiting for it waits long
   * enough).
   *
   * The first decision is taken on what this process already knows, without a read: the append is checked
   * against the revision it was decided on, so a state another process has moved past is refused, and the
   * batch is loaded and decided again, a bounded number of times. A refusal or a no-op is not checked by any
   * append, so one decided on a state not known to be current is only answered once the stream has been read.
   */
  private async decideAndAppend(streamName: string, batch: readonly Queued[]): Promise<void> {
    const decider = (batch[0] as Queued).input.decider;
    for (let attempt = 1; ; attempt++) {
      const assumed = attempt === 1 ? this.assumed(streamName, decider) : null;
      const { state, revision } = assumed ?? (await this.load(streamName, decider));
      const trusted = assumed === null || assumed.current;
      const decided = decideInTurn(batch, state);
      if (!trusted && decided.some((d) => d.error !== undefined || d.events.length === 0)) continue;
      const occurredAt = this.clock.now().toISOString();
      const events = decided.flatMap((d) =>
        d.events.map((event, index) => ({
          id: d.queued.input.eventId?.(event, index),
          type: event.type,
          data: event.data,
          metadata: metadataOf(d.queued.input.cause, occurredAt),
        })),
      );
      if (events.length === 0) return settle(decided, revision, null);
      let appended: { position: number; nextExpectedRevision: number };
      try {
        appended = await this.store.append(streamName, events, { expectedRevision: revision === -1 ? 'no_stream' : revision });
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
        if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
        continue;
      }
      this.lag.committed(appended.position);
      if (appended.nextExpectedRevision !== revision + events.length) {
        // An idempotent re-append (events with ids of facts already stored) answered with what was stored
        // before: our fold is not the stream's. Decided on a state not known to be current, it is decided again
        // on the stream as it is; otherwise it answers with the revision the store holds.
        this.cache.delete(streamName);
        if (!trusted) continue;
        return settle(decided, revision, appended.position, appended.nextExpectedRevision);
      }
      this.cache.set(streamName, { fold: decider, state: decided.at(-1)?.state, revision: appended.nextExpectedRevision });
      return settle(decided, revision, appended.position);
    }
  }

  /**
   * What this process knows of a stream without reading it: its cached fold, or the initial state of a stream
   * it has not seen (it may not exist); `current` when a single-writer store says nobody has appended since.
   */
  private assumed<State, Event extends DomainEvent>(
    streamName: string,
    decider: Fold<State, Event>,
  ): { state: State; revision: number; current: boolean } {
    const cached = this.cache.get(streamName, decider);
    if (cached === undefined) return { state: decider.initialState, revision: -1, current: false };
    return {
      state: cached.state as State,
      revision: cached.revision,
      current: this.store.knownStreamRevision?.(streamName) === cached.revision,
    };
  }

  /**
   * What a command would write on its stream as the stream is now, without writing anything: its events (none
   * when it would change nothing), or the decider's refusal, thrown. For a use case that must know the decision
   * before an outside call (a payment provider, say) that the command's own `run` follows; `run` decides again
   * on the stream as it is then, so nothing is taken from a check but the go-ahead.
   */
  async check<State, Command, Event extends DomainEvent>(
    input: Pick<RunCommand<State, Command, Event>, 'streamName' | 'decider' | 'command'>,
  ): Promise<{ events: Event[]; state: State }> {
    const { state } = await this.load(input.streamName, input.decider);
    return { events: input.decider.decide(input.command, state), state };
  }

  /**
   * The current state of a stream and its revision (-1 when it does not exist): the cached fold caught up
   * with the events appended since, by anyone.
   */
  async load<State, Event extends DomainEvent>(
    streamName: string,
    decider: Fold<State, Event>,
  ): Promise<{ state: State; revision: number }> {
    const cached = this.cache.get(streamName, decider);
    // A single-writer store knows its streams' revisions: a fold already at it needs no read at all.
    if (cached !== undefined && this.store.knownStreamRevision?.(streamName) === cached.revision) {
      return { state: cached.state as State, revision: cached.revision };
    }
    let state = cached === undefined ? decider.initialState : (cached.state as State);
    let revision = cached === undefined ? -1 : cached.revision;
    const recorded = await this.store.readStream(streamName, revision === -1 ? undefined : { fromRevision: revision + 1 });
    for (const event of recorded) {
      if (cached !== undefined && event.revision !== revision + 1) {
        // Not the continuation of what we folded (never expected of an append-only log): fold it all again.
        this.cache.delete(streamName);
        return this.load(streamName, decider);
      }
      state = decider.evolve(state, { type: event.type, data: event.data } as Event);
      revision = event.revision;
    }
    // An empty stream is kept too: a single writer that read it empty knows it stays so until it appends to it.
    if (cached === undefined || recorded.length > 0) {
      this.cache.set(streamName, { fold: decider, state, revision });
    }
    return { state, revision };
  }
}
