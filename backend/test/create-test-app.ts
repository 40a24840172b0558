import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { loadConfig, type AppConfig } from '../src/config/app-config';
import { Test } from '@nestjs/testing';
import { MemoryDocumentStore, PGLITE_IN_MEMORY, PgliteEventStore, type DocumentStore, type EventStore } from '@brewery/eventstore';
import { AppModule } from '../src/app.module';
import { appOptions, createApp, prepareApp } from '../src/main';
import { StoreWrites, watchedWrites } from '../src/platform/event-sourcing/store-writes';
import { DOCUMENT_STORE, EVENT_STORE } from '../src/platform/persistence/persistence.tokens';
import type { Clock } from '../src/platform/clock';
import { ProjectionRunner } from '../src/platform/projections/projection-runner';

export const TEST_ADMIN_PASSWORD = 'brewery-test-password';
/** The first owner, as events written with `TEST_ADMIN_PASSWORD`'s token name them. */
export const FIRST_OWNER = { id: 'owner', name: 'Owner', role: 'owner' } as const;

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
  const { dataDir, config, clock } = testSetup(env);
  const app = await createApp(config, { now: () => clock.now } satisfies Clock);
  return started(app, config, clock, () => rmSync(dataDir, { recursive: true, force: true }));
}

/** A fresh temporary DATA_DIR, the test configuration over it, and a clock the test moves. */
export function testSetup(env: Record<string, string>): { dataDir: string; config: AppConfig; clock: TestApp['clock'] } {
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
  return { dataDir, config, clock };
}

/** Starts an application and hands it to the test once its read models have caught up. */
async function started(app: NestExpressApplication, config: AppConfig, clock: TestApp['clock'], cleanUp: () => void): Promise<TestApp> {
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
      cleanUp();
    },
  };
}

/**
 * Two shop instances in this process sharing one event store (PGlite in memory) and one read-model store
 * (`shared-memory`: the shape of several processes on KurrentDB or PostgreSQL and MongoDB, without a server).
 * Everything else is the production wiring: the lease over the shared read models (the first instance takes
 * it), their shared checkpoints, the follower reading the holder's position. Closing the pair closes the
 * instances, then the shared stores.
 */
export async function createSharedTestApps(env: Record<string, string> = {}): Promise<{
  holder: TestApp;
  follower: TestApp;
  close: () => Promise<void>;
}> {
  const { dataDir, config, clock } = testSetup(env);
  const events = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
  const documents = new MemoryDocumentStore('shared-memory');
  // Each instance "closes" its stores as it stops; the pair closes them once, after both.
  const keptOpen = <T extends object>(store: T): T =>
    new Proxy(store, {
      get: (target, property, receiver) =>
        property === 'close' ? () => Promise.resolve() : (Reflect.get(target, property, receiver) as unknown),
    });
  const instance = (): Promise<TestApp> => startInstance(config, clock, { documents: keptOpen(documents), events: keptOpen(events) });
  const holder = await instance();
  const follower = await instance();
  return {
    holder,
    follower,
    close: async () => {
      await follower.close();
      await holder.close();
      await events.close();
      await documents.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One shop instance of several in this process that share their stores: the production wiring over the
 * configuration given, with the read-model store given (each instance's own view of the shared one, which it
 * closes as it stops) and, when given, the event store (otherwise each opens the configured one, as processes
 * do). Its close leaves DATA_DIR, which the instances share, to the caller.
 */
export async function startInstance(
  config: AppConfig,
  clock: TestApp['clock'],
  stores: { documents: DocumentStore; events?: EventStore },
): Promise<TestApp> {
  let builder = Test.createTestingModule({ imports: [AppModule.register(config, { now: () => clock.now })] })
    .overrideProvider(DOCUMENT_STORE)
    .useValue(stores.documents);
  const { events } = stores;
  if (events !== undefined) {
    builder = builder
      .overrideProvider(EVENT_STORE)
      .useFactory({ inject: [StoreWrites], factory: (writes: StoreWrites) => watchedWrites(events, writes) });
  }
  const app = (await builder.compile()).createNestApplication<NestExpressApplication>(appOptions(config));
  prepareApp(app, config);
  return started(app, config, clock, () => undefined);
}
