import { Inject, Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import {
  SoleLeadership,
  type CheckpointStore,
  type DocumentStore,
  type EventStore,
  type Leadership,
  type RecordedEvent,
} from '@brewery/eventstore';
import { DOCUMENT_STORE, EVENT_STORE, LEADERSHIP, PROCESS_CHECKPOINTS, PROJECTION_CHECKPOINTS } from '../persistence/persistence.tokens';
import { eventsBehind, ProjectionLag } from './projection-lag';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionErrors } from './projection.errors';
import { projectionReads } from './projection';
import { CheckpointWriter } from './checkpoint-writer';
import { ReadModelFollower } from './read-model-follower';
import { ReadModelWaits } from './read-model-waits';
import { rebuildBeside } from './read-model-rebuild';
import { Subscriber, type SubscriberSetup, type SubscriberStatus } from './subscriber';

export type { SubscriberStatus } from './subscriber';

/** The read models share one subscription and one checkpoint: they are rebuilt together. */
export const READ_MODELS_SUBSCRIBER = 'read-models';

/**
 * Whether this process answers for a subscriber's health: what it runs, and the read models it reads (kept by
 * the lease holder when they are shared). Not the process managers another process holds the lease for.
 */
export function answeredForHere(status: Pick<SubscriberStatus, 'runsHere' | 'kind'>): boolean {
  return status.runsHere || status.kind === 'read-models';
}

/**
 * Puts the projections and process managers to work, and answers for them. One catch-up subscription for all
 * read models, and one per process manager, each from its own checkpoint (a `Subscriber`: delivery at least
 * once, checkpoints written lazily by a `CheckpointWriter`, a failed handler restarting its own subscriber
 * only). Those waiting on the read models are answered by `ReadModelWaits`; a rebuild is `rebuildBeside`.
 *
 * Several processes may share one store. Each keeps its own in-memory read models, but the work that must
 * happen once runs only in the process holding the lease (Leadership): the process managers, and the
 * projections when the read models live in a shared store (MongoDB), which the other processes then follow by
 * reading the read models' checkpoint. When the lease moves, the new holder starts that work from the durable
 * checkpoints and the old one stops it. That coordination is this class's own job.
 */
