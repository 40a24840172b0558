import type { DocumentStore, RecordedEvent, Sort } from '@brewery/eventstore';

/**
 * A read model kept from the log. `apply` must be idempotent: the runner delivers at least once, so the
 * same event twice (or an older event after a newer one of the same stream) must change nothing.
 */
export interface Projection {
  readonly name: string;
  /** The collections this projection owns; a rebuild empties them. */
  readonly collections: readonly string[];
  /** Event types it reads; others are not delivered to it. `'all'`: every event (a trail of who did what). */
  readonly eventTypes: readonly string[] | 'all';
  /** Indexes its readers' filters and sorts need, per collection (kept on MongoDB; memory scans anyway). */
  readonly indexes?: Readonly<Record<string, readonly Sort[]>>;
  apply(event: RecordedEvent, store: DocumentStore): Promise<void>;
}

/** Whether a projection reads events of this type. */
export function projectionReads(projection: Pick<Projection, 'eventTypes'>, type: string): boolean {
  return projection.eventTypes === 'all' || projection.eventTypes.includes(type);
}

/**
 * Reacts to events with side effects or new commands (mark the order paid, send the e-mail). Its
 * checkpoint is durable and its effects are idempotent by construction, so a restart never repeats one.
 */
export interface ProcessManager {
  readonly name: string;
  readonly eventTypes: readonly string[];
  handle(event: RecordedEvent): Promise<void>;
}

/**
 * Thrown by a process manager's step that cannot be finished yet for a reason expected to pass by itself: another
 * step on the same money is under way (a refund made at the provider and not yet recorded, the same refund being
 * made under the same key at this moment). Like any failure it ends the run, and the subscriber starts again from
 * its checkpoint after its back-off; unlike one it is logged at debug level and not counted as a restart, until it
 * has waited through the longer back-offs too (then it is reported as any failure is).
 */
export class RetryLater extends Error {
  override readonly name = 'RetryLater';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
