import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Client } from 'pg';
import { createThrowawayDatabase } from '../../testing/postgres-cluster';
import { describeCheckpointStoreContract } from '../../read-models/checkpoint-store.contract';
import { describeEventStoreContract, newStream, numbered, waitFor } from '../event-store.contract';
import type { RecordedEvent } from '../event-store.port';
import { describeSqlEventStoreContract } from '../sql/sql-event-store.contract';
import { PostgresEventStore } from './postgres-event-store';
import { postgresServerForTests } from '../../testing/postgres-server-for-tests';

// Opening a PGlite or PostgreSQL database takes seconds; the project-level testTimeout is not applied by jest-circus.
jest.setTimeout(60_000);

// The contract project's global setup provides the server; run alone, this file starts its own.
const postgresServer = postgresServerForTests();

/** Every store gets its own database, so this file runs in parallel with others and each open is empty. */
async function openFresh(): Promise<PostgresEventStore> {
  return PostgresEventStore.open({ url: await createThrowawayDatabase(postgresServer(), 'events'), pollIntervalMs: 60_000 });
}

describeEventStoreContract('PostgreSQL server', openFresh);
describeSqlEventStoreContract('PostgreSQL server', openFresh);

describeCheckpointStoreContract(
  'SqlCheckpointStore on PostgreSQL',
  async () => {
    const url = await createThrowawayDatabase(postgresServer(), 'checkpoints');
    const first = await PostgresEventStore.open({ url });
    const opened = [first];
    return {
      store: first.checkpointStore(),
      reopen: async () => {
        const again = await PostgresEventStore.open({ url });
        opened.push(again);
        return again.checkpointStore();
      },
      close: async () => {
        await Promise.all(opened.map((store) => store.close()));
      },
    };
  },
  { persistent: true },
);

describe('PostgreSQL server, several processes on one database', () => {
  let url: string;
  beforeAll(async () => {
    url = await createThrowawayDatabase(postgresServer(), 'shared');
  });

  it('wakes a subscription through LISTEN/NOTIFY when another connection appends (poll fallback disabled)', async () => {
    const reader = await PostgresEventStore.open({ url, pollIntervalMs: 60_000 });
    const writer = await PostgresEventStore.open({ url, pollIntervalMs: 60_000 });
    try {
      const seen: RecordedEvent[] = [];
      let caughtUp = false;
      const subscription = reader.subscribeToAll({
        after: await reader.headPosition(),
        onEvent: async (event) => {
          seen.push(event);
        },
        onCaughtUp: () => {
          caughtUp = true;
        },
      });
      await waitFor(() => caughtUp, 10_000);
      const stream = newStream('order');
      await writer.append(stream, numbered(3), { expectedRevision: 'no_stream' });
      await waitFor(() => seen.length === 3, 10_000);
      await subscription.stop();
      expect(seen.map((e) => e.streamName)).toEqual([stream, stream, stream]);
    } finally {
      await Promise.all([reader.close(), writer.close()]);
    }
  });

  it('keeps exactly one winner when two pools race on the same expected revision', async () => {
    const a = await PostgresEventStore.open({ url });
    const b = await PostgresEventStore.open({ url });
    try {
      const stream = newStream('sequence');
      await a.append(stream, numbered(1), { expectedRevision: 'no_stream' });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).append(stream, numbered(1), { expectedRevision: 0 })),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(await a.readStream(stream)).toHaveLength(2);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('falls back to polling when the LISTEN connection is killed, and reports it in health', async () => {
    const reader = await PostgresEventStore.open({ url, pollIntervalMs: 200 });
    const writer = await PostgresEventStore.open({ url });
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      const seen: RecordedEvent[] = [];
      const subscription = reader.subscribeToAll({
        after: await reader.headPosition(),
        onEvent: async (event) => {
          seen.push(event);
        },
      });
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN %' AND pid <> pg_backend_pid()`);
      await writer.append(newStream('order'), numbered(2), { expectedRevision: 'no_stream' });
      await waitFor(() => seen.length === 2, 10_000);
      await subscription.stop();
      expect(await reader.health()).toMatchObject({ ok: true, adapter: 'postgres' });
    } finally {
      await admin.end();
      await Promise.all([reader.close(), writer.close()]);
    }
  });
});
