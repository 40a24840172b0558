import {
  BACKWARDS,
  END,
  excludeSystemEvents,
  FORWARDS,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  type AllStreamSubscription,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import type {
  AppendResult,
  EventStore,
  EventStoreHealth,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeToAllOptions,
  Subscription,
} from '../event-store.port';
import { assertAppendSize, serializeEvents } from '../append-size';
import { withoutPassword } from '../connection-url';
import { validateExpectedRevision } from '../expected-revision';
import {
  CaughtUpTracker,
  fromKurrentAppendError,
  fromKurrentRecordedEvent,
  isAfter,
  isSystemEvent,
  toGlobalPosition,
  toKurrentEventData,
  toKurrentStreamState,
  toAppendResult,
  toReadPosition,
} from './kurrentdb-mapping';

export interface KurrentDbEventStoreOptions {
  /** e.g. `kurrentdb://localhost:2113?tls=false` */
  url: string;
}

/**
 * KurrentDB (EventStoreDB) through its gRPC client: the production engine. Revisions, expected
 * revisions and idempotency (same event ids in the same stream) are the server's own.
 */
/** Events read at a time when looking for the head from the end of the log. */
const HEAD_PAGE = 32;

export class KurrentDbEventStore implements EventStore {
  readonly kind = 'kurrentdb' as const;
  private readonly subscriptions = new Set<Subscription>();
  private closing: Promise<void> | null = null;

  private constructor(private readonly client: KurrentDBClient) {}

  static async open(options: KurrentDbEventStoreOptions): Promise<KurrentDbEventStore> {
    const store = new KurrentDbEventStore(KurrentDBClient.connectionString(options.url));
    const health = await store.health();
    if (!health.ok) {
      await store.close();
      throw new Error(`Cannot reach KurrentDB at ${withoutPassword(options.url)}: ${health.detail ?? 'unknown error'}`);
    }
    return store;
  }

  async append(
    streamName: string,
    events: readonly EventToAppend[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    validateExpectedRevision(options.expectedRevision);
    assertAppendSize(streamName, serializeEvents(events));
    let result: Awaited<ReturnType<KurrentDBClient['appendToStream']>>;
    try {
      result = await this.client.appendToStream(streamName, events.map(toKurrentEventData), {
        streamState: toKurrentStreamState(options.expectedRevision),
      });
    } catch (error) {
      throw fromKurrentAppendError(error, streamName, options.expectedRevision);
    }
    return toAppendResult(
      result,
      { streamName, expected: options.expectedRevision },
      {
        positionAt: async (revision) => {
          const [stored] = await this.readStream(streamName, { fromRevision: revision, maxCount: 1 });
          if (stored === undefined)
            throw new Error(`KurrentDB answered an append to ${streamName} at revision ${revision}, which it cannot find`);
          return stored.globalPosition;
        },
        currentRevision: async () => {
          const [last] = await this.readStream(streamName, { direction: 'backwards', maxCount: 1 });
          return last === undefined ? 'no_stream' : last.revision;
        },
      },
    );
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount === 0) return [];
    const backwards = options.direction === 'backwards';
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamName, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.fromRevision === undefined ? (backwards ? END : START) : BigInt(options.fromRevision),
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      })) {
        if (resolved.event) events.push(fromKurrentRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /** Events after `after`, at most `maxCount` (see `eventsAfter`: a short page always means the end of the log). */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for await (const event of this.eventsAfter(options.after ?? null, options.maxCount)) events.push(fromKurrentRecordedEvent(event));
    return events;
  }

  /**
   * The server's events after `after` that `readAll` gives, at most `limit`, undecoded (see `pages`).
   */
  private async *eventsAfter(after: number | null, limit: number | undefined): AsyncGenerator<KurrentRecordedEvent> {
    if (limit !== undefined && limit <= 0) return;
    let given = 0;
    const boundary = after !== null && after < 0 ? null : after;
    for await (const page of this.pages('forwards', boundary, () => (limit === undefined ? undefined : limit - given))) {
      for (const event of page) {
        if (limit !== undefined && given >= limit) return;
        yield event;
        given += 1;
      }
      if (limit !== undefined && given >= limit) return;
    }
  }

  /**
   * The one reader of `$all`, in either direction: pages of the events `readAll` gives, strictly beyond
   * `boundary` (after it forwards, before it backwards; null: from the start, or from the end). The server's
   * filter leaves out `$`-types only; events of `$`-streams with ordinary types are skipped here, so a page the
   * server filled may hold fewer, and the next page is read on from the last event the server sent until a page
   * comes back short (the end of the log). Each page is read to its end before it is given: the client
   * (`@kurrent/bridge`) closes a read only at its last event, so a read left half-way would stay open on the
   * connection. `pageSize` is asked before each page (undefined: the rest of the log in one read).
   */
  private async *pages(
    direction: 'forwards' | 'backwards',
    boundary: number | null,
    pageSize: () => number | undefined,
  ): AsyncGenerator<KurrentRecordedEvent[]> {
    const forwards = direction === 'forwards';
    let from = boundary;
    for (;;) {
      const size = pageSize();
      // A start position is inclusive: ask for one more and drop the event at `from`.
      const ask = size === undefined ? undefined : size + (from === null ? 0 : 1);
      const page: KurrentRecordedEvent[] = [];
      let sent = 0;
      let lastSent: number | null = null;
      for await (const resolved of this.client.readAll({
        direction: forwards ? FORWARDS : BACKWARDS,
        fromPosition: from === null ? (forwards ? START : END) : toReadPosition(from),
        filter: excludeSystemEvents(),
        ...(ask === undefined ? {} : { maxCount: ask }),
      })) {
        sent += 1;
        const event = resolved.event;
        if (!event) continue;
        lastSent = toGlobalPosition(event.position);
        const beyond = from === null || (forwards ? lastSent > from : lastSent < from);
        if (beyond && !isSystemEvent(event.type, event.streamId)) page.push(event);
      }
      yield page;
      if (ask === undefined || sent < ask || lastSent === null) return;
      from = lastSent;
    }
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    const after = options.after ?? null;
    const stream: AllStreamSubscription = this.client.subscribeToAll({
      fromPosition: toReadPosition(after),
      filter: excludeSystemEvents(),
    });
    let stopped = false;
    const caughtUp = new CaughtUpTracker(after);
    let reportedCaughtUp = false;
    let handling = false;
    // "Caught up" is announced once the server says so (or the head at start was delivered, for servers that
    // never say) and every event buffered before that was handled.
    const maybeReportCaughtUp = (): void => {
      if (reportedCaughtUp || !caughtUp.isCaughtUp || handling || stream.readableLength > 0) return;
      reportedCaughtUp = true;
      options.onCaughtUp?.();
    };
    stream.on('caughtUp', () => {
      caughtUp.serverSaidSo();
      maybeReportCaughtUp();
    });
    this.headPosition().then(
      (head) => {
        caughtUp.headAtStart(head);
        maybeReportCaughtUp();
      },
      // Without the head, the server's own word is waited for.
      () => undefined,
    );

    const run = async (): Promise<void> => {
      for await (const resolved of stream) {
        if (stopped) return;
        const event = resolved.event;
        if (event && !isSystemEvent(event.type, event.streamId)) {
          const recorded = fromKurrentRecordedEvent(event);
          if (isAfter(recorded, after)) {
            handling = true;
            try {
              await options.onEvent(recorded);
            } finally {
              handling = false;
            }
          }
          caughtUp.delivered(recorded.globalPosition);
        }
        maybeReportCaughtUp();
      }
      // The server ended it (a restart, a leader change) without an error: as much a stop as a failure, said so.
      if (!stopped) throw new Error('the server ended the subscription');
    };

    const loop = run().catch(async (error: unknown) => {
      // A failed subscription is over: it is no longer one to stop at close.
      this.subscriptions.delete(subscription);
      if (stopped) return;
      stopped = true;
      await stream.unsubscribe().catch(() => undefined);
      if (options.onError) options.onError(error);
      else
        process.emitWarning(`Event store subscription stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    });

    const subscription: Subscription = {
      stop: async () => {
        this.subscriptions.delete(subscription);
        if (!stopped) {
          stopped = true;
          await stream.unsubscribe().catch(() => undefined);
        }
        await loop;
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * The position of the last event `readAll` would give: the server's filter leaves out `$`-types only, so events
   * of `$`-streams are skipped here as `readAll` skips them. Read backwards in short pages, each read to its end:
   * the client (`@kurrent/bridge`) closes a read only at its last event, so a read left half-way stays open on the
   * connection, and this is asked on many requests.
   */
  async headPosition(): Promise<number> {
    // At most HEAD_PAGE events asked per read, the boundary's own among them.
    for await (const page of this.pages('backwards', null, () => HEAD_PAGE - 1)) {
      const last = page[0];
      if (last !== undefined) return toGlobalPosition(last.position);
    }
    return -1;
  }

  /**
   * Not counted: KurrentDB keeps no count and its positions are byte offsets, so a count would read (and the client
   * receive and parse) every event after `position`, up to thousands per subscriber per status request.
   */
  countEventsAfter(): Promise<number | null> {
    return Promise.resolve(null);
  }

  async health(): Promise<EventStoreHealth> {
    if (this.closing !== null) return { ok: false, adapter: this.kind, detail: 'closed' };
    try {
      // Read to its end (one event at most): a read left half-way stays open on the connection.
      for await (const _ of this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 })) continue;
      return { ok: true, adapter: this.kind };
    } catch (error) {
      return { ok: false, adapter: this.kind, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.all([...this.subscriptions].map((s) => s.stop()));
      this.subscriptions.clear();
      await this.client.dispose();
    })();
    return this.closing;
  }
}