@Injectable()
export class ProjectionRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Projections');
  private readonly subscribers = new Map<string, Subscriber>();
  private readonly waits = new ReadModelWaits();
  private stopping = false;
  /** Starts and stops on lease changes, one after another. */
  private transitions: Promise<void> = Promise.resolve();
  /** Set when the read models live in a shared store: this process follows, takes over, holds or hands back. */
  private follower: ReadModelFollower | null = null;
  private rebuilding: Promise<{ events: number; millis: number }> | null = null;
  /** Counts the lease's changes as told: a rebuild writes only under the lease it began with, not one won back since. */
  private leaseChanges = 0;

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
    const checkpoint = (store: CheckpointStore, id: string, name: string) => (position: () => number) =>
      new CheckpointWriter(store, id, position, (error: unknown) =>
        this.logger.warn(`${name} could not save its checkpoint: ${error instanceof Error ? error.message : String(error)}`),
      );
    this.addSubscriber({
      name: READ_MODELS_SUBSCRIBER,
      kind: 'read-models',
      leaderOnly: sharedReadModels,
      checkpoint: checkpoint(this.projectionCheckpoints, READ_MODELS_SUBSCRIBER, READ_MODELS_SUBSCRIBER),
      deliver: async (event) => {
        let handled = false;
        for (const projection of projections) {
          if (!projectionReads(projection, event.type)) continue;
          await projection.apply(event, this.documents);
          handled = true;
        }
        return handled;
      },
      interested: null,
      onDone: (event) => {
        this.lag.applied(event.globalPosition);
        this.waits.applied(event);
      },
      onCaughtUp: () => this.waits.markedCaughtUp(),
    });
    for (const manager of this.registry.processManagers) {
      this.addSubscriber({
        name: manager.name,
        kind: 'process-manager',
        leaderOnly: true,
        checkpoint: checkpoint(this.processCheckpoints, `process-manager:${manager.name}`, manager.name),
        deliver: async (event) => {
          await manager.handle(event);
          return true;
        },
        interested: (event) => manager.eventTypes.includes(event.type),
      });
    }
    // Made before the lease is first competed for: a lease won at once moves it straight to taking over.
    if (sharedReadModels) this.followSharedReadModels();
    this.leadership.onChange((leader) => this.leadershipChanged(leader));
    await this.leadership.start();
    await Promise.all([...this.subscribers.values()].filter((s) => !s.leaderOnly).map((s) => s.begin()));
    this.follower?.start();
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
    this.leaseChanges += 1;
    this.transitions = this.transitions
      .then(async () => {
        if (this.stopping) return;
        const bound = [...this.subscribers.values()].filter((s) => s.leaderOnly);
        if (leader) {
          const idle = bound.filter((s) => !s.wanted);
          if (idle.length === 0) return;
          if (this.leadership.kind !== 'sole') this.logger.log(`${this.leadership.holder} holds the lease (${this.leadership.kind})`);
          // A follow still reading is dropped here: from now on the subscriber alone moves the position.
          this.follower?.step('lease-won');
          await Promise.all(idle.map((s) => s.begin()));
          this.follower?.step('started');
        } else {
          this.logger.warn(`${this.leadership.holder} lost the lease: stopping ${bound.map((s) => s.status.name).join(', ')}`);
          this.follower?.step('lease-lost');
          // The new holder goes on from the durable checkpoints; writing ours now could only move them back.
          await Promise.all(bound.map((s) => s.end(false)));
          const readModels = this.subscribers.get(READ_MODELS_SUBSCRIBER);
          // What failed while it kept them is the new holder's to meet; following starts clean.
          if (this.follower && readModels?.leaderOnly) readModels.forgetFailures();
          this.follower?.step('stopped');
        }
      })
      .catch((error: unknown) => this.logger.error(`lease change failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  /**
   * In a process that does not keep the shared read models, their position is the holder's checkpoint, read
   * often (`ReadModelFollower`), so read-your-writes waits and the status see what the read models hold.
   */
  private followSharedReadModels(): void {
    const readModels = this.subscribers.get(READ_MODELS_SUBSCRIBER);
    if (!readModels) return;
    // The holder kept them up to date before this process started: nothing to wait for at start-up.
    this.waits.markedCaughtUp();
    const waits = this.waits;
    this.follower = new ReadModelFollower(readModels.status, readModels.checkpoint, this.eventStore, {
      applied: (event) => waits.applied(event),
      reached: (position) => {
        this.lag.applied(position);
        waits.reached(position);
      },
      get watching() {
        return waits.watching;
      },
    });
  }

  /** Where this process stands towards shared read models; null when its read models are its own. */
  followerState(): ReadModelFollower['state'] | null {
    return this.follower?.state ?? null;
  }

  /** Resolves once the read models have caught up with the log as it was at start-up. */
  whenReadModelsCaughtUp(): Promise<void> {
    return this.waits.caughtUp();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.waits.close();
    this.follower?.close();
    await this.transitions;
    await Promise.all([...this.subscribers.values()].map((s) => s.end(s.wanted)));
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

  /**
   * Moves every checkpoint that is past the end of the event log (events restored from an older backup than the
   * checkpoints), or was found so and not moved back since, back to the log's end as restored (where it stood
   * when first found past it: events written since are then handled, none skipped), and starts those subscribers:
   * the operator's step of the restore runbook (`npm run projections:rebuild` runs it first). Returns what it moved.
   */
  async moveCheckpointsPastTheEnd(): Promise<{ name: string; from: number; to: number }[]> {
    const head = await this.eventStore.headPosition();
    const moved: { name: string; from: number; to: number }[] = [];
    for (const subscriber of this.subscribers.values()) {
      const { checkpoint } = subscriber;
      const [at, restoredEnd] = await Promise.all([checkpoint.store.get(checkpoint.id), checkpoint.restoredLogEnd()]);
      const logEnd = Math.min(restoredEnd ?? head, head);
      if (at !== null && at > logEnd) {
        // Replacing it also forgets the finding of the restore.
        await checkpoint.replace(logEnd);
        moved.push({ name: subscriber.status.name, from: at, to: logEnd });
      } else if (restoredEnd !== null) await checkpoint.restoreHandled();
      else continue;
      if (subscriber.wanted) {
        subscriber.forgetFailures();
        await subscriber.start();
      }
    }
    return moved;
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
      throw ProjectionErrors.notLeaseHolder();
    }
    // Fenced by the lease: every page, the swap and the resume ask first; one lost on the way abandons the rebuild.
    const lease = this.leaseChanges;
    const mayWrite = (): boolean => !live.leaderOnly || (live.wanted && this.leadership.isLeader() && this.leaseChanges === lease);
    return rebuildBeside(this.eventStore, this.documents, this.registry.projections, {
      pause: () => live.stop(false),
      resume: async (position, events) => {
        // Lost between the swap and here: the new holder goes on from the checkpoint it finds, at or before
        // `position` (the live subscription paused there), re-applying what the new read models already hold.
        if (!mayWrite()) throw ProjectionErrors.leaseLostDuringRebuild();
        await live.checkpoint.replace(position);
        live.status.eventsHandled = events;
        // What stopped the old read models is behind them now.
        live.forgetFailures();
        // Only a subscriber this process should still run starts again: a rebuild never resumes writing by itself.
        if (!live.wanted) return;
        await live.start();
        this.lag.applied(position);
        this.waits.reached(position);
      },
      abandoned: async () => {
        if (live.wanted) await live.start().catch((startError: unknown) => live.restartAfter(startError));
      },
      mayReplace: mayWrite,
    });
  }

  private addSubscriber(setup: SubscriberSetup): void {
    this.subscribers.set(setup.name, new Subscriber(setup, this.eventStore, this.logger, () => this.stopping));
  }
}
