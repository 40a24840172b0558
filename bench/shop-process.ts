import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Compiled to .tmp/bench/bench/: the repository is three levels up.
export const ROOT = resolve(__dirname, '../../..');
export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

export interface ShopProcess {
  url: string;
  pid: number;
  /** Calls the shop's API (JSON in, JSON out); throws on a non-2xx answer. */
  api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T>;
  adminToken(): Promise<string>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** Resolves once `url` answers 2xx, or rejects when the process exits or `timeoutMs` passes. */
export async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Ends a child process: SIGTERM, then SIGKILL after 10 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The built shop (`backend/dist/main.js`) as production runs it: its own process on 127.0.0.1, with a fresh
 * temporary DATA_DIR (embedded PGlite store, memory read models) that is removed on stop, or the given one,
 * which is left in place.
 */
export async function startShop(env: Record<string, string> = {}, givenDataDir?: string): Promise<ShopProcess> {
  const port = await freePort();
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'bench-shop-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'production',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept short: only the tail matters when start-up fails.
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    await stopChild(child);
    if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(`${url}/api/health`, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  const api = async <T>(method: string, path: string, body?: unknown, bearer?: string): Promise<T> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : null) as T;
  };
  let token: string | null = null;
  return {
    url,
    pid: child.pid ?? -1,
    api,
    adminToken: async () => {
      token ??= (await api<{ token: string }>('POST', '/api/admin/login', { password: env.ADMIN_PASSWORD ?? BENCH_ADMIN_PASSWORD })).token;
      return token;
    },
    stop,
  };
}
