import { afterAll, beforeAll, describe } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { MongoClient } from 'mongodb';
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { describeCheckpointStoreContract } from '../checkpoint-store.contract';
import { describeDocumentStoreContract } from '../document-store.contract';
import { openDocumentStore } from '../open-document-store';
import { openMongoDocumentStore, type MongoDocumentStore } from './mongo-document-store';

const MONGO_PORT = 27017;

/**
 * Jest registers tests synchronously, so whether a Docker engine answers is asked in a child process,
 * with testcontainers' own detection (DOCKER_HOST, contexts, rootless sockets…), before any test exists.
 */
function dockerEngine(): { ok: true } | { ok: false; reason: string } {
  const probe = `require(${JSON.stringify(require.resolve('testcontainers'))}).getContainerRuntimeClient()
    .then(() => process.exit(0), (error) => { process.stderr.write(String(error && error.message)); process.exit(1); });`;
  const result = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8', timeout: 30_000 });
  if (result.status === 0) return { ok: true };
  const reason = (result.stderr || result.error?.message || `exit ${String(result.status)}`).trim().split('\n')[0];
  return { ok: false, reason: reason ?? 'unknown' };
}

/** Published on the loopback interface only: the test database is never reachable from the network. */
class LoopbackMongoContainer extends GenericContainer {
  constructor() {
    super('mongo:8.0.12');
    this.withCommand(['--replSet', 'rs0', '--bind_ip_all'])
      .withExposedPorts(MONGO_PORT)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .withStartupTimeout(120_000);
    this.hostConfig.PortBindings = { [`${MONGO_PORT}/tcp`]: [{ HostIp: '127.0.0.1', HostPort: '0' }] };
  }
}

/** A single-node replica set, so majority write and read concerns behave as in production. */
async function startReplicaSet(): Promise<{ container: StartedTestContainer; url: string }> {
  const container = await new LoopbackMongoContainer().start();
  const url = `mongodb://127.0.0.1:${container.getMappedPort(MONGO_PORT)}/?directConnection=true`;
  const client = new MongoClient(url);
  try {
    await client.connect();
    const admin = client.db('admin');
    await admin.command({ replSetInitiate: { _id: 'rs0', members: [{ _id: 0, host: `127.0.0.1:${MONGO_PORT}` }] } });
    const deadline = Date.now() + 60_000;
    while (!(await admin.command({ hello: 1 })).isWritablePrimary) {
      if (Date.now() > deadline) throw new Error('the MongoDB replica set never elected a primary');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.close();
  }
  return { container, url };
}

const docker = dockerEngine();

if (!docker.ok) {
  process.stdout.write(`MongoDB contract suite skipped: no Docker engine (${docker.reason})\n`);
  describe.skip('MongoDB read-model store (needs a Docker engine)', () => {
    describeDocumentStoreContract('MongoDB', () => Promise.reject(new Error('skipped')));
  });
} else {
  describe('MongoDB read-model store', () => {
    let started: { container: StartedTestContainer; url: string } | undefined;
    const url = (): string => {
      if (!started) throw new Error('the MongoDB container did not start');
      return started.url;
    };

    beforeAll(async () => {
      started = await startReplicaSet();
    }, 180_000);

    afterAll(async () => {
      await started?.container.stop();
    });

    describeDocumentStoreContract('MongoDB', () => openMongoDocumentStore(url(), 'contract-documents'));
    describeDocumentStoreContract('MongoDB through openDocumentStore', () =>
      openDocumentStore({ kind: 'mongodb', url: url(), dbName: 'contract-factory' }),
    );

    const opened: MongoDocumentStore[] = [];
    describeCheckpointStoreContract(
      'MongoDB',
      async () => {
        const first = await openMongoDocumentStore(url(), 'contract-checkpoints');
        opened.push(first);
        return {
          store: first.checkpointStore(),
          reopen: async () => {
            const again = await openMongoDocumentStore(url(), 'contract-checkpoints');
            opened.push(again);
            return again.checkpointStore();
          },
          close: async () => {
            for (const store of opened) await store.close();
          },
        };
      },
      { persistent: true },
    );
  });
}
