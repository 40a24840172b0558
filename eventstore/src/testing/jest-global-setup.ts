import { startThrowawayPostgres, type ThrowawayPostgres } from './postgres-cluster';

/** Shared with jest-global-teardown.ts: both run in Jest's parent process. */
export const CLUSTER_KEY = '__breweryThrowawayPostgres';

/**
 * One throwaway PostgreSQL cluster for the whole contract project, announced to every test file as
 * TEST_DATABASE_URL (each file then creates its own database). A URL already in the environment
 * (e.g. a CI service) is used as is.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const cluster = await startThrowawayPostgres();
  (globalThis as Record<string, unknown>)[CLUSTER_KEY] = cluster satisfies ThrowawayPostgres;
  process.env.TEST_DATABASE_URL = cluster.url;
}
