import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE_NAME, acquireDataDirLock, currentOwner, isEnding, isProcessAlive, readOwner, startTimeOf } from './data-dir-lock';

const hasProc = process.platform === 'linux';

/**
 * A process killed with SIGKILL whose parent never reaps it: a zombie for as long as the parent lives, as a shop
 * killed in a container stays until its pid 1 reaps it. The parent is a shell that `exec`s into a long sleep.
 */
async function zombie(): Promise<{ pid: number; end: () => void }> {
  const parent = spawn('sh', ['-c', 'sleep 120 & echo $!; exec sleep 120'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const pid = await new Promise<number>((resolve) =>
    parent.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 100 && !isEnding(pid); i += 1) await new Promise((r) => setTimeout(r, 20));
  return { pid, end: () => parent.kill('SIGKILL') };
}

(hasProc ? describe : describe.skip)('the data directory lock and a holder that was killed', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('given a running process, it is alive and not ending', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isEnding(process.pid)).toBe(false);
  });

  it('given a zombie (killed, not yet reaped), it is not alive, and its lock is taken over at once', async () => {
    const killed = await zombie();
    try {
      expect(isEnding(killed.pid)).toBe(true);
      expect(isProcessAlive(killed.pid)).toBe(false);
      const dataDir = mkdtempSync(join(tmpdir(), 'brewery-lock-'));
      dirs.push(dataDir);
      // The lock as the killed shop wrote it: its pid and start time, in this pid namespace and boot.
      writeFileSync(
        join(dataDir, LOCK_FILE_NAME),
        `${JSON.stringify({ ...currentOwner(), pid: killed.pid, startTime: startTimeOf(killed.pid) })}\n`,
      );
      const lock = acquireDataDirLock(dataDir);
      expect(readOwner(lock.path)?.pid).toBe(process.pid);
      lock.release();
    } finally {
      killed.end();
    }
  });

  it('given a live holder in this namespace, the lock is refused', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'brewery-lock-'));
    dirs.push(dataDir);
    const held = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(/is in use by process/);
    held.release();
  });
});
