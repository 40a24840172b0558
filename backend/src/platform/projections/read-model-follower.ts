import type { EventStore, RecordedEvent } from '@brewery/eventstore';
import type { CheckpointWriter } from './checkpoint-writer';
import { pastTheEnd, type SubscriberStatus } from './subscriber';

/**
 * Where a process stands towards read models kept in a shared store (MongoDB): it follows the lease holder's
 * checkpoint, takes them over when it wins the lease, keeps them while it holds it, and hands them back when it
 * loses it. Only `following` reads the checkpoint; only `holding` applies events.
 */
export type FollowerState = 'following' | 'taking-over' | 'holding' | 'handing-back';

/** What moves a follower from one state to the next. */
export type FollowerStep = 'lease-won' | 'started' | 'lease-lost' | 'stopped';

const TRANSITIONS: Record<FollowerState, Partial<Record<FollowerStep, FollowerState>>> = {
  following: { 'lease-won': 'taking-over' },
  'taking-over': { started: 'holding', 'lease-lost': 'handing-back' },
  holding: { 'lease-lost': 'handing-back' },
  'handing-back': { stopped: 'following', 'lease-won': 'taking-over' },
};

/** The state after `step`, or null when the step means nothing in `state` (it is then ignored). */
export function nextFollowerState(state: FollowerState, step: FollowerStep): FollowerState | null {
  return TRANSITIONS[state][step] ?? null;
}

/** How often a following process reads how far the lease holder has kept the shared read models. */
export const FOLLOW_SHARED_MS = 200;
/**
 * The longest one read of the holder's checkpoint may take: a read left hanging (a half-open socket) would
 * otherwise stop the follower for good while its status still said caught up.
 */
export const FOLLOW_READ_TIMEOUT_MS = 5000;
/** Events read at a time to tell a follower's watchers what the lease holder applied. */
const FOLLOW_PAGE = 500;

/** What a follower tells as it follows: the waits and the lag, as the holder's own subscriber tells them. */
export interface FollowerListeners {
  /** The read models hold `event` (told only while someone watches for events). */
  applied(event: RecordedEvent): void;
  /** The read models stand at `position`, forwards or back. */
  reached(position: number): void;
  /** Whether anyone watches for events (they are then read from the log and told one by one). */
  readonly watching: boolean;
}

/**
 * A process's view of shared read models it does not keep itself (see `FollowerState`). While following, it
 * reads the holder's checkpoint one read at a time, every `FOLLOW_SHARED_MS` after the last read ended (a slow
 * store never piles reads up), and takes what it reads as the read models' position, forwards or back (a restore
 * or a rebuild moves the checkpoint back, and read-your-writes must then wait again). A read that fails is this
 * process's error until the next read succeeds; a read begun before a lease change is thrown away, so a late
 * answer can never move the position the new state owns. A checkpoint past the end of the log is reported, as
 * the holder reports it (and kept as found, so the log growing past it again does not hide it), and followed
 * again once the restore runbook has moved it back.
 */
export class ReadModelFollower {
  private current: FollowerState = 'following';
  /** Bumped by every transition: a read that began under another one is stale. */
  private epoch = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** The highest head read; a checkpoint at or below it needs no further look at the log. */
  private knownHead = -1;

  constructor(
    private readonly status: SubscriberStatus,
    private readonly checkpoint: Pick<CheckpointWriter, 'store' | 'id' | 'restoredLogEnd' | 'foundPastTheEnd'>,
    private readonly eventStore: Pick<EventStore, 'headPosition' | 'readAll'>,
    private readonly listeners: FollowerListeners,
    private readonly intervalMs = FOLLOW_SHARED_MS,
    private readonly readTimeoutMs = FOLLOW_READ_TIMEOUT_MS,
  ) {}

  get state(): FollowerState {
    return this.current;
  }

  /** Moves to the state `step` leads to; false (and nothing changes) when it leads nowhere from here. */
  step(step: FollowerStep): boolean {
    const next = nextFollowerState(this.current, step);
    if (next === null) return false;
    this.current = next;
    this.epoch += 1;
    if (next === 'following') this.schedule(0);
    else this.cancel();
    return true;
  }

  /** Starts following (the process does not hold the lease). */
  start(): void {
    if (this.current === 'following') this.schedule(0);
  }

  close(): void {
    this.closed = true;
    this.cancel();
  }

  /** One read of the holder's checkpoint, and what follows from it. Exposed for the tests' sake. */
  async followOnce(): Promise<void> {
    const epoch = this.epoch;
    const stale = (): boolean => epoch !== this.epoch || this.current !== 'following';
    try {
      const [position, restoredEnd] = await within(
        Promise.all([this.checkpoint.store.get(this.checkpoint.id).then((p) => p ?? -1), this.checkpoint.restoredLogEnd()]),
        this.readTimeoutMs,
      );
      if (stale()) return;
      // Found past the end once (by the holder or here) and not yet moved back: still so, though the log may
      // have grown past the checkpoint since.
      if (restoredEnd !== null && position > restoredEnd) return this.pastTheEnd(position, restoredEnd);
      if (position > this.knownHead) {
        const head = await this.eventStore.headPosition();
        if (stale()) return;
        this.knownHead = head;
        if (position > head) return this.pastTheEnd(position, await this.checkpoint.foundPastTheEnd(head));
      }
      if (position > this.status.position && this.listeners.watching) {
        // Those watching for an event hear of it here as on the holder: what it applied since is read (only then).
        await this.tellWatchers(this.status.position, position, stale);
        if (stale()) return;
      }
      if (position !== this.status.position) {
        this.status.position = position;
        this.listeners.reached(position);
      }
      this.status.caughtUp = true;
      // The read succeeded: whatever failed before (an election, a checkpoint past the end) is behind it.
      this.status.lastError = null;
    } catch (error) {
      if (!stale()) this.status.lastError = error instanceof Error ? error.message : String(error);
    }
  }

  private pastTheEnd(position: number, logEnd: number): void {
    this.status.lastError = pastTheEnd(position, logEnd);
    this.status.caughtUp = false;
  }

  private async tellWatchers(after: number, upTo: number, stale: () => boolean): Promise<void> {
    for (let from = after; from < upTo;) {
      const page = await this.eventStore.readAll({ after: from, maxCount: FOLLOW_PAGE });
      if (stale()) return;
      for (const event of page) {
        if (event.globalPosition > upTo) return;
        this.listeners.applied(event);
        from = event.globalPosition;
      }
      if (page.length < FOLLOW_PAGE) return;
    }
  }

  private schedule(delayMs: number): void {
    this.cancel();
    if (this.closed) return;
    const epoch = this.epoch;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.followOnce().finally(() => {
        // The next read is planned only once this one has ended, and only while still following.
        if (epoch === this.epoch && this.current === 'following') this.schedule(this.intervalMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** `read`'s answer, or a failure once `ms` have passed without one (the read itself is left to settle). */
function within<T>(read: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the read-model store did not answer the checkpoint read within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}
