import { execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

export interface ThrowawayPostgres {
  /** Superuser URL of the cluster's `postgres` database on 127.0.0.1. */
  url: string;
  stop(): Promise<void>;
}

const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql';

interface RunAs {
  uid: number;
  gid: number;
}

/**
 * Starts a private PostgreSQL cluster from Debian's binaries (installing the `postgresql` package
 * when absent and we are root) in a temp directory, listening on 127.0.0.1 and a free port only.
 * A detached watchdog stops it and deletes the directory if this process dies without calling stop().
 * Tests run it with fsync off; benchmarks pass `{ fsync: true }` to measure what a real server does.
 */
export async function startThrowawayPostgres(options: { fsync?: boolean } = {}): Promise<ThrowawayPostgres> {
  const binDir = await findOrInstallPostgresBinaries();
  const runAs = process.getuid?.() === 0 ? postgresUser() : null;
  const dir = mkdtempSync(join(tmpdir(), 'brewery-pg-'));
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  const dataDir = join(dir, 'data');
  const port = await freePort();

  try {
    // --no-sync and fsync=off: a throwaway test cluster never needs to survive a crash.
    await run(join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync'], runAs);
    await run(
      join(binDir, 'pg_ctl'),
      [
        'start',
        '-w',
        '-D',
        dataDir,
        '-l',
        join(dir, 'server.log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${options.fsync ? 'on' : 'off'}`,
      ],
      runAs,
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const stopCommand = [join(binDir, 'pg_ctl'), 'stop', '-D', dataDir, '-m', 'immediate'];
  startWatchdog(process.pid, stopCommand, dir, runAs);

  let stopped: Promise<void> | null = null;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      stopped ??= (async () => {
        const [command, ...args] = stopCommand;
        try {
          await run(command ?? 'pg_ctl', args, runAs);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      })();
      return stopped;
    },
  };
}

/** Creates a fresh database on the cluster (so test files can run in parallel) and returns its URL. */
export async function createThrowawayDatabase(serverUrl: string, prefix = 'test'): Promise<string> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`.toLowerCase();
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function findOrInstallPostgresBinaries(): Promise<string> {
  const found = findPostgresBinaries();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `No PostgreSQL binaries under ${DEBIAN_POSTGRES_ROOT}/*/bin; install the postgresql package (apt-get install -y postgresql)`,
    );
  }
  const install = (): Promise<void> =>
    run('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], null, { DEBIAN_FRONTEND: 'noninteractive' });
  try {
    await install();
  } catch {
    // Usually an empty package list in a fresh container.
    await run('apt-get', ['update'], null);
    await install();
  }
  const installed = findPostgresBinaries();
  if (!installed) throw new Error(`Installed postgresql but found no binaries under ${DEBIAN_POSTGRES_ROOT}/*/bin`);
  return installed;
}

function findPostgresBinaries(): string | null {
  if (!existsSync(DEBIAN_POSTGRES_ROOT)) return null;
  const versions = readdirSync(DEBIAN_POSTGRES_ROOT)
    .filter((entry) => existsSync(join(DEBIAN_POSTGRES_ROOT, entry, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  const newest = versions[0];
  return newest === undefined ? null : join(DEBIAN_POSTGRES_ROOT, newest, 'bin');
}

/** PostgreSQL refuses to run as root, so as root we run it as Debian's `postgres` user. */
function postgresUser(): RunAs {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error('Running as root but there is no postgres user to run PostgreSQL as');
  return { uid: Number(uid), gid: Number(gid) };
}

function run(command: string, args: readonly string[], runAs: RunAs | null, extraEnv: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { env: { ...process.env, ...extraEnv }, cwd: tmpdir(), ...(runAs ?? {}), maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
        else resolve();
      },
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('No port'))));
    });
  });
}

/** A detached process that outlives us only to stop the cluster if we die before stop(). */
function startWatchdog(ownerPid: number, stopCommand: readonly string[], dir: string, runAs: RunAs | null): void {
  const script = `
    const { execFileSync } = require('node:child_process');
    const { rmSync, existsSync } = require('node:fs');
    const [owner, dir, runAs, ...stop] = JSON.parse(process.argv[1]);
    const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
    const timer = setInterval(() => {
      if (!existsSync(dir)) { clearInterval(timer); return; }
      if (alive(owner)) return;
      clearInterval(timer);
      try { execFileSync(stop[0], stop.slice(1), { stdio: 'ignore', cwd: '/', ...(runAs || {}) }); } catch {}
      rmSync(dir, { recursive: true, force: true });
    }, 1000);
  `;
  const child = spawn(process.execPath, ['-e', script, JSON.stringify([ownerPid, dir, runAs, ...stopCommand])], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
}
