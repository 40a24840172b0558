import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Client } from 'pg';
import { createThrowawayDatabase } from '../testing/postgres-cluster';
import type { DocumentStore } from '../read-models/document-store.port';
import { MemoryDocumentStore } from '../read-models/memory/memory-document-store';
import type { Leadership } from './leadership';
import { DocumentLeadership } from './document-leadership';
import { PostgresLeadership } from './postgres-leadership';
import { postgresServerForTests } from '../testing/postgres-server-for-tests';

jest.setTimeout(60_000);

// The contract project's global setup provides the server; run alone, this file starts its own.
const postgresServer = postgresServerForTests();

const started: Leadership[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((l) => l.stop()));
});

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function leaders(all: Leadership[]): string[] {
  return all.filter((l) => l.isLeader()).map((l) => l.holder);
}

describe('PostgresLeadership (advisory lock)', () => {
  async function competitors(url: string, count: number): Promise<PostgresLeadership[]> {
    const all = Array.from({ length: count }, (_, i) => new PostgresLeadership({ url, holder: `p${i}`, intervalMs: 200 }));
    started.push(...all);
    for (const l of all) await l.start();
    return all;
  }

  it('given three processes, exactly one holds the lease', async () => {
    const all = await competitors(await createThrowawayDatabase(postgresServer(), 'lease'), 3);
    expect(leaders(all)).toEqual(['p0']);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(leaders(all)).toEqual(['p0']);
  });

  it('when the holder stops, another takes over within a round and is told so', async () => {
    const all = await competitors(await createThrowawayDatabase(postgresServer(), 'lease'), 2);
    const [first, second] = all as [PostgresLeadership, PostgresLeadership];
    const heard: boolean[] = [];
    second.onChange((leader) => heard.push(leader));
    await first.stop();
    await until(() => second.isLeader(), 2000);
    expect(heard).toEqual([true]);
    expect(leaders(all)).toEqual(['p1']);
  });

  it('when the holder’s connection is killed by the server, it stops leading at once and another leads', async () => {
    const url = await createThrowawayDatabase(postgresServer(), 'lease');
    const all = await competitors(url, 2);
    const [first, second] = all as [PostgresLeadership, PostgresLeadership];
    const heard: boolean[] = [];
    first.onChange((leader) => heard.push(leader));
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      // The session that holds the advisory lock, as a crashed process's would vanish.
      const killed = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
      );
      expect(killed.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await until(() => heard.includes(false), 2000);
    await until(() => leaders(all).length === 1, 3000);
    // One of them leads again (the killed one may win the race back after reconnecting): never two.
    expect(leaders(all)).toHaveLength(1);
    void second;
  });

  it('every process can say who holds the lease', async () => {
    const all = await competitors(await createThrowawayDatabase(postgresServer(), 'lease'), 3);
    await until(() => all.every((l) => l.currentHolder() === 'p0'), 2000);
  });

  it('when the holder is alive but silent (a frozen process), a follower ends its session and takes over', async () => {
    const url = await createThrowawayDatabase(postgresServer(), 'lease');
    const frozen = new PostgresLeadership({ url, holder: 'frozen', intervalMs: 200 });
    const follower = new PostgresLeadership({ url, holder: 'follower', intervalMs: 200, staleAfterMs: 1000 });
    started.push(frozen, follower);
    await frozen.start();
    await follower.start();
    expect(leaders([frozen, follower])).toEqual(['frozen']);
    // Frozen: its rounds stop, its connection stays open (as a stopped process's socket does).
    const internals = frozen as unknown as { stopped: boolean; timer: NodeJS.Timeout | null };
    internals.stopped = true;
    if (internals.timer !== null) clearTimeout(internals.timer);
    await until(() => follower.isLeader(), 5000);
    // Its session was ended: woken, it knows it no longer leads.
    await until(() => !frozen.isLeader(), 2000);
  });

  it('two shops in one database do not share a lease when their names differ', async () => {
    const url = await createThrowawayDatabase(postgresServer(), 'lease');
    const a = new PostgresLeadership({ url, holder: 'a', name: 'shop-a', intervalMs: 200 });
    const b = new PostgresLeadership({ url, holder: 'b', name: 'shop-b', intervalMs: 200 });
    started.push(a, b);
    await a.start();
    await b.start();
    expect(leaders([a, b])).toEqual(['a', 'b']);
  });
});

