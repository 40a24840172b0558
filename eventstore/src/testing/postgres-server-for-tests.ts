import { afterAll, beforeAll } from '@jest/globals';
import { startThrowawayPostgres, type ThrowawayPostgres } from './postgres-cluster';

/**
 * The PostgreSQL server a Jest file's tests use, as a getter read inside the tests. The contract project's global
 * setup provides one (TEST_DATABASE_URL); a file run alone starts its own cluster and stops it after its tests.
 */
export function postgresServerForTests(): () => string {
  let ownCluster: ThrowawayPostgres | null = null;
  let url = '';
  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) url = process.env.TEST_DATABASE_URL;
    else {
      ownCluster = await startThrowawayPostgres();
      url = ownCluster.url;
    }
  });
  afterAll(async () => {
    await ownCluster?.stop();
  });
  return () => url;
}
