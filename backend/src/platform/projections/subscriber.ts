import type { Logger } from '@nestjs/common';
import type { SubscriberStatusView } from '@brewery/shop-rules';
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent, type Subscription } from '@brewery/eventstore';
import type { CheckpointWriter } from './checkpoint-writer';
import { RetryLater } from './projection';
import { StreamLanes } from './stream-lanes';

/**
 * A subscriber's status as the System tab shows it (less its lag, which the store counts when asked), and
 * whether this process runs it: every process runs its in-memory read models; process managers (and read
 * models in a shared store) run only in the process holding the lease.
 */
export type SubscriberStatus = Omit<SubscriberStatusView, 'lag'> & { runsHere: boolean };

/** A subscriber's status before it has read anything. */
export function freshStatus(name: string, kind: SubscriberStatus['kind']): SubscriberStatus {
  return { name, kind, position: -1, caughtUp: false, lastError: null, restarts: 0, eventsHandled: 0, runsHere: false };
}

const RESTART_DELAYS_MS = [250, 1000, 5000, 15000, 30000];
/**
 * Failures in a row that are retried quietly when they are expected ones (a step that must wait for another,
 * `RetryLater`; appends that kept losing to other writers past the pipeline's own retries): the shorter back-offs,
 * about 21 s in all. One still failing after them is reported as any failure is.
 */
const QUIET_RETRIES = RESTART_DELAYS_MS.length - 1;

/** A failure the shop expects to pass by itself, retried from the checkpoint without an error. */
function isExpected(error: unknown): boolean {
  return error instanceof RetryLater || error instanceof WrongExpectedRevisionError;
}
/**
 * Events of different streams a process manager handles at once. Its steps wait on the store and on outside
 * services (a card capture, an SMTP server), so one at a time made each payment wait behind all the others.
 */
const PROCESS_MANAGER_CONCURRENCY = 16;

export interface SubscriberSetup {
  name: string;
  kind: SubscriberStatus['kind'];
  /** Runs only in the process that holds the lease (process managers; read models kept in a shared store). */
  leaderOnly: boolean;
  /** Resolves true when some handler took the event, false when none is interested in its type. */
  deliver: (event: RecordedEvent) => Promise<boolean>;
  /** A process manager's event filter: its events run side by side in stream lanes. Null: one at a time. */
  interested: ((event: RecordedEvent) => boolean) | null;
  checkpoint: (position: () => number) => CheckpointWriter;
  /** Told of every event done (read models: the lag, the waits). */
  onDone?: (event: RecordedEvent) => void;
  /** Told each time the subscription has caught up with the log, or found it cannot start (see `pastTheEnd`). */
  onCaughtUp?: () => void;
}

/**
 * Why a subscriber whose checkpoint is past the end of the event log does not start: the events were restored
 * from a backup older than the checkpoints (MongoDB is not restored with KurrentDB). Going on would skip every
 * event appended until the log grows past the checkpoint again, silently: the subscriber stays stopped, the
 * health says why, and the runbook (`docs/operations.md`, "Back up and restore") says what to do.
 */
export function pastTheEnd(checkpoint: number, head: number): string {
  return `its checkpoint ${checkpoint} is past the end of the event log (${head}): the events were restored from an older backup than the checkpoints. Nothing is skipped: it stays stopped, even once new events pass the checkpoint, until the checkpoints are moved back to the log. Stop every shop process, run \`npm run projections:rebuild\`, then start the shops again (docs/operations.md, "Back up and restore", steps 1, 3 and 4)`;
}

/**
 * One catch-up subscription from its checkpoint, and nothing else: delivers each event (one at a time, or in
 * stream lanes for a process manager, each stream's events in order, at most 16 at once, the checkpoint only
 * passing an event once it and every one before it are done), keeps its status, and, when a handler fails,
 * stops and starts again from its checkpoint after a back-off that grows with failures in a row.
 */
