import { mkdir, rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe } from '../event-sourcing/store-writes';

/** Below this much free space the shop does not start: the embedded store and the pictures need room to write. */
export const MIN_FREE_BYTES = 16 * 1024 * 1024;

/** DATA_DIR cannot be used: the message is one line naming the directory and the cause. */
export class DataDirError extends Error {
  override readonly name = 'DataDirError';
}

/**
 * Makes sure DATA_DIR exists, takes a write, and has room for more, before anything opens in it: a read-only,
 * missing-parent, unwritable or full directory then stops the start with one line saying which and why,
 * instead of an error from deep inside the store.
 */
export async function checkDataDir(dir: string, minFreeBytes = MIN_FREE_BYTES): Promise<void> {
  const fail = (what: string, error: unknown): DataDirError => new DataDirError(`DATA_DIR ${dir} ${what}: ${describe(error)}`);
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST') {
      throw new DataDirError(`DATA_DIR ${dir} cannot be used: it is a file, not a directory`);
    }
    // A recursive mkdir reports a read-only file system as ENOENT: the plain one says what it really is.
    const plain = await mkdir(dir).then(
      () => null,
      (again: unknown) => again,
    );
    if (plain !== null) throw fail('cannot be created', (plain as { code?: unknown }).code === 'EEXIST' ? error : plain);
  }
  const probe = join(dir, `.write-check-${process.pid}`);
  try {
    await writeFile(probe, 'ok');
  } catch (error) {
    throw fail('cannot be written', error);
  } finally {
    await rm(probe, { force: true }).catch(() => undefined);
  }
  const space = await statfs(dir).catch(() => null);
  if (space !== null) {
    const free = space.bavail * space.bsize;
    if (free < minFreeBytes) {
      throw new DataDirError(
        `DATA_DIR ${dir} cannot be used: the disk is full (${(free / 1024 / 1024).toFixed(1)} MiB free, at least ${MIN_FREE_BYTES / 1024 / 1024} MiB needed)`,
      );
    }
  }
}
