/**
 * The event store port. Every adapter (PGlite, PostgreSQL server, KurrentDB) implements it and passes
 * the same contract suite (`event-store.contract.ts`). Revisions and positions are plain numbers:
 * a stream revision is 0-based; a global position is strictly increasing in commit order.
 */

/** A person who caused an event: a member of the shop's staff, by id, name and role at the time. */
export interface PersonActor {
  id: string;
  name: string;
  role: 'owner' | 'manager' | 'packer';
}

/**
 * Who caused an event: a person, or a kind of caller. `'admin'` is the one shared operator of events written
 * before people had their own accounts.
 */
export type Actor = 'customer' | 'admin' | 'stripe' | 'system' | PersonActor;

export interface EventMetadata {
  correlationId: string;
  causationId: string | null;
  actor: Actor;
  /** ISO-8601 instant, taken from the command (domain code never reads a clock). */
  occurredAt: string;
}

/** An event as the domain sees it: a discriminated union member `{ type, data }`. */
export interface DomainEvent<TType extends string = string, TData = unknown> {
  readonly type: TType;
  readonly data: TData;
}

export interface EventToAppend<E extends DomainEvent = DomainEvent> {
  /** UUID. Give a deterministic one for external facts: re-appending an id already in the stream is a no-op. */
  id?: string;
  type: E['type'];
  data: E['data'];
  metadata: EventMetadata;
}

export interface RecordedEvent<E extends DomainEvent = DomainEvent> {
  id: string;
  streamName: string;
  /** 0-based position of the event inside its stream. */
  revision: number;
  /** Position in `$all`; strictly increasing in commit order. */
  globalPosition: number;
  type: E['type'];
  data: E['data'];
  metadata: EventMetadata;
}

/**
 * `no_stream`: the stream must not exist. `stream_exists`: it must exist. `any`: no check.
 * A number: the revision of the stream's last event must equal it.
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface AppendResult {
  /** Revision of the last event now in the stream (pass it as the next expected revision). */
  nextExpectedRevision: number;
  /** Global position of the last event written (or, for an idempotent no-op, of the already stored event). */
  position: number;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive. Default: the first event forwards, the last event backwards. */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this global position. Default: from the very start. */
  after?: number | null;
  maxCount?: number;
}

export interface SubscribeToAllOptions {
  /** Exclusive: deliver events strictly after this position; null/undefined for the very start. */
  after?: number | null;
  /** Called once per event, in `$all` order; the next event waits until the returned promise settles. */
  onEvent: (event: RecordedEvent) => Promise<void>;
  /** Called when the subscription stops because of an error (handler or store). */
  onError?: (error: unknown) => void;
  /** Called once, when the subscription has delivered everything that existed when it caught up. */
  onCaughtUp?: () => void;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventStoreHealth {
  ok: boolean;
  adapter: EventStoreKind;
  detail?: string;
}

export type EventStoreKind = 'pglite' | 'postgres' | 'kurrentdb';

export interface EventStore {
  readonly kind: EventStoreKind;
  append(streamName: string, events: readonly EventToAppend[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /** Events of one stream; an empty array when the stream does not exist. */
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch up from `after`, then go live with no gap and no duplicate across the switch. */
  subscribeToAll(options: SubscribeToAllOptions): Subscription;
  /** Global position of the last committed event, or -1 for an empty store. */
  headPosition(): Promise<number>;
  /**
   * How many events the log holds after `position`, counting at most `limit` (a subscriber's lag in events:
   * positions are not event counts on every adapter), counted by the store without sending any event; null when
   * the store cannot count without sending every event (KurrentDB: its positions are byte offsets and it keeps no
   * count), so the figure is never paid for with a read of the log.
   */
  countEventsAfter(position: number, limit: number): Promise<number | null>;
  /**
   * The stream's current revision when this adapter knows it without a query (it is the only writer and
   * appended to the stream since it opened, or read it empty since: -1); undefined otherwise. Optional: adapters
   * that cannot know omit it.
   */
  knownStreamRevision?(streamName: string): number | undefined;
  /** The head position when this adapter knows it without a query (the only writer); undefined otherwise. */
  knownHeadPosition?(): number | undefined;
  health(): Promise<EventStoreHealth>;
  close(): Promise<void>;
}

/** The append was refused because the stream's revision differs from the expected one. */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Wrong expected revision on ${streamName}: expected ${String(expected)}, actual ${String(actual)}`);
  }
}

/** Stream names are `<category>-<id>`; the category holds no dash. */
export function streamCategory(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash === -1 ? streamName : streamName.slice(0, dash);
}

export function streamId(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash === -1 ? '' : streamName.slice(dash + 1);
}
