import { AppendTooLargeError } from './event-store.errors';
import type { EventToAppend } from './event-store.port';

/**
 * The most one append may carry, counted as the UTF-8 bytes of each event's type, data and metadata as JSON. Every
 * adapter refuses more, the same way, before it writes anything: KurrentDB's own limit (`MaxAppendSize`, 1 MiB by
 * default) would otherwise refuse it only there, and as a failure of the store rather than of the request.
 */
export const MAX_APPEND_BYTES = 1_000_000;

/** An event's data and metadata as JSON text, made once per append: counted here, and what the SQL adapters write. */
export interface SerializedEvent {
  type: string;
  dataJson: string;
  metadataJson: string;
}

/** The events as JSON (absent data as `null`, as every adapter stores it). */
export function serializeEvents(events: readonly EventToAppend[]): SerializedEvent[] {
  return events.map((event) => ({
    type: event.type,
    dataJson: JSON.stringify(event.data ?? null),
    metadataJson: JSON.stringify(event.metadata),
  }));
}

/** The size `MAX_APPEND_BYTES` limits. */
export function appendBytes(events: readonly EventToAppend[]): number {
  return serializedBytes(serializeEvents(events));
}

/** Throws `AppendTooLargeError` when the events would make an append larger than `MAX_APPEND_BYTES`. */
export function assertAppendSize(streamName: string, events: readonly SerializedEvent[]): void {
  const bytes = serializedBytes(events);
  if (bytes > MAX_APPEND_BYTES) throw new AppendTooLargeError(streamName, bytes, MAX_APPEND_BYTES);
}

function serializedBytes(events: readonly SerializedEvent[]): number {
  return events.reduce(
    (total, event) => total + Buffer.byteLength(event.type) + Buffer.byteLength(event.dataJson) + Buffer.byteLength(event.metadataJson),
    0,
  );
}
