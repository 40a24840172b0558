import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, freePort, waitUntilAnswering } from '../support/shop-server';

/**
 * An operator deploying without Docker: a fresh clone of the committed tree, `NODE_ENV=production npm start`.
 * npm leaves out devDependencies under NODE_ENV=production, so this proves the start installs what the build
 * needs, builds, serves, and then runs with production settings (the API description is not public).
 */
describe('a production start on a fresh clone', () => {
  const work = mkdtempSync(join(tmpdir(), 'brewery-production-start-'));
  const clone = join(work, 'shop');
  let child: ChildProcess | null = null;
  let output = '';

  afterAll(async () => {
    // npm runs the server as its child: the whole process group is stopped, the server with it.
    if (child?.pid !== undefined && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => {
        try {
          if (child?.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('installs, builds and serves the shop with production settings', async () => {
    execFileSync('git', ['clone', '--quiet', ROOT, clone]);
    const port = await freePort();
    child = spawn('npm', ['start'], {
      cwd: clone,
      // Nothing of the developer's environment that would make it pass: production, and only what a server has.
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? work,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: join(work, 'data'),
        ADMIN_PASSWORD: 'production-start-password',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(`${url}/api/health`, child, () => output, 600_000);

    expect(output).toContain('setup: installing dependencies');
    expect(output).not.toMatch(/EBADENGINE|error TS\d+/);
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    // Production settings: the OpenAPI description needs the admin's token (API_DOCS defaults to admin).
    expect((await fetch(`${url}/api/docs/openapi.json`)).status).toBe(401);
    expect((await fetch(`${url}/api/products`)).status).toBe(200);
  }, 900_000);
});
