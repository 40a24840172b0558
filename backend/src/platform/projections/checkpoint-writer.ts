import type { CheckpointStore } from '@brewery/eventstore';

/**
 * How long the checkpoint may trail behind events that no handler took (they are skipped again on replay): a
 * throttle from the first of them, never pushed back, since followers of shared read models go by it.
 */
const IDLE_CHECKPOINT_MS = 1000;
/**
 * ...and by how many of them at most: counted as events, whatever the store's positions measure (events on SQL,
 * bytes of log on KurrentDB, where 500 positions are a single event or two).
 */
export const IDLE_CHECKPOINT_EVENTS = 500;
/**
 * How long the checkpoint may trail behind handled events. Every handler is idempotent (delivery is at least
 * once), so a crash in this window only hands a few events over again; writing the checkpoint after every
 * one of them cost a store round trip per handled event, a fifth of the store's work per order.
 */
const HANDLED_CHECKPOINT_MS = 200;

/**
 * One subscriber's checkpoint: where it stands, written lazily. Handled events are written within 200 ms;
 * events no handler takes within a second of the first of them, or every 500 of them; and whatever is left at
 * stop. Writes
 * run one after another, so a later position is never overwritten by an earlier one.
 */
export class CheckpointWriter {
  /** The position last written to the store (or read from it at start). */
  private saved = -1;
  /** Events done since the last write was asked for. */
  private sinceSaved = 0;
  private saving: Promise<void> = Promise.resolve();
  /** Writes the position of events nobody handled, a second after the first of them (a throttle, never pushed back). */
  private idleTimer: NodeJS.Timeout | null = null;
  /** Writes the position of handled events a moment after the first of them (a throttle, never pushed back). */
  private handledTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly store: CheckpointStore,
    readonly id: string,
    /** Where the subscriber stands now: what a timed write writes. */
    private readonly position: () => number,
    /** Reports a write that failed (the next one starts afresh). */
    readonly warn: (error: unknown) => void,
  ) {}

  /** The position to start from (null: the log's beginning), which is also the one written. */
  async load(): Promise<number | null> {
    const after = await this.store.get(this.id);
    this.saved = after ?? -1;
    this.sinceSaved = 0;
    return after;
  }

  /** An event done at `position`: returns the checkpoint write when one is due at once, else schedules it. */
  delivered(position: number, handled: boolean): Promise<void> | undefined {
    this.sinceSaved += 1;
    if (this.sinceSaved >= IDLE_CHECKPOINT_EVENTS) return this.save(position);
    if (handled) this.scheduleHandled();
    else if (this.handledTimer === null) this.scheduleIdle();
    return undefined;
  }

  /** Writes `position` unless a later one is already written; writes never overtake one another. */
  save(position: number): Promise<void> {
    this.sinceSaved = 0;
    const write = this.saving.then(async () => {
      if (position <= this.saved) return;
      await this.store.set(this.id, position);
      this.saved = position;
    });
    // A failed write is the caller's to report; the next one starts afresh.
    this.saving = write.catch(() => undefined);
    return write;
  }

  /**
   * The end of the event log when this checkpoint was first found past it (the events restored from an older
   * backup), kept beside the checkpoint until the restore runbook moves it back; null when it never was. Kept
   * as the head plus one, since an empty log's head is -1 and a stored position is never negative.
   */
  async restoredLogEnd(): Promise<number | null> {
    const kept = await this.store.get(restoredLogEndId(this.id));
    return kept === null ? null : kept - 1;
  }

  /**
   * Keeps `head` as the restored log's end, unless an earlier finding is kept already (that one is the restore's;
   * two processes finding it at the same moment may each keep theirs, the later one winning: both are ends of the
   * restored log as it was then, and the runbook moves the checkpoint back to the one kept).
   */
  async foundPastTheEnd(head: number): Promise<number> {
    const kept = await this.restoredLogEnd();
    if (kept !== null) return kept;
    await this.store.set(restoredLogEndId(this.id), head + 1);
    return head;
  }

  /** The checkpoint is no longer past the end (moved back, replaced, replayed from the start): nothing to keep. */
  async restoreHandled(): Promise<void> {
    await this.store.reset(restoredLogEndId(this.id));
  }

  /** Sets the checkpoint to `position` outright (a rebuild's read models replace the old ones). */
  async replace(position: number): Promise<void> {
    if (position < 0) await this.store.reset(this.id);
    else await this.store.set(this.id, position);
    // What it replaces is behind it, a finding of a restore included (a rebuild heals a checkpoint past the end).
    await this.restoreHandled();
  }

  /** No timed write goes on after this. */
  cancelTimers(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.handledTimer) clearTimeout(this.handledTimer);
    this.handledTimer = null;
  }

  private scheduleHandled(): void {
    if (this.handledTimer !== null) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.handledTimer = setTimeout(() => {
      this.handledTimer = null;
      this.save(this.position()).catch(this.warn);
    }, HANDLED_CHECKPOINT_MS);
    this.handledTimer.unref();
  }

  private scheduleIdle(): void {
    // Pushed back by each new event, a steady trickle of them (an e-mail a second) left it unwritten for minutes,
    // and every follower of shared read models as far behind.
    if (this.idleTimer !== null) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      this.save(this.position()).catch(this.warn);
    }, IDLE_CHECKPOINT_MS);
    this.idleTimer.unref();
  }
}

/**
 * Where a checkpoint's finding of a restore is kept, beside it in the same store: a checkpoint found past the end
 * of the log stays stopped even once the log has grown past it again (its positions would then name other events).
 */
export function restoredLogEndId(id: string): string {
  return `${id}#restored-log-end`;
}
