import { startShopServer, type ShopServer } from '../tests/support/shop-server';

export { ROOT, freePort, stopChild, waitUntilAnswering } from '../tests/support/shop-server';

export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

export type ShopProcess = ShopServer;

/**
 * The built shop (`backend/dist/main.js`) as production runs it (`NODE_ENV=production`): its own process on
 * 127.0.0.1, the same launcher the fault and browser tests use, with a fresh temporary DATA_DIR (embedded
 * PGlite store, memory read models) that is removed on stop, or the given one, which is left in place. `root`
 * runs another checkout's build instead (a benchmark comparing the build before a change).
 */
export function startShop(env: Record<string, string> = {}, dataDir?: string, root?: string): Promise<ShopProcess> {
  return startShopServer({
    env: { NODE_ENV: 'production', ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, ...env },
    dataDir,
    ...(root === undefined ? {} : { root }),
  });
}
