import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { DataDirLockedError } from '../event-store.errors';

export const LOCK_FILE_NAME = 'event-store.lock';

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/**
 * PGlite has no multi-process locking and two writers corrupt a data directory silently, so we hold
 * an exclusive lock file holding our pid. A file left by a dead process (kill -9, power loss) is
 * taken over; one held by a live process, including this one, is refused.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  // Two attempts: the second follows removal of a stale file; losing that race to another process is a refusal.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      return { path, release: () => releaseIfOurs(path) };
    } catch (error) {
      if (!isErrorCode(error, 'EEXIST')) throw error;
      const owner = readOwnerPid(path);
      if (owner !== null && isProcessAlive(owner)) throw new DataDirLockedError(dataDir, owner);
      removeIfPresent(path);
    }
  }
  throw new DataDirLockedError(dataDir, readOwnerPid(path) ?? -1);
}

export function readOwnerPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return null;
    throw error;
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return isErrorCode(error, 'EPERM');
  }
}

function releaseIfOurs(path: string): void {
  if (readOwnerPid(path) === process.pid) removeIfPresent(path);
}

function removeIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if (!isErrorCode(error, 'ENOENT')) throw error;
  }
}

function isErrorCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}
