import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { loadConfig, type AppConfig } from '../src/config/app-config';
import { createApp } from '../src/main';
import type { Clock } from '../src/platform/persistence/persistence.tokens';
import { ProjectionRunner } from '../src/platform/projections/projection-runner';

export const TEST_ADMIN_PASSWORD = 'brewery-test-password';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  http: () => TestAgent;
  /** A valid admin bearer token (logs in once, lazily). */
  adminToken: () => Promise<string>;
  /** Moves the server's clock (the only clock the server reads). */
  clock: { now: Date; advance(ms: number): void };
  close: () => Promise<void>;
}

/**
 * The whole Nest application over HTTP with the embedded stores (PGlite in memory, in-memory read models,
 * local payment gateway, outbox mail) in a fresh temporary DATA_DIR.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brewery-api-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    STATIC_DIR: join(dataDir, 'no-static'),
    // Every request comes from one address: tests name their clients by X-Forwarded-For, and the per-client
    // checkout limits are out of reach unless a test is about them.
    TRUST_PROXY: 'loopback',
    CHECKOUT_HOLDS_PER_CLIENT: '100000',
    CHECKOUT_RATE_PER_MINUTE: '1000000',
    CHECKOUT_QUEUE_LIMIT: '100000',
    CHECKOUT_QUEUE_WAIT_MS: '60000',
    ...env,
  });
  config.eventStore = { kind: 'pglite', dataDir: 'memory://' };
  const clock = {
    now: new Date('2026-11-23T01:00:00.000Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await createApp(config, { now: () => clock.now } satisfies Clock);
  await app.init();
  await app.get(ProjectionRunner).whenReadModelsCaughtUp();
  const server = app.getHttpServer();
  let token: string | null = null;
  return {
    app,
    config,
    http: () => request(server),
    adminToken: async () => {
      if (token) return token;
      const res = await request(server).post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(201);
      token = (res.body as { token: string }).token;
      return token;
    },
    clock,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
