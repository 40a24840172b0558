import { Inject, Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import {
  SoleLeadership,
  type CheckpointStore,
  type DocumentStore,
  type EventStore,
  type Leadership,
  type RecordedEvent,
  type Subscription,
} from '@brewery/eventstore';
import { DomainError } from '../../shared-kernel/domain-error';
import { DOCUMENT_STORE, EVENT_STORE, LEADERSHIP, PROCESS_CHECKPOINTS, PROJECTION_CHECKPOINTS } from '../persistence/persistence.tokens';
import { eventsBehind, ProjectionLag } from './projection-lag';
import { ProjectionRegistry } from './projection-registry';
import { CheckpointWriter } from './checkpoint-writer';
import { ReadModelWaits } from './read-model-waits';
import { rebuildBeside } from './read-model-rebuild';
import { StreamLanes } from './stream-lanes';

/** The read models share one subscription and one checkpoint: they are rebuilt together. */
export const READ_MODELS_SUBSCRIBER = 'read-models';

export interface SubscriberStatus {
  name: string;
  kind: 'read-models' | 'process-manager';
  /** Global position of the last event fully handled; -1 before the first. */
  position: number;
  caughtUp: boolean;
  lastError: string | null;
  restarts: number;
  /** Events delivered since start (or since the last rebuild). */
  eventsHandled: number;
  /**
   * Whether this process runs it: every process runs its in-memory read models; process managers (and read
   * models in a shared store) run only in the process holding the lease.
   */
  runsHere: boolean;
}

interface Subscriber {
  status: SubscriberStatus;
  /** Runs only in the process that holds the lease (process managers; read models kept in a shared store). */
  leaderOnly: boolean;
  /** Whether this process should be running it now (a failed run restarts only while it is). */
  wanted: boolean;
  checkpoint: CheckpointWriter;
  /** Resolves true when some handler took the event, false when none is interested in its type. */
  deliver: (event: RecordedEvent) => Promise<boolean>;
  /** A process manager's event filter: its events run side by side in stream lanes. Null: one at a time. */
  interested: ((event: RecordedEvent) => boolean) | null;
  /** The lanes of the current run (process managers only). */
  lanes: StreamLanes | null;
  /** Counts runs, so a stopped run's late failure report does not restart the subscriber again. */
  run: number;
  /** Failures since the last event delivered: the back-off grows with them and starts again after a success. */
  failuresInARow: number;
  subscription: Subscription | null;
  restartTimer: NodeJS.Timeout | null;
}

const RESTART_DELAYS_MS = [250, 1000, 5000, 15000, 30000];
/**
 * Events of different streams a process manager handles at once. Its steps wait on the store and on outside
 * services (a card capture, an SMTP server), so one at a time made each payment wait behind all the others.
 */
const PROCESS_MANAGER_CONCURRENCY = 16;
/**
 * Whether this process answers for a subscriber's health: what it runs, and the read models it reads (kept by
 * the lease holder when they are shared). Not the process managers another process holds the lease for.
 */
export function answeredForHere(status: Pick<SubscriberStatus, 'runsHere' | 'kind'>): boolean {
  return status.runsHere || status.kind === 'read-models';
}

/** How often a process that does not keep the shared read models reads how far the lease holder has kept them. */
const FOLLOW_SHARED_MS = 200;

/**
 * One catch-up subscription for all read models, and one per process manager, each from its own
 * checkpoint. Delivery is at least once: the checkpoint is written after the handlers finish, so a crash
 * in between delivers the event again, which idempotent handlers absorb. The checkpoint follows handled
 * events within 200 ms, and events no handler takes lazily (after a quiet second, every 500 events, and at
 * stop): writing it after every event cost a store round trip each, for every subscriber. A failing handler
 * stops its subscriber, which restarts from its checkpoint after a back-off; the others go on.
 *
 * The read models apply events one at a time, in log order. A process manager handles the events of
 * different streams side by side (StreamLanes: each stream's in order, at most 16 at once), and its
 * checkpoint only passes an event once it and every event before it are done.
 *
 * Several processes may share one store. Each keeps its own in-memory read models, but the work that must
 * happen once runs only in the process holding the lease (Leadership): the process managers, and the
 * projections when the read models live in a shared store (MongoDB), which the other processes then follow by
 * reading the read models' checkpoint. When the lease moves, the new holder starts that work from the durable
 * checkpoints and the old one stops it.
 */
@Injectable()
export class ProjectionRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Projections');
  private readonly subscribers = new Map<string, Subscriber>();
  private readonly waits = new ReadModelWaits();
  private stopping = false;
  /** Starts and stops on lease changes, one after another. */
  private transitions: Promise<void> = Promise.resolve();
  private followTimer: NodeJS.Timeout | null = null;
  private rebuilding: Promise<{ events: number; millis: number }> | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(PROJECTION_CHECKPOINTS) private readonly projectionCheckpoints: CheckpointStore,
    @Inject(PROCESS_CHECKPOINTS) private readonly processCheckpoints: CheckpointStore,
    private readonly registry: ProjectionRegistry,
    private readonly lag: ProjectionLag = new ProjectionLag(),
    @Optional() @Inject(LEADERSHIP) private readonly leadership: Leadership = new SoleLeadership('this process'),
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const projections = this.registry.projections;
    // Read models in memory are this process's own; in a shared store, one process keeps them for all.
    const sharedReadModels = this.documents.kind !== 'memory';
    for (const projection of projections) {
      for (const [collection, indexes] of Object.entries(projection.indexes ?? {})) {
        for (const keys of indexes) await this.documents.collection(collection).ensureIndex(keys);
      }
    }
    this.addSubscriber(
      READ_MODELS_SUBSCRIBER,
      'read-models',
      this.projectionCheckpoints,
      READ_MODELS_SUBSCRIBER,
      async (event) => {
        let handled = false;
        for (const projection of projections) {
          if (!projection.eventTypes.includes(event.type)) continue;
          await projection.apply(event, this.documents);
          handled = true;
        }
        return handled;
      },
      null,
      sharedReadModels,
    );
    for (const manager of this.registry.processManagers) {
      this.addSubscriber(
        manager.name,
        'process-manager',
        this.processCheckpoints,
        `process-manager:${manager.name}`,
        async (event) => {
          await manager.handle(event);
          return true;
        },
        (event) => manager.eventTypes.includes(event.type),
        true,
      );
    }
    this.leadership.onChange((leader) => this.leadershipChanged(leader));
    await this.leadership.start();
    await Promise.all([...this.subscribers.values()].filter((s) => !s.leaderOnly).map((s) => this.begin(s)));
    if (sharedReadModels) this.followSharedReadModels();
    // A lease held from the start (the only process, by construction) is never a change to be told of.
    if (this.leadership.isLeader()) this.leadershipChanged(true);
    await this.transitions;
  }

  /** How the lease is kept, this process's name, whether it holds the lease, and who does (null: nobody seen). */
  leaseStatus(): { kind: Leadership['kind']; process: string; leader: boolean; holder: string | null } {
    return {
      kind: this.leadership.kind,
      process: this.leadership.holder,
      leader: this.leadership.isLeader(),
      holder: this.leadership.currentHolder(),
    };
  }

  private leadershipChanged(leader: boolean): void {
    this.transitions = this.transitions
      .then(async () => {
        if (this.stopping) return;
        const bound = [...this.subscribers.values()].filter((s) => s.leaderOnly);
        if (leader) {
          const idle = bound.filter((s) => !s.wanted);
          if (idle.length === 0) return;
          if (this.leadership.kind !== 'sole') this.logger.log(`${this.leadership.holder} holds the lease (${this.leadership.kind})`);
          await Promise.all(idle.map((s) => this.begin(s)));
        } else {
          this.logger.warn(`${this.leadership.holder} lost the lease: stopping ${bound.map((s) => s.status.name).join(', ')}`);
          // The new holder goes on from the durable checkpoints; writing ours now could only move them back.
          await Promise.all(bound.map((s) => this.end(s, false)));
        }
      })
      .catch((error: unknown) => this.logger.error(`lease change failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** Starts a subscriber this process should run; a start that fails is retried like a failed run. */
  private async begin(subscriber: Subscriber): Promise<void> {
    subscriber.wanted = true;
    await this.start(subscriber).catch((error: unknown) => this.onSubscriberError(subscriber, error));
  }

  private async end(subscriber: Subscriber, saveCheckpoint: boolean): Promise<void> {
    subscriber.wanted = false;
    subscriber.run += 1;
    await this.stop(subscriber, saveCheckpoint);
  }

  /**
   * In a process that does not keep the shared read models, their position is the holder's checkpoint: read
   * it often, so read-your-writes waits and the status see what the read models hold.
   */
  private followSharedReadModels(): void {
    const readModels = this.subscribers.get(READ_MODELS_SUBSCRIBER);
    if (!readModels) return;
    // The holder kept them up to date before this process started: nothing to wait for at start-up.
    this.waits.markedCaughtUp();
    const follow = async (): Promise<void> => {
      if (readModels.wanted || this.stopping) return;
      const position = (await readModels.checkpoint.store.get(readModels.checkpoint.id)) ?? -1;
      if (position > readModels.status.position) {
        readModels.status.position = position;
        this.lag.applied(position);
        this.waits.reached(position);
      }
      readModels.status.caughtUp = true;
    };
    this.followTimer = setInterval(() => {
      follow().catch((error: unknown) => (readModels.status.lastError = error instanceof Error ? error.message : String(error)));
    }, FOLLOW_SHARED_MS);
    this.followTimer.unref();
  }

  /** Resolves once the read models have caught up with the log as it was at start-up. */
  whenReadModelsCaughtUp(): Promise<void> {
    return this.waits.caughtUp();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.waits.close();
    if (this.followTimer) clearInterval(this.followTimer);
    await this.transitions;
    await Promise.all([...this.subscribers.values()].map((s) => this.end(s, s.wanted)));
    await this.leadership.stop();
  }

  /**
   * Read-your-writes: resolves true once the read models have applied the event at `position`, or false
   * after `timeoutMs` (the write itself succeeded either way).
   */
  waitForReadModels(position: number | null, timeoutMs = 5000): Promise<boolean> {
    return this.waits.forPosition(position, this.subscribers.get(READ_MODELS_SUBSCRIBER)?.status.position ?? null, timeoutMs);
  }

  /**
   * Resolves with the first event the read models apply from now on that `match` accepts (from this process or
   * any other), or null after `timeoutMs`. Cheaper than polling a stream: nothing is read from the store.
   */
  waitForEvent(match: (event: RecordedEvent) => boolean, timeoutMs: number): Promise<RecordedEvent | null> {
    return this.waits.forEvent(match, timeoutMs);
  }

  /** The global position the read models this process reads have applied (-1 before the first event). */
  readModelsPosition(): number {
    return this.subscribers.get(READ_MODELS_SUBSCRIBER)?.status.position ?? -1;
  }

  /**
   * Every subscriber with how many events of the log it has still to handle (counted by the store), for those this
   * process answers for; null for the process managers the lease holder runs elsewhere, or when `head` is unknown.
   */
  statusesWithLag(head: number | null): Promise<(SubscriberStatus & { lag: number | null })[]> {
    return Promise.all(
      this.statuses().map(async (s) => ({ ...s, lag: answeredForHere(s) ? await eventsBehind(this.eventStore, s.position, head) : null })),
    );
  }

  statuses(): SubscriberStatus[] {
    return [...this.subscribers.values()].map((s) => ({ ...s.status, runsHere: s.wanted }));
  }

  /** Rebuilds the read models beside the live ones (`rebuildBeside`), one rebuild at a time. */
  rebuildReadModels(): Promise<{ events: number; millis: number }> {
    this.rebuilding ??= this.rebuild().finally(() => (this.rebuilding = null));
    return this.rebuilding;
  }

  private rebuild(): Promise<{ events: number; millis: number }> {
    const live = this.subscribers.get(READ_MODELS_SUBSCRIBER);
    if (!live) throw new Error('Projection runner has not started');
    if (live.leaderOnly && !live.wanted) {
      throw new DomainError(
        'not_lease_holder',
        'The read models are kept by another shop process (the one holding the lease): ask again, and the load balancer will reach it, or run the rebuild while no shop runs.',
        'conflict',
      );
    }
    return rebuildBeside(this.eventStore, this.documents, this.registry.projections, {
      pause: () => this.stop(live, false),
      resume: async (position, events) => {
        await live.checkpoint.replace(position);
        live.status.eventsHandled = events;
        // What stopped the old read models is behind them now.
        live.status.lastError = null;
        live.failuresInARow = 0;
        live.wanted = true;
        await this.start(live);
        this.lag.applied(position);
        this.waits.reached(position);
      },
      abandoned: async () => {
        if (live.wanted) await this.start(live).catch((startError: unknown) => this.onSubscriberError(live, startError));
      },
    });
  }

  private addSubscriber(
    name: string,
    kind: SubscriberStatus['kind'],
    checkpoints: CheckpointStore,
    checkpointId: string,
    deliver: (event: RecordedEvent) => Promise<boolean>,
    interested: ((event: RecordedEvent) => boolean) | null,
    leaderOnly: boolean,
  ): Subscriber {
    const status: SubscriberStatus = {
      name,
      kind,
      position: -1,
      caughtUp: false,
      lastError: null,
      restarts: 0,
      eventsHandled: 0,
      runsHere: false,
    };
    const subscriber: Subscriber = {
      status,
      leaderOnly,
      wanted: false,
      checkpoint: new CheckpointWriter(
        checkpoints,
        checkpointId,
        () => status.position,
        (error: unknown) =>
          this.logger.warn(`${name} could not save its checkpoint: ${error instanceof Error ? error.message : String(error)}`),
      ),
      deliver,
      interested,
      lanes: null,
      run: 0,
      failuresInARow: 0,
      subscription: null,
      restartTimer: null,
    };
    this.subscribers.set(name, subscriber);
    return subscriber;
  }

  private async start(subscriber: Subscriber): Promise<void> {
    const after = await subscriber.checkpoint.load();
    subscriber.status.position = after ?? -1;
    const run = ++subscriber.run;
    const interested = subscriber.interested;
    const lanes =
      interested === null
        ? null
        : new StreamLanes(
            PROCESS_MANAGER_CONCURRENCY,
            subscriber.deliver,
            (event, handled) => {
              this.delivered(subscriber, event, handled)?.catch((error: unknown) => this.warnCheckpoint(subscriber, error));
            },
            (error) => this.onHandlerFailure(subscriber, run, error),
          );
    subscriber.lanes = lanes;
    subscriber.subscription = this.eventStore.subscribeToAll({
      after,
      onEvent: async (event) => {
        if (lanes !== null && interested !== null) await lanes.dispatch(event, interested(event));
        else await this.delivered(subscriber, event, await subscriber.deliver(event));
      },
      onCaughtUp: () => {
        subscriber.status.caughtUp = true;
        // A restart that has caught up with the log is well again, even in a quiet shop with no new event to
        // deliver (a store that was down for a moment must not leave the process reported failing for good).
        if (subscriber.run === run) {
          subscriber.status.lastError = null;
          subscriber.failuresInARow = 0;
        }
        if (subscriber.status.name === READ_MODELS_SUBSCRIBER) this.waits.markedCaughtUp();
      },
      onError: (error) => {
        if (subscriber.run === run) this.onSubscriberError(subscriber, error);
      },
    });
  }

  /**
   * Bookkeeping for an event done (and every event before it): the position, the checkpoint, the counters,
   * and for the read models the lag, the read-your-writes waiters and the watchers. Returns the checkpoint
   * write when one is due at once.
   */
  private delivered(subscriber: Subscriber, event: RecordedEvent, handled: boolean): Promise<void> | undefined {
    subscriber.status.position = event.globalPosition;
    const saving = subscriber.checkpoint.delivered(event.globalPosition, handled);
    subscriber.status.eventsHandled += 1;
    subscriber.status.lastError = null;
    subscriber.failuresInARow = 0;
    if (subscriber.status.name === READ_MODELS_SUBSCRIBER) {
      this.lag.applied(event.globalPosition);
      this.waits.applied(event);
    }
    return saving;
  }

  /** A process manager's step failed in its lane: end this run now; the subscriber restarts from its checkpoint. */
  private onHandlerFailure(subscriber: Subscriber, run: number, error: unknown): void {
    if (subscriber.run !== run) return;
    const subscription = subscriber.subscription;
    this.onSubscriberError(subscriber, error);
    // Its loop may be waiting for a wake-up, not for a lane; a stopped run's own error report is ignored.
    void subscription?.stop();
  }

  private async stop(subscriber: Subscriber, saveCheckpoint = true): Promise<void> {
    if (subscriber.restartTimer) clearTimeout(subscriber.restartTimer);
    subscriber.restartTimer = null;
    const subscription = subscriber.subscription;
    subscriber.subscription = null;
    if (subscription) await subscription.stop();
    // Steps still running finish first, so the checkpoint written below covers them.
    await subscriber.lanes?.idle();
    subscriber.checkpoint.cancelTimers();
    if (saveCheckpoint) await subscriber.checkpoint.save(subscriber.status.position);
  }

  private warnCheckpoint(subscriber: Subscriber, error: unknown): void {
    this.logger.warn(`${subscriber.status.name} could not save its checkpoint: ${error instanceof Error ? error.message : String(error)}`);
  }

  private onSubscriberError(subscriber: Subscriber, error: unknown): void {
    // This run is over: what it still reports is ignored.
    subscriber.run += 1;
    const message = error instanceof Error ? error.message : String(error);
    subscriber.status.lastError = message;
    subscriber.subscription = null;
    if (this.stopping || !subscriber.wanted) return;
    // One bad event in a day must not make every later one wait the longest back-off: it grows only with
    // failures in a row, and a delivered event starts it again.
    const delay = RESTART_DELAYS_MS[Math.min(subscriber.failuresInARow, RESTART_DELAYS_MS.length - 1)] ?? 30000;
    subscriber.failuresInARow += 1;
    subscriber.status.restarts += 1;
    this.logger.error(`${subscriber.status.name} stopped at position ${subscriber.status.position}: ${message}; restarting in ${delay} ms`);
    const lanes = subscriber.lanes;
    subscriber.restartTimer = setTimeout(() => {
      subscriber.restartTimer = null;
      // Steps of the failed run still going finish before its events are delivered again.
      void (lanes?.idle() ?? Promise.resolve())
        .then(() => (this.stopping || !subscriber.wanted ? undefined : this.start(subscriber)))
        .catch((startError: unknown) => this.onSubscriberError(subscriber, startError));
    }, delay);
  }
}
