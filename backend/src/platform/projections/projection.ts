import type { DocumentStore, RecordedEvent, Sort } from '@brewery/eventstore';

/**
 * A read model kept from the log. `apply` must be idempotent: the runner delivers at least once, so the
 * same event twice (or an older event after a newer one of the same stream) must change nothing.
 */
export interface Projection {
  readonly name: string;
  /** The collections this projection owns; a rebuild empties them. */
  readonly collections: readonly string[];
  /** Event types it reads; others are not delivered to it. */
  readonly eventTypes: readonly string[];
  /** Indexes its readers' filters and sorts need, per collection (kept on MongoDB; memory scans anyway). */
  readonly indexes?: Readonly<Record<string, readonly Sort[]>>;
  apply(event: RecordedEvent, store: DocumentStore): Promise<void>;
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
