import { createHash, randomUUID } from 'node:crypto';

/** Namespace of every deterministic event id of the shop, so ours never collide with other v5 ids. */
const EVENT_ID_NAMESPACE = '6f1c3b52-8e0a-4f7e-9d2b-5a4c1e7b9f30';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** A random id for an event that has no natural identity. */
export function newEventId(): string {
  return randomUUID();
}

/** RFC 4122 name-based UUID (version 5: SHA-1 of namespace bytes followed by the name). */
export function uuidV5(name: string, namespace: string): string {
  if (!isUuid(namespace)) throw new Error(`Namespace is not a UUID: ${namespace}`);
  const namespaceBytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(namespaceBytes).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The same id for the same external fact, every time (e.g. `deterministicEventId('stripe', evt.id)`),
 * so appending that fact twice is a no-op. Parts are JSON-encoded so ('a', 'bc') and ('ab', 'c') differ.
 */
export function deterministicEventId(...parts: string[]): string {
  if (parts.length === 0) throw new Error('deterministicEventId needs at least one part');
  return uuidV5(JSON.stringify(parts), EVENT_ID_NAMESPACE);
}
