import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { describeCheckpointStoreContract } from '../../read-models/checkpoint-store.contract';
import { describeEventStoreContract, newStream, numbered } from '../event-store.contract';
import { DataDirLockedError } from '../event-store.errors';
import { describeSqlEventStoreContract } from '../sql/sql-event-store.contract';
import {
  LOCK_FILE_NAME,
  LOCK_STALE_MS,
  acquireDataDirLock,
  currentOwner,
  holderState,
  readOwner,
  readOwnerPid,
  startTimeOf,
} from './data-dir-lock';
import { PGLITE_IN_MEMORY, PgliteEventStore } from './pglite-event-store';

// Opening a PGlite or PostgreSQL database takes seconds; the project-level testTimeout is not applied by jest-circus.
jest.setTimeout(60_000);

describeEventStoreContract('PGlite (memory://)', () => PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY }));
describeSqlEventStoreContract('PGlite (memory://)', () => PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY }));

// One data directory for the on-disk tests, which run one after another: creating a PGlite database
// costs seconds, reopening one far less.
let dataDir = '';
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'brewery-pglite-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describeCheckpointStoreContract(
  'SqlCheckpointStore on PGlite (data directory)',
  async () => {
    // Single writer: reopening means closing the running store first, as a restart would.
    let current = await PgliteEventStore.open({ dataDir });
    return {
      store: current.checkpointStore(),
      reopen: async () => {
        await current.close();
        current = await PgliteEventStore.open({ dataDir });
        return current.checkpointStore();
      },
      close: () => current.close(),
    };
  },
  { persistent: true },
);

describe('PGlite on a data directory', () => {
  const lockPath = (): string => join(dataDir, LOCK_FILE_NAME);

  it('keeps events and checkpoints across close and reopen, and carries on numbering', async () => {
    const stream = newStream('order');
    const first = await PgliteEventStore.open({ dataDir });
    const written = await first.append(stream, numbered(3), { expectedRevision: 'no_stream' });
    await first.checkpointStore().set('emails', written.position);
    await first.close();

    const reopened = await PgliteEventStore.open({ dataDir });
    try {
      expect((await reopened.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2]);
      expect(await reopened.headPosition()).toBe(written.position);
      expect(await reopened.checkpointStore().get('emails')).toBe(written.position);
      const next = await reopened.append(stream, numbered(1), { expectedRevision: written.nextExpectedRevision });
      expect(next.position).toBeGreaterThan(written.position);
    } finally {
      await reopened.close();
    }
  });

  it('holds a lock file with its pid while open, refuses a second writer, and frees the directory on close', async () => {
    const first = await PgliteEventStore.open({ dataDir });
    try {
      expect(readOwner(lockPath())).toEqual(currentOwner());
      await expect(PgliteEventStore.open({ dataDir })).rejects.toThrow(DataDirLockedError);
      await expect(PgliteEventStore.open({ dataDir })).rejects.toThrow(`is in use by process ${process.pid}`);
      // The refused opens left the first writer working and its lock in place.
      expect(await first.health()).toMatchObject({ ok: true, adapter: 'pglite' });
      expect(readOwnerPid(lockPath())).toBe(process.pid);
    } finally {
      await first.close();
    }
    expect(existsSync(lockPath())).toBe(false);
    expect(await first.health()).toMatchObject({ ok: false, adapter: 'pglite' });

    const next = await PgliteEventStore.open({ dataDir });
    await next.close();
  });

  it('takes over a lock file left by a process that no longer exists', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
    expect(dead.pid).toBeGreaterThan(0);
    writeFileSync(lockPath(), `${dead.pid}\n`);

    const store = await PgliteEventStore.open({ dataDir });
    try {
      expect(readOwnerPid(lockPath())).toBe(process.pid);
      expect(await store.health()).toMatchObject({ ok: true, adapter: 'pglite' });
    } finally {
      await store.close();
    }
  });

  it.each([
    ['a pid-only file naming this very process (a crashed container’s pid 1 is the restarted server)', () => `${process.pid}\n`],
    [
      'its pid, running but started at another time (the pid was given to a new process)',
      () => JSON.stringify({ ...currentOwner(), startTime: '1' }),
    ],
    [
      'another pid namespace (another container) whose file has not been touched for longer than the heartbeat allows',
      () => JSON.stringify({ ...currentOwner(), pid: 1, pidNamespace: 'pid:[1]' }),
    ],
  ])('takes over a lock file from %s', async (_case, content) => {
    writeFileSync(lockPath(), content());
    const old = new Date(Date.now() - LOCK_STALE_MS - 1000);
    utimesSync(lockPath(), old, old);
    const store = await PgliteEventStore.open({ dataDir });
    try {
      expect(readOwner(lockPath())).toEqual(currentOwner());
    } finally {
      await store.close();
    }
  });

  it('given a holder in another pid namespace whose file is still touched, it is held; once the touches stop, it is free', () => {
    writeFileSync(lockPath(), JSON.stringify({ ...currentOwner(), pid: 1, pidNamespace: 'pid:[1]' }));
    try {
      const owner = readOwner(lockPath());
      if (owner === null) throw new Error('no owner');
      expect(holderState(owner, lockPath())).toBe('heartbeat');
      expect(() => acquireDataDirLock(dataDir)).toThrow('still touches its lock');
      expect(holderState(owner, lockPath(), Date.now() + LOCK_STALE_MS + 1)).toBe('dead');
    } finally {
      rmSync(lockPath(), { force: true });
    }
  });

  it('refuses a lock file of another live process in this namespace, recognised by its start time', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const pid = other.pid ?? -1;
      await new Promise((resolve) => setTimeout(resolve, 200));
      writeFileSync(lockPath(), JSON.stringify({ ...currentOwner(), pid, startTime: startTimeOf(pid) }));
      await expect(PgliteEventStore.open({ dataDir })).rejects.toThrow(`is in use by process ${pid}`);
    } finally {
      other.kill('SIGKILL');
      rmSync(lockPath(), { force: true });
    }
  });

  it('refuses a lock file held by another live process and leaves it alone', async () => {
    writeFileSync(lockPath(), `${process.ppid}\n`);
    try {
      await expect(PgliteEventStore.open({ dataDir })).rejects.toThrow(`is in use by process ${process.ppid}`);
      expect(readFileSync(lockPath(), 'utf8').trim()).toBe(String(process.ppid));
    } finally {
      rmSync(lockPath(), { force: true });
    }
  });
});
