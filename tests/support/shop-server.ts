import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const BROWSER_ADMIN_PASSWORD = 'browser-test-password';

/** The repository: the nearest folder above this file holding the backend workspace (also from a copy compiled under `.tmp/`). */
export const ROOT = ((): string => {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'backend', 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no repository above ${__dirname}`);
  }
})();
const LOG_DIR = join(ROOT, '.tmp/test-reports/server-logs');

/**
 * The environment `npm start` gives the server (the `VAR=value` words before `node` in package.json's start
 * script), so that a test or a benchmark runs it as production does: today glibc's trim threshold, which decides
 * how much memory an idle shop holds (docs/operations.md).
 */
export function startScriptEnv(root: string = ROOT): Record<string, string> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const env: Record<string, string> = {};
  for (const word of (pkg.scripts?.start ?? '').split(/\s+/)) {
    const assignment = /^([A-Z_][A-Z0-9_]*)=(\S*)$/.exec(word);
    if (assignment === null) break;
    env[assignment[1] ?? ''] = assignment[2] ?? '';
  }
  return env;
}

export interface ShopServerOptions {
  /** Extra environment for the process (PORT, HOST and DATA_DIR are set here). */
  env?: Record<string, string>;
  /** Reuse this data directory (it is then left in place on stop); a fresh temporary one otherwise. */
  dataDir?: string;
  /** Names the log file written to `.tmp/test-reports/server-logs/` when the server stops; without it no log is kept. */
  name?: string;
  /**
   * A command the server runs under, e.g. `['unshare', '--pid', '--fork', '--mount-proc', '--kill-child']` to
   * make it pid 1 of its own pid namespace, as in a container; killing the launcher then kills the server.
   */
  launcher?: readonly string[];
  /** The checkout whose built server runs (`backend/dist/main.js`): this one unless a benchmark compares another build. */
  root?: string;
}

export interface ShopServer {
  url: string;
  dataDir: string;
  /** The process id of the running server (it changes with a restart). */
  readonly pid: number;
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

/** Ends a child process with `signal` (SIGTERM by default), then SIGKILL if it is still there after 10 s. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Checkout limits no load test reaches; tests of the limits themselves override them. */
export const GENEROUS_CHECKOUT_LIMITS = {
  CHECKOUT_HOLDS_PER_CLIENT: '100000',
  CHECKOUT_RATE_PER_MINUTE: '1000000',
  CHECKOUT_QUEUE_LIMIT: '100000',
  CHECKOUT_QUEUE_WAIT_MS: '60000',
} as const;

/** Starts the built shop (`backend/dist/main.js`) on 127.0.0.1, with a fresh data directory unless given one. */
export async function startShopServer(options: ShopServerOptions = {}): Promise<ShopServer> {
  const { env = {}, dataDir: givenDataDir, name, launcher = [], root = ROOT } = options;
  const port = await freePort();
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'brewery-shop-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  let child: ChildProcess | null = null;

  const launch = async (): Promise<void> => {
    const [command = process.execPath, ...prefix] = launcher.length > 0 ? launcher : [process.execPath];
    const args =
      launcher.length > 0 ? [...prefix, process.execPath, join(root, 'backend/dist/main.js')] : [join(root, 'backend/dist/main.js')];
    const started = spawn(command, args, {
      cwd: root,
      env: {
        ...process.env,
        ...startScriptEnv(root),
        NODE_OPTIONS: '',
        ADMIN_PASSWORD: BROWSER_ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        // Every test client comes from 127.0.0.1: lift the per-client checkout limits and the admission queue's
        // bounds unless a test is about them (it then sets its own), and let tests name a client by X-Forwarded-For.
        ...GENEROUS_CHECKOUT_LIMITS,
        TRUST_PROXY: 'loopback',
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitUntilAnswering(`${url}/api/health`, started, () => output);
    } catch (error) {
      started.kill('SIGKILL');
      throw error;
    }
  };

  const exit = async (signal: NodeJS.Signals): Promise<void> => {
    if (child !== null) await stopChild(child, signal);
  };

  try {
    await launch();
  } catch (error) {
    if (givenDataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  let token: string | null = null;
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
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
  return {
    url,
    dataDir,
    get pid() {
      return child?.pid ?? -1;
    },
    api,
    adminToken: async () => {
      token ??= (await api<{ token: string }>('POST', '/api/admin/login', { password: env.ADMIN_PASSWORD ?? BROWSER_ADMIN_PASSWORD }))
        .token;
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
      if (name !== undefined) {
        mkdirSync(LOG_DIR, { recursive: true });
        writeFileSync(join(LOG_DIR, `${name}-${port}.log`), output);
      }
      if (givenDataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A seeded beer sold in 4 Packs with at least 16 cans in stock (seeds the catalogue first). */
export async function seededFourPackBeer(server: ShopServer): Promise<{ name: string; slug: string; price4Pack: string }> {
  await server.api('POST', '/api/admin/seed-products', undefined, await server.adminToken());
  const products = (await (await fetch(`${server.url}/api/products`)).json()) as {
    name: string;
    slug: string;
    inventory: number;
    enable4Pack: boolean;
    price4Pack: string | null;
  }[];
  const offered = products.find((product) => product.inventory >= 16 && product.enable4Pack && product.price4Pack !== null);
  if (offered === undefined || offered.price4Pack === null) throw new Error('no seeded beer offers 4 Packs with 16 cans in stock');
  return { name: offered.name, slug: offered.slug, price4Pack: offered.price4Pack };
}
