import type { find, update } from 'mingo';
import type { Update } from '../document-store.port';
import { isPlainObject } from '../upsert-seed';

// mingo's subpath exports are invisible to this workspace's node10 resolution; its root signatures carry the types.
export type Criteria = Parameters<typeof find>[1];
export type Modifier = Parameters<typeof update>[1];

/**
 * Splits an update into what mingo applies and `$setOnInsert`, which mingo does not know and which
 * MongoDB applies only when an upsert inserts. Rejects replacement-style documents as the MongoDB driver
 * does, so code that works on the embedded store also works in production.
 */
export function splitUpdate(changes: Update): { modifier: Record<string, unknown>; onInsert: Record<string, unknown> | undefined } {
  const keys = Object.keys(changes);
  if (keys.length === 0 || keys.some((key) => !key.startsWith('$'))) {
    throw new TypeError('Update document requires atomic operators');
  }
  const { $setOnInsert, ...rest } = changes;
  if ($setOnInsert !== undefined && !isPlainObject($setOnInsert)) throw new TypeError('$setOnInsert needs an object');
  if ($setOnInsert) assertNoConflict(Object.keys($setOnInsert), otherPaths(rest));
  return { modifier: rest, onInsert: $setOnInsert };
}

function otherPaths(modifier: Record<string, unknown>): string[] {
  return Object.values(modifier).flatMap((fields) => (isPlainObject(fields) ? Object.keys(fields) : []));
}

/**
 * MongoDB refuses an update in which `$setOnInsert` and another operator touch the same path (or one
 * inside the other), even when nothing is inserted; mingo checks its own operators but never sees
 * `$setOnInsert`, so that check is made here.
 */
function assertNoConflict(onInsertPaths: string[], paths: string[]): void {
  for (const path of onInsertPaths) {
    const clash = paths.find((other) => other === path || other.startsWith(`${path}.`) || path.startsWith(`${other}.`));
    if (clash !== undefined) throw new Error(`Updating the path '${clash}' would create a conflict at '${path}'`);
  }
}

/** MongoDB's rules for collection names, kept here too so a name that works embedded works in production. */
export function assertCollectionName(name: string): void {
  if (name === '' || name.includes('$') || name.includes('\0') || name.startsWith('system.')) {
    throw new TypeError(`Invalid collection name: '${name}'`);
  }
}
