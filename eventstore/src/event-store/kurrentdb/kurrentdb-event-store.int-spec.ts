import { spawnSync } from 'node:child_process';
import { describe, jest } from '@jest/globals';
import type { StartedTestContainer } from 'testcontainers';
import { describeEventStoreContract } from '../event-store.contract';
import type { EventStore } from '../event-store.port';
import { KurrentDbEventStore } from './kurrentdb-event-store';

// Starting a KurrentDB container takes tens of seconds.
jest.setTimeout(180_000);

const IMAGE = process.env.KURRENTDB_TEST_IMAGE ?? 'docker.kurrent.io/kurrent-latest/kurrentdb:25.1.4';
const HTTP_PORT = 2113;

/**
 * Jest collects tests synchronously, so whether a Docker engine answers is asked of testcontainers
 * in a child process before the suite is declared.
 */
function dockerEngineUnavailableReason(): string | null {
  const probe = `
    const { getContainerRuntimeClient } = require(process.argv[1]);
    getContainerRuntimeClient().then(
      () => process.exit(0),
      (error) => { process.stdout.write(String((error && error.message) || error).split('\\n')[0]); process.exit(1); },
    );`;
  const result = spawnSync(process.execPath, ['-e', probe, require.resolve('testcontainers')], { encoding: 'utf8', timeout: 30_000 });
  if (result.status === 0) return null;
  return result.stdout.trim() || result.error?.message || `probe exited with ${String(result.status ?? result.signal)}`;
}

/** A fresh in-memory KurrentDB per store, removed when the store closes. */
async function openInContainer(): Promise<EventStore> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container: StartedTestContainer = await new GenericContainer(IMAGE)
    .withEnvironment({
      KURRENTDB_INSECURE: 'true',
      KURRENTDB_MEM_DB: 'true',
      KURRENTDB_RUN_PROJECTIONS: 'None',
      KURRENTDB_ENABLE_ATOM_PUB_OVER_HTTP: 'false',
      // The same settings for the older eventstore/eventstore image.
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_MEM_DB: 'true',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
    })
    .withExposedPorts(HTTP_PORT)
    .withWaitStrategy(Wait.forHttp('/health/live', HTTP_PORT).forStatusCodeMatching((status) => status >= 200 && status < 300))
    .start();
  try {
    const store = await KurrentDbEventStore.open({
      url: `kurrentdb://${container.getHost()}:${container.getMappedPort(HTTP_PORT)}?tls=false`,
    });
    return withContainerStoppedOnClose(store, container);
  } catch (error) {
    await container.stop();
    throw error;
  }
}

function withContainerStoppedOnClose(store: KurrentDbEventStore, container: StartedTestContainer): EventStore {
  return {
    kind: store.kind,
    append: (stream, events, options) => store.append(stream, events, options),
    readStream: (stream, options) => store.readStream(stream, options),
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    countEventsAfter: () => store.countEventsAfter(),
    health: () => store.health(),
    close: async () => {
      try {
        await store.close();
      } finally {
        await container.stop();
      }
    },
  };
}

const unavailable = dockerEngineUnavailableReason();
if (unavailable === null) {
  describeEventStoreContract(`KurrentDB (${IMAGE})`, openInContainer);
} else {
  process.stdout.write(`KurrentDB contract suite skipped: no Docker engine (${unavailable})\n`);
  describe.skip('EventStore contract: KurrentDB (no Docker engine)', () => {
    describeEventStoreContract(`KurrentDB (${IMAGE})`, openInContainer);
  });
}
