import { closeSync, mkdirSync, openSync, readFileSync, readlinkSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { DataDirLockedError } from '../event-store.errors';

export const LOCK_FILE_NAME = 'event-store.lock';

/** How often the holder touches its lock file, so that a process that cannot check its pid can see it is alive. */
export const LOCK_HEARTBEAT_MS = 5_000;
/** A lock file untouched for this long belongs to a dead holder, whatever its pid says. */
export const LOCK_STALE_MS = 3 * LOCK_HEARTBEAT_MS;

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/** Who holds the lock: enough to tell a live holder from a dead one whose pid was given to another process. */
export interface LockOwner {
  pid: number;
  /** The process's start time (clock ticks since boot, from /proc); a new process with the same pid differs. */
  startTime?: string;
  /** The pid namespace the pid means something in (a container has its own; its first process is pid 1). */
  pidNamespace?: string;
  /** The kernel's boot: after a reboot every pid is another process. */
  bootId?: string;
  hostname?: string;
}

/** Why a lock is held, when it is: its holder is seen running, or (in another pid namespace) it is still touched. */
export type HolderState = 'alive' | 'heartbeat' | 'dead';

/**
 * PGlite has no multi-process locking and two writers corrupt a data directory silently, so we hold an
 * exclusive lock file naming our process. A file left by a dead process (kill -9, power loss, an
 * out-of-memory kill) is taken over; one held by a live process, including this one, is refused.
 *
 * A pid alone cannot tell: a container's first process is pid 1 at every start, so a crashed container's
 * file would name the restarted server itself. The file also records the process's start time, its pid
 * namespace and the kernel's boot id, and the holder touches it every few seconds. In the same namespace and
 * boot, a holder is alive when its pid runs and started when the file says; from another namespace (a new
 * container on the same volume) it is alive while its file is touched, and dead after LOCK_STALE_MS without.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  // Two attempts: the second follows removal of a stale file; losing that race to another process is a refusal.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, `${JSON.stringify(currentOwner())}\n`);
      } finally {
        closeSync(fd);
      }
      return holdLock(path);
    } catch (error) {
      if (!isErrorCode(error, 'EEXIST')) throw error;
      const owner = readOwner(path);
      const state = owner === null ? 'dead' : holderState(owner, path);
      if (state !== 'dead') throw new DataDirLockedError(dataDir, owner?.pid ?? -1, state === 'heartbeat' ? LOCK_STALE_MS : null);
      removeIfPresent(path);
    }
  }
  throw new DataDirLockedError(dataDir, readOwner(path)?.pid ?? -1, null);
}

function holdLock(path: string): DataDirLock {
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch {
      // A missing file is noticed by the next process that opens the directory; nothing to do here.
    }
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  return {
    path,
    release: () => {
      clearInterval(heartbeat);
      if (isOurs(readOwner(path))) removeIfPresent(path);
    },
  };
}

/** Whether the lock's holder is still there, as far as this process can tell. */
export function holderState(owner: LockOwner, path: string, now = Date.now()): HolderState {
  const here = currentOwner();
  const sameSystem =
    owner.pidNamespace !== undefined &&
    owner.pidNamespace === here.pidNamespace &&
    owner.bootId !== undefined &&
    owner.bootId === here.bootId;
  if (sameSystem) {
    if (!isProcessAlive(owner.pid)) return 'dead';
    // The same pid started at another time is another process (a restarted container's pid 1 is this one).
    return owner.startTime === undefined || owner.startTime === startTimeOf(owner.pid) ? 'alive' : 'dead';
  }
  if (owner.pidNamespace === undefined) {
    // A file that names a pid only (no /proc, or written before the other fields existed): the pid is all
    // there is. It is not this process's: this process writes the other fields where it can.
    return owner.pid !== process.pid && isProcessAlive(owner.pid) ? 'alive' : 'dead';
  }
  // Another pid namespace (another container) or another boot: alive only while its file is touched.
  return now - lockTouchedAt(path) < LOCK_STALE_MS ? 'heartbeat' : 'dead';
}

export function readOwner(path: string): LockOwner | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return null;
    throw error;
  }
  if (/^\d+$/.test(text)) {
    const pid = Number.parseInt(text, 10);
    return Number.isSafeInteger(pid) && pid > 0 ? { pid } : null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    return typeof parsed.pid === 'number' && Number.isSafeInteger(parsed.pid) && parsed.pid > 0 ? (parsed as LockOwner) : null;
  } catch {
    return null;
  }
}

/** The pid of the lock's holder, or null when there is no (readable) lock file. */
export function readOwnerPid(path: string): number | null {
  return readOwner(path)?.pid ?? null;
}

export function currentOwner(): LockOwner {
  return {
    pid: process.pid,
    ...optional('startTime', startTimeOf(process.pid)),
    ...optional(
      'pidNamespace',
      readProc(() => readlinkSync('/proc/self/ns/pid')),
    ),
    ...optional(
      'bootId',
      readProc(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()),
    ),
    hostname: hostname(),
  };
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
export function startTimeOf(pid: number): string | undefined {
  const stat = readProc(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  if (stat === undefined) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

/**
 * Whether the process can still write. A killed process can linger: as a zombie until its parent reaps it
 * (`kill -9` then a restart at once found one for 1.3 s), or tearing down with SIGKILL pending. Neither runs
 * another instruction of its own, so neither holds the directory.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return isErrorCode(error, 'EPERM');
  }
  return !isEnding(pid);
}

/** SIGKILL's bit in /proc's pending-signal masks. */
const SIGKILL_BIT = 1n << 8n;

/** A zombie, a dead task, or one with SIGKILL pending, as /proc/<pid>/status tells (false where there is no /proc). */
export function isEnding(pid: number): boolean {
  const status = readProc(() => readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (status === undefined) return false;
  const field = (name: string): string | undefined => new RegExp(`^${name}:\\s*(\\S+)`, 'm').exec(status)?.[1];
  const state = field('State');
  if (state === 'Z' || state === 'X' || state === 'x') return true;
  return ['SigPnd', 'ShdPnd'].some((name) => {
    const mask = field(name);
    return mask !== undefined && /^[0-9a-f]+$/i.test(mask) && (BigInt(`0x${mask}`) & SIGKILL_BIT) !== 0n;
  });
}

function isOurs(owner: LockOwner | null): boolean {
  if (owner === null || owner.pid !== process.pid) return false;
  const here = currentOwner();
  return owner.startTime === undefined || owner.startTime === here.startTime;
}

function lockTouchedAt(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function readProc<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
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
