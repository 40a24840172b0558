import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startShopServer } from '../support/shop-server';
import { byScale } from './support/fault-scale';

/**
 * A container's server is pid 1 of its own pid namespace, at every start. Killed with SIGKILL (or by the
 * out-of-memory killer), it leaves the event store's lock file behind, naming pid 1; the server started
 * again in a new container is pid 1 too. It must come back on the same data directory by itself.
 */
const UNSHARE = ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child'] as const;
const RESTARTS = byScale(2, 5);

const canUnshare = spawnSync(UNSHARE[0], [...UNSHARE.slice(1), 'true']).status === 0;
const describeWhereUnshareRuns: jest.Describe = canUnshare
  ? describe
  : (() => {
      console.log('Container restart test skipped: `unshare --pid` is not permitted here (it needs root or user namespaces).');
      return describe.skip;
    })();

jest.setTimeout(300_000);

interface LockFile {
  pid: number;
  startTime?: string;
  pidNamespace?: string;
}

describeWhereUnshareRuns('a container whose server is killed comes back', () => {
  it(`given the server as pid 1 of its own pid namespace, ${RESTARTS} kills with SIGKILL each come back on the same data, with everything written before`, async () => {
    const server = await startShopServer({ launcher: UNSHARE, name: 'container-restart' });
    const lock = (): LockFile => JSON.parse(readFileSync(join(server.dataDir, 'eventstore', 'event-store.lock'), 'utf8')) as LockFile;
    try {
      const token = await server.adminToken();
      await server.api('POST', '/api/admin/seed-products', undefined, token);
      const before = await server.api<unknown[]>('GET', '/api/products');
      expect(before.length).toBeGreaterThan(0);
      const seen = new Set<string>();
      for (let restart = 0; restart < RESTARTS; restart += 1) {
        const held = lock();
        // The server is pid 1, as in a container; each start is a new namespace.
        expect(held.pid).toBe(1);
        expect(seen.has(held.pidNamespace ?? '')).toBe(false);
        seen.add(held.pidNamespace ?? '');
        await server.restart();
        expect(await server.api<unknown[]>('GET', '/api/products')).toEqual(before);
      }
      expect(lock().pid).toBe(1);
      expect(server.output()).not.toContain('is in use by process');
    } finally {
      await server.stop();
    }
  });
});
