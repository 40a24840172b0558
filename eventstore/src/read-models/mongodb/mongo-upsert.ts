import { MongoServerError } from 'mongodb';
import type { Filter, Update } from '../document-store.port';
import { upsertSeed } from '../upsert-seed';

const DUPLICATE_KEY = 11000;

export function isDuplicateKeyError(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY;
}

export interface UpdateCounts {
  matchedCount: number;
  upsertedCount: number;
}

/**
 * Runs an upsert so that it keeps the port's promise: when the filter's `_id` exists but the rest of the
 * filter (a revision guard, a lease condition) excludes it, MongoDB tries to insert and fails with a
 * duplicate key. That, or a concurrent upsert that inserted first, is settled by one plain update: it
 * applies if the document now matches and is a no-op if the guard still refuses it.
 */
export async function upsertTolerantOfExistingId(
  run: (upsert: boolean) => Promise<UpdateCounts>,
): Promise<{ matched: number; upserted: boolean }> {
  try {
    const result = await run(true);
    return { matched: result.matchedCount, upserted: result.upsertedCount > 0 };
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const retried = await run(false);
    return { matched: retried.matchedCount, upserted: false };
  }
}

/**
 * Read models use string ids; MongoDB would give an upserted document without one an ObjectId. When the
 * filter's equality fields name no `_id`, a UUID is set on insert instead.
 */
export function withStringIdOnInsert(filter: Filter, update: Update, newId: () => string): Update {
  if ('_id' in upsertSeed(filter)) return update;
  const onInsert = update.$setOnInsert;
  const existing = onInsert !== null && typeof onInsert === 'object' ? onInsert : {};
  return { ...update, $setOnInsert: { ...existing, _id: newId() } };
}