/**
 * The store as a process sees it over a slow or stuck network: every answer comes `delayMs` after the store has
 * done the work (the write lands, its answer is late), or never once `stuck()` says so.
 */
function answersLate(store: DocumentStore, delayMs: number, stuck: () => boolean = () => false): DocumentStore {
  const late = <T>(work: Promise<T>): Promise<T> =>
    work.then((value) => new Promise<T>((resolve) => (stuck() ? undefined : setTimeout(() => resolve(value), delayMs))));
  return Object.assign(Object.create(store) as DocumentStore, {
    collection: (name: string) => {
      const collection = store.collection(name);
      return Object.assign(Object.create(collection) as typeof collection, {
        findOne: (...args: Parameters<typeof collection.findOne>) => late(collection.findOne(...args)),
        updateOne: (...args: Parameters<typeof collection.updateOne>) => late(collection.updateOne(...args)),
      });
    },
  });
}

/** Samples who leads every 10 ms for `ms`. */
async function sampleLeaders(all: Leadership[], ms: number): Promise<string[][]> {
  const samples: string[][] = [];
  for (const end = Date.now() + ms; Date.now() < end;) {
    samples.push(leaders(all));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return samples;
}

describe('DocumentLeadership (lease document)', () => {
  it('given answers slower than a round (a slow majority write), then the holder keeps leading while its renewals land', async () => {
    const documents = new MemoryDocumentStore();
    const a = new DocumentLeadership({ documents: answersLate(documents, 150), holder: 'a', ttlMs: 600, intervalMs: 100 });
    const b = new DocumentLeadership({ documents: answersLate(documents, 150), holder: 'b', ttlMs: 600, intervalMs: 100 });
    started.push(a, b);
    await a.start();
    await b.start();
    await until(() => a.isLeader(), 2000);
    const samples = await sampleLeaders([a, b], 1500);
    expect(samples.filter((who) => who.length === 1 && who[0] === 'a').length / samples.length).toBeGreaterThan(0.8);
  });

  it('given a holder whose store stops answering, then it stops its work before another can take the lease over, and another does', async () => {
    const documents = new MemoryDocumentStore();
    let cutOff = false;
    const a = new DocumentLeadership({ documents: answersLate(documents, 0, () => cutOff), holder: 'a', ttlMs: 600, intervalMs: 100 });
    const b = new DocumentLeadership({ documents, holder: 'b', ttlMs: 600, intervalMs: 100 });
    started.push(b);
    await a.start();
    await b.start();
    expect(leaders([a, b])).toEqual(['a']);
    cutOff = true;
    const samples = await sampleLeaders([a, b], 1500);
    expect(samples.filter((who) => who.length > 1)).toEqual([]);
    expect(samples.at(-1)).toEqual(['b']);
    (a as unknown as { stopped: boolean }).stopped = true;
  });

  it('refuses a ttl shorter than three rounds', () => {
    expect(() => new DocumentLeadership({ documents: new MemoryDocumentStore(), holder: 'a', ttlMs: 500, intervalMs: 200 })).toThrow(
      RangeError,
    );
  });

  it('given three processes, exactly one holds the lease; when it stops renewing, another takes over after the ttl', async () => {
    const documents = new MemoryDocumentStore();
    let now = 0;
    const all = ['d0', 'd1', 'd2'].map(
      (holder) => new DocumentLeadership({ documents, holder, ttlMs: 6000, intervalMs: 100, monotonicMs: () => now }),
    );
    started.push(...all.slice(1));
    for (const l of all) await l.start();
    expect(leaders(all)).toEqual(['d0']);
    // The holder dies without releasing: the lease stays its own until the others have seen it unrenewed for the ttl.
    const holder = all[0] as DocumentLeadership;
    (holder as unknown as { stopped: boolean }).stopped = true;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(leaders(all.slice(1))).toEqual([]);
    now += 6001;
    await until(() => leaders(all.slice(1)).length === 1, 2000);
    expect(leaders(all.slice(1))).toHaveLength(1);
  });

  it('a clean stop releases the lease so the next process need not wait for the ttl', async () => {
    const documents = new MemoryDocumentStore();
    const a = new DocumentLeadership({ documents, holder: 'a', intervalMs: 100 });
    const b = new DocumentLeadership({ documents, holder: 'b', intervalMs: 100 });
    started.push(b);
    await a.start();
    await b.start();
    expect(leaders([a, b])).toEqual(['a']);
    await a.stop();
    await until(() => b.isLeader(), 1000);
  });
});
