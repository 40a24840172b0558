import { CLUSTER_KEY } from './jest-global-setup';
import type { ThrowawayPostgres } from './postgres-cluster';

export default async function globalTeardown(): Promise<void> {
  const cluster = (globalThis as Record<string, unknown>)[CLUSTER_KEY] as ThrowawayPostgres | undefined;
  if (!cluster) return;
  delete (globalThis as Record<string, unknown>)[CLUSTER_KEY];
  delete process.env.TEST_DATABASE_URL;
  await cluster.stop();
}
