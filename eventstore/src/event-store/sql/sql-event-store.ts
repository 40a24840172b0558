import type { CheckpointStore } from '../../read-models/document-store.port';
import { AppendSignal } from '../append-signal';
import { startCatchUpSubscription } from '../catch-up-subscription';
import type {
  AppendResult,
  EventStore,
  EventStoreHealth,
  EventStoreKind,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeToAllOptions,
  Subscription,
} from '../event-store.port';
import { RecentEvents } from './recent-events';
import { SharedTail } from './shared-tail';
import { SqlCheckpointStore } from './sql-checkpoint-store';
import { SqlEventLog } from './sql-event-log';
import type { SqlExecutor } from './sql-executor';

/**
 * What the PGlite and PostgreSQL adapters share: the event log and checkpoints over the same SQL, and
 * catch-up subscriptions woken at once by this process's appends (and by the poll interval otherwise).
 * An adapter supplies the connection, how to check it, and how to let it go.
 */
export abstract class SqlEventStore implements EventStore {
  abstract readonly kind: EventStoreKind;
  /** Wakes this process's subscriptions; adapters that hear other processes' appends notify it too. */
  protected readonly signal = new AppendSignal();
  /**
   * The last position this process has woken its subscriptions for after its own append. Appends commit in
   * position order, so everything up to it was visible when they woke: news of it from elsewhere is old news.
   */
  protected signalledUpTo = -1;
  private readonly log: SqlEventLog;
  private readonly checkpoints: SqlCheckpointStore;
  private readonly subscriptions = new Set<Subscription>();
  private closing: Promise<void> | null = null;
  /** Set by a single-writer adapter once open: what this process appended, served without a query. */
  private recent: RecentEvents | null = null;
  /** Set by an adapter whose database has other writers: one reader of the head for all subscriptions. */
  private tail: SharedTail | null = null;

  protected constructor(
    executor: SqlExecutor,
    private readonly pollIntervalMs: number,
    /** Given, every append NOTIFYs its last position on this channel inside its transaction. */
    notifyChannel: string | null = null,
  ) {
    // Called in commit order, so what this single writer remembers has no gap and no reordering.
    this.log = new SqlEventLog(executor, notifyChannel, (streamName, recordsJson, outcome) =>
      this.recent?.appended(streamName, recordsJson, outcome.position, outcome.nextExpectedRevision),
    );
    this.checkpoints = new SqlCheckpointStore(executor);
  }

  /** Answers when the database does; throws otherwise. */
  protected abstract ping(): Promise<void>;
  /** The health detail of a store that answers. */
  protected abstract healthyDetail(): string;
  /** Lets the connection go, after every subscription has stopped. */
  protected abstract release(): Promise<void>;

  protected get isClosing(): boolean {
    return this.closing !== null;
  }

  /** Durable checkpoints for process managers, in the same database as the events. */
  checkpointStore(): CheckpointStore {
    return this.checkpoints;
  }

  /**
   * For an adapter that is the only writer of its database (PGlite): from now on, subscriptions that follow
   * the head read this process's new events from memory, and stream revisions appended here are known.
   */
  protected async becomeSingleWriter(): Promise<void> {
    this.recent = new RecentEvents(await this.log.headPosition());
  }

  /**
   * For an adapter whose database other processes may write (the PostgreSQL server): from now on,
   * subscriptions that follow the head share one read of what was committed since the last one.
   */
  protected async shareTheTail(): Promise<void> {
    this.tail = new SharedTail((after, maxCount) => this.log.readAll({ after, maxCount }), this.signal, await this.log.headPosition());
  }

  async append(
    streamName: string,
    events: readonly EventToAppend[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    const { written, ...result } = await this.log.append(streamName, events, options.expectedRevision);
    // Our own subscriptions need not wait for the poll or a notification round trip.
    if (written) {
      this.signalledUpTo = Math.max(this.signalledUpTo, result.position);
      this.signal.notify();
    }
    return result;
  }

  async readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    const events = await this.log.readStream(streamName, options);
    // The whole stream asked for and none there: a single writer knows it is empty until it appends to it.
    if (events.length === 0 && (options?.fromRevision ?? 0) <= 0 && options?.maxCount !== 0) this.recent?.foundEmpty(streamName);
    return events;
  }

  countEventsAfter(position: number, limit: number): Promise<number> {
    return this.log.countEventsAfter(position, limit);
  }

  knownHeadPosition(): number | undefined {
    return this.recent?.head();
  }

  knownStreamRevision(streamName: string): number | undefined {
    return this.recent?.revisionOf(streamName);
  }

  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.log.readAll(options);
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    const subscription = startCatchUpSubscription(
      {
        // Caught up with this single writer's own appends: from memory; following the head of a shared
        // database: from the one read of it; otherwise (or before) from the database.
        readAll: async (o) => {
          const after = o.after ?? -1;
          const maxCount = o.maxCount ?? Number.MAX_SAFE_INTEGER;
          return this.recent?.after(after, maxCount) ?? (await this.tail?.after(after, maxCount)) ?? this.log.readAll(o);
        },
        signal: this.signal,
        pollIntervalMs: this.pollIntervalMs,
      },
      options,
    );
    this.subscriptions.add(subscription);
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  headPosition(): Promise<number> {
    return this.log.headPosition();
  }

  async health(): Promise<EventStoreHealth> {
    if (this.closing !== null) return { ok: false, adapter: this.kind, detail: 'closed' };
    try {
      await this.ping();
      return { ok: true, adapter: this.kind, detail: this.healthyDetail() };
    } catch (error) {
      return { ok: false, adapter: this.kind, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.all([...this.subscriptions].map((s) => s.stop()));
      this.subscriptions.clear();
      await this.release();
    })();
    return this.closing;
  }
}
