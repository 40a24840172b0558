import { AppendTooLargeError } from './event-store.errors';
import type { EventToAppend } from './event-store.port';

/**
 * The most one append may carry, counted as the UTF-8 bytes of each event's type, data and metadata as JSON. Every
 * adapter refuses more, the same way, before it writes anything: KurrentDB's own limit (`MaxAppendSize`, 1 MiB by
 * default) would otherwise refuse it only there, and as a failure of the store rather than of the request.
 */
export const MAX_APPEND_BYTES = 1_000_000;

/** The size `MAX_APPEND_BYTES` limits. */
export function appendBytes(events: readonly EventToAppend[]): number {
  return events.reduce(
    (total, event) =>
      total +
      Buffer.byteLength(event.type) +
      Buffer.byteLength(JSON.stringify(event.data)) +
      Buffer.byteLength(JSON.stringify(event.metadata)),
    0,
  );
}

/** Throws `AppendTooLargeError` when the events would make an append larger than `MAX_APPEND_BYTES`. */
export function assertAppendSize(streamName: string, events: readonly EventToAppend[]): void {
  const bytes = appendBytes(events);
  if (bytes > MAX_APPEND_BYTES) throw new AppendTooLargeError(streamName, bytes, MAX_APPEND_BYTES);
}
