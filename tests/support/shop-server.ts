import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const BROWSER_ADMIN_PASSWORD = 'browser-test-password';
export const ROOT = resolve(__dirname, '../..');
const LOG_DIR = join(ROOT, '.tmp/test-reports/server-logs');

export interface ShopServerOptions {
  /** Extra environment for the process (PORT, HOST and DATA_DIR are set here). */
  env?: Record<string, string>;
  /** Reuse this data directory (it is then left in place on stop); a fresh temporary one otherwise. */
  dataDir?: string;
  /** Names the log file written to `.tmp/test-reports/server-logs/` when the server stops. */
  name?: string;
}

export interface ShopServer {
  url: string;
  dataDir: string;
  /** Calls the running shop's API (JSON in, JSON out); throws on a non-2xx answer. */
  api<T = unknown>(method: string, path: string, body?: unknown, token?: string): Promise<T>;
  adminToken(): Promise<string>;
  /** Everything the process has written to stdout and stderr so far, across restarts. */
  output(): string;
  /** Kills the process with SIGKILL: no shutdown hook runs, as in a power cut. */
  kill(): Promise<void>;
  /** Starts the process again on the same port and data directory, and waits until it is healthy. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the built shop (`backend/dist/main.js`) on 127.0.0.1, with a fresh data directory unless given one. */
export async function startShopServer(options: ShopServerOptions = {}): Promise<ShopServer> {
  const { env = {}, dataDir: givenDataDir, name } = options;
  const port = await freePort();
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'brewery-shop-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  let child: ChildProcess | null = null;

  const launch = async (): Promise<void> => {
    const started = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', ADMIN_PASSWORD: BROWSER_ADMIN_PASSWORD, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`shop exited with ${started.exitCode}:\n${output}`);
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(`shop did not become healthy within 60 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const exit = async (signal: NodeJS.Signals): Promise<void> => {
    const running = child;
    if (running === null || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill(signal);
    const timer = setTimeout(() => running.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  await launch();
  let token: string | null = null;
  const api = async <T>(method: string, path: string, body?: unknown, bearer?: string): Promise<T> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
  return {
    url,
    dataDir,
    api,
    adminToken: async () => {
      token ??= (await api<{ token: string }>('POST', '/api/admin/login', { password: env.ADMIN_PASSWORD ?? BROWSER_ADMIN_PASSWORD })).token;
      return token;
    },
    output: () => output,
    kill: () => exit('SIGKILL'),
    restart: async () => {
      await exit('SIGKILL');
      await launch();
    },
    stop: async () => {
      await exit('SIGTERM');
      mkdirSync(LOG_DIR, { recursive: true });
      writeFileSync(join(LOG_DIR, `${name ?? 'shop'}-${port}.log`), output);
      if (givenDataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