export class Subscriber {
  readonly status: SubscriberStatus;
  readonly leaderOnly: boolean;
  readonly checkpoint: CheckpointWriter;
  /** Whether this process should be running it now (a failed run restarts only while it is). */
  wanted = false;
  /** Counts runs, so a stopped run's late failure report does not restart the subscriber again. */
  private run = 0;
  /** Failures since the last event delivered: the back-off grows with them and starts again after a success. */
  private failuresInARow = 0;
  private lanes: StreamLanes | null = null;
  private subscription: Subscription | null = null;
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly setup: SubscriberSetup,
    private readonly eventStore: EventStore,
    private readonly logger: Logger,
    /** The whole process is shutting down: nothing restarts. */
    private readonly stopping: () => boolean,
  ) {
    this.status = freshStatus(setup.name, setup.kind);
    this.leaderOnly = setup.leaderOnly;
    this.checkpoint = setup.checkpoint(() => this.status.position);
  }

  /** Starts it because this process should run it; a start that fails is retried like a failed run. */
  async begin(): Promise<void> {
    this.wanted = true;
    await this.start().catch((error: unknown) => this.failed(error));
  }

  /** Stops it because this process should not run it (any more). */
  async end(saveCheckpoint: boolean): Promise<void> {
    this.wanted = false;
    this.run += 1;
    await this.stop(saveCheckpoint);
  }

  /** Its errors are behind it (a rebuild replaced what it had kept). */
  forgetFailures(): void {
    this.status.lastError = null;
    this.failuresInARow = 0;
  }

  async start(): Promise<void> {
    // This run from now: a stop, an end or another start while it awaits the store makes it give up before it
    // subscribes (a subscription started after the lease was lost would go on writing).
    const run = ++this.run;
    const current = (): boolean => run === this.run && this.wanted && !this.stopping();
    await this.stopSubscription();
    const after = await this.checkpoint.load();
    if (!current()) return;
    this.status.position = after ?? -1;
    // Checked at every start (a lease taken over included): past the end of the log now, or found so once and
    // not yet moved back by the restore runbook, though the log may have grown past the checkpoint since.
    const restoredEnd = await this.checkpoint.restoredLogEnd();
    const head = after !== null && restoredEnd === null ? await this.eventStore.headPosition() : null;
    if (!current()) return;
    const logEnd = restoredEnd ?? head;
    if (after !== null && logEnd !== null && after > logEnd) {
      const found = restoredEnd ?? (await this.checkpoint.foundPastTheEnd(logEnd));
      this.status.lastError = pastTheEnd(after, found);
      this.logger.error(`${this.status.name} does not start: ${this.status.lastError}`);
      // Not caught up, but nothing will come: whoever waits for it at start-up is let go (the health says why).
      this.setup.onCaughtUp?.();
      return;
    }
    // A finding the checkpoint is no longer past (it was reset, or replayed from the start): nothing to keep.
    if (restoredEnd !== null) await this.checkpoint.restoreHandled();
    if (!current()) return;
    const { interested, deliver } = this.setup;
    const lanes =
      interested === null
        ? null
        : new StreamLanes(
            PROCESS_MANAGER_CONCURRENCY,
            deliver,
            (event, handled) => {
              this.delivered(event, handled)?.catch(this.checkpoint.warn);
            },
            (error) => this.handlerFailed(run, error),
          );
    this.lanes = lanes;
    this.subscription = this.eventStore.subscribeToAll({
      after,
      onEvent: async (event) => {
        if (lanes !== null && interested !== null) await lanes.dispatch(event, interested(event));
        else await this.delivered(event, await deliver(event));
      },
      onCaughtUp: () => {
        this.status.caughtUp = true;
        // A restart that has caught up with the log is well again, even in a quiet shop with no new event to
        // deliver (a store that was down for a moment must not leave the process reported failing for good).
        if (this.run === run) this.forgetFailures();
        this.setup.onCaughtUp?.();
      },
      onError: (error) => {
        if (this.run === run) this.failed(error);
      },
    });
  }

  async stop(saveCheckpoint = true): Promise<void> {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    // A start still awaiting the store gives up: its run is over.
    this.run += 1;
    await this.stopSubscription();
    // Steps still running finish first, so the checkpoint written below covers them.
    await this.lanes?.idle();
    this.checkpoint.cancelTimers();
    if (saveCheckpoint) await this.checkpoint.save(this.status.position);
  }

  /** Ends the subscription running, if any (a start never leaves a second one running beside it). */
  private async stopSubscription(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    if (subscription) await subscription.stop();
  }

  /**
   * Bookkeeping for an event done (and every event before it): the position, the checkpoint, the counters, and
   * whoever is told. Returns the checkpoint write when one is due at once.
   */
  private delivered(event: RecordedEvent, handled: boolean): Promise<void> | undefined {
    this.status.position = event.globalPosition;
    const saving = this.checkpoint.delivered(event.globalPosition, handled);
    this.status.eventsHandled += 1;
    this.forgetFailures();
    this.setup.onDone?.(event);
    return saving;
  }

  /** A process manager's step failed in its lane: end this run now; the subscriber restarts from its checkpoint. */
  private handlerFailed(run: number, error: unknown): void {
    if (this.run !== run) return;
    const subscription = this.subscription;
    this.failed(error);
    // Its loop may be waiting for a wake-up, not for a lane; a stopped run's own error report is ignored.
    void subscription?.stop();
  }

  private failed(error: unknown): void {
    // This run is over: what it still reports is ignored.
    this.run += 1;
    const message = error instanceof Error ? error.message : String(error);
    const quiet = isExpected(error) && this.failuresInARow < QUIET_RETRIES;
    if (!quiet) this.status.lastError = message;
    this.subscription = null;
    if (this.stopping() || !this.wanted) return;
    // One bad event in a day must not make every later one wait the longest back-off: it grows only with
    // failures in a row, and a delivered event starts it again.
    const delay = RESTART_DELAYS_MS[Math.min(this.failuresInARow, RESTART_DELAYS_MS.length - 1)] ?? 30000;
    this.failuresInARow += 1;
    if (quiet) {
      this.logger.debug(`${this.status.name} waits at position ${this.status.position}: ${message}; trying again in ${delay} ms`);
    } else {
      this.status.restarts += 1;
      this.logger.error(`${this.status.name} stopped at position ${this.status.position}: ${message}; restarting in ${delay} ms`);
    }
    const lanes = this.lanes;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      // Steps of the failed run still going finish before its events are delivered again.
      void (lanes?.idle() ?? Promise.resolve())
        .then(() => (this.stopping() || !this.wanted ? undefined : this.start()))
        .catch((startError: unknown) => this.failed(startError));
    }, delay);
  }

  /** Restarts after a failure of the caller's (a rebuild that stopped it and failed). */
  restartAfter(error: unknown): void {
    this.failed(error);
  }
}
