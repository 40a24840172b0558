import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MemoryCheckpointStore,
  MemoryDocumentStore,
  PgliteEventStore,
  PGLITE_IN_MEMORY,
  streamId,
  type CheckpointStore,
  type Doc,
  type DocumentStore,
  type EventMetadata,
  type RecordedEvent,
} from '@brewery/eventstore';
import type { ProcessManager, Projection } from './projection';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionRunner, READ_MODELS_SUBSCRIBER } from './projection-runner';

const metadata: EventMetadata = { correlationId: 'c', causationId: null, actor: 'system', occurredAt: '2026-11-22T00:00:00.000Z' };

interface TallyDoc extends Doc {
  revision: number;
  total: number;
}

/** Sums `Added` amounts per stream, guarded by stream revision (idempotent). */
class TallyProjection implements Projection {
  readonly name = 'tally';
  readonly collections = ['tallies'];
  readonly eventTypes = ['Added'];
  failuresLeft = 0;
  async apply(event: RecordedEvent, store: DocumentStore): Promise<void> {
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('read model unavailable');
    }
    const amount = (event.data as { amount: number }).amount;
    await store
      .collection<TallyDoc>('tallies')
      .updateOne(
        { _id: streamId(event.streamName), revision: { $lt: event.revision } },
        { $set: { revision: event.revision }, $inc: { total: amount } },
        { upsert: true },
      );
  }
}

class RecordingManager implements ProcessManager {
  readonly name = 'recorder';
  readonly eventTypes = ['Added'];
  readonly seen: string[] = [];
  async handle(event: RecordedEvent): Promise<void> {
    this.seen.push(event.id);
    return Promise.resolve();
  }
}

async function add(store: PgliteEventStore, stream: string, amount: number): Promise<number> {
  const result = await store.append(stream, [{ type: 'Added', data: { amount }, metadata }], { expectedRevision: 'any' });
  return result.position;
}

describe('ProjectionRunner', () => {
  let store: PgliteEventStore;
  let documents: MemoryDocumentStore;
  let runner: ProjectionRunner;
  let tally: TallyProjection;

  beforeEach(async () => {
    store = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
    documents = new MemoryDocumentStore();
    tally = new TallyProjection();
    const registry = new ProjectionRegistry();
    registry.registerProjection(tally);
    runner = new ProjectionRunner(store, documents, new MemoryCheckpointStore(), store.checkpointStore(), registry);
  });

  afterEach(async () => {
    await runner.beforeApplicationShutdown();
    await store.close();
  });

  it('catches up with the log at start, then reports zero lag', async () => {
    await add(store, 'tally-a', 2);
    await add(store, 'tally-a', 3);
    await runner.onApplicationBootstrap();
    await runner.whenReadModelsCaughtUp();
    expect(await documents.collection<TallyDoc>('tallies').findOne({ _id: 'a' })).toMatchObject({ total: 5 });
    const [status] = runner.statuses();
    expect(status).toMatchObject({ name: 'read-models', caughtUp: true, position: await store.headPosition(), lastError: null });
  });

  it('read-your-writes: waiting for a written position sees its effect', async () => {
    await runner.onApplicationBootstrap();
    for (let i = 1; i <= 20; i++) {
      const position = await add(store, 'tally-b', 1);
      await expect(runner.waitForReadModels(position)).resolves.toBe(true);
      expect(await documents.collection<TallyDoc>('tallies').findOne({ _id: 'b' })).toMatchObject({ total: i });
    }
  });

  it('gives up waiting after the timeout without failing the write', async () => {
    await runner.onApplicationBootstrap();
    await expect(runner.waitForReadModels(10_000, 50)).resolves.toBe(false);
  });

  it('a failing projection restarts from its checkpoint and applies each event exactly once in effect', async () => {
    await runner.onApplicationBootstrap();
    tally.failuresLeft = 2;
    const position = await add(store, 'tally-c', 7);
    await expect(runner.waitForReadModels(position, 10_000)).resolves.toBe(true);
    expect(await documents.collection<TallyDoc>('tallies').findOne({ _id: 'c' })).toMatchObject({ total: 7 });
    expect(runner.statuses()[0]).toMatchObject({ restarts: 2, lastError: null });
  });

  it('given a store that was unreachable for a moment in a quiet shop, the restarted subscriber that catches up is reported well again', async () => {
    await runner.beforeApplicationShutdown();
    let unreachable = 1;
    const flaky = Object.create(store) as PgliteEventStore;
    flaky.subscribeToAll = (options) => {
      if (unreachable-- > 0) {
        setTimeout(() => options.onError?.(new Error('connect ECONNREFUSED 127.0.0.1:5432')), 10);
        return { stop: () => Promise.resolve() };
      }
      return store.subscribeToAll(options);
    };
    const registry = new ProjectionRegistry();
    registry.registerProjection(tally);
    runner = new ProjectionRunner(flaky, documents, new MemoryCheckpointStore(), store.checkpointStore(), registry);
    await runner.onApplicationBootstrap();
    await runner.whenReadModelsCaughtUp();
    // No event arrives after the restart: being caught up is what says it is well.
    expect(runner.statuses()[0]).toMatchObject({ restarts: 1, caughtUp: true, lastError: null });
  });

  it('a failure after the subscriber has recovered from earlier ones restarts after the shortest back-off again', async () => {
    await runner.onApplicationBootstrap();
    // Three failures in a row: 250 ms, 1 s, then 5 s of back-off.
    tally.failuresLeft = 3;
    const first = await add(store, 'tally-d', 1);
    await expect(runner.waitForReadModels(first, 15_000)).resolves.toBe(true);
    // Delivered since: one more failure waits 250 ms again, not the 15 s that comes after 5 s.
    tally.failuresLeft = 1;
    const second = await add(store, 'tally-d', 1);
    await expect(runner.waitForReadModels(second, 4_000)).resolves.toBe(true);
    expect(runner.statuses()[0]).toMatchObject({ restarts: 4, lastError: null });
  });

  it('a rebuild replays the read models beside the live ones to the same state', async () => {
    await runner.onApplicationBootstrap();
    for (const [stream, amount] of [
      ['tally-x', 1],
      ['tally-y', 10],
      ['tally-x', 4],
    ] as const)
      await runner.waitForReadModels(await add(store, stream, amount));
    const live = await documents.collection('tallies').find({}, { sort: { _id: 1 } });
    const { events } = await runner.rebuildReadModels();
    expect(events).toBe(3);
    expect(await documents.collection('tallies').find({}, { sort: { _id: 1 } })).toEqual(live);
  });

  it('while a rebuild runs and writes go on, readers never see the read models empty, and nothing written is lost', async () => {
    await runner.onApplicationBootstrap();
    for (let i = 0; i < 300; i++) await add(store, `tally-s${i % 30}`, 1);
    await runner.waitForReadModels(await store.headPosition());
    let reading = true;
    let emptiest = Number.MAX_SAFE_INTEGER;
    const reader = (async () => {
      while (reading) {
        emptiest = Math.min(emptiest, await documents.collection('tallies').count());
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    let writing = true;
    const writer = (async () => {
      let written = 0;
      while (writing) {
        await add(store, `tally-w${written % 5}`, 2);
        written += 1;
      }
      return written;
    })();
    await runner.rebuildReadModels();
    writing = false;
    const written = await writer;
    await runner.waitForReadModels(await store.headPosition());
    reading = false;
    await reader;
    expect(emptiest).toBeGreaterThanOrEqual(30);
    const totals = await documents.collection<TallyDoc>('tallies').find({}, { sort: { _id: 1 } });
    expect(totals.filter((t) => t._id.startsWith('s')).reduce((sum, t) => sum + t.total, 0)).toBe(300);
    expect(totals.filter((t) => t._id.startsWith('w')).reduce((sum, t) => sum + t.total, 0)).toBe(2 * written);
    expect(runner.statuses()[0]).toMatchObject({ caughtUp: true, lastError: null, position: await store.headPosition() });
  });

  it('two rebuilds asked at once run as one', async () => {
    await runner.onApplicationBootstrap();
    await add(store, 'tally-z', 1);
    const [first, second] = await Promise.all([runner.rebuildReadModels(), runner.rebuildReadModels()]);
    expect(second).toBe(first);
  });
});

/** Remembers every position written, in order. */
class RecordingCheckpointStore extends MemoryCheckpointStore {
  readonly writes: number[] = [];
  override set(subscriberId: string, position: number): Promise<void> {
    this.writes.push(position);
    return super.set(subscriberId, position);
  }
}

/** A started runner with one process manager, whose checkpoints are kept in `checkpoints`. */
async function runnerWith(store: PgliteEventStore, manager: ProcessManager, checkpoints: CheckpointStore): Promise<ProjectionRunner> {
  const registry = new ProjectionRegistry();
  registry.registerProcessManager(manager);
  const runner = new ProjectionRunner(store, new MemoryDocumentStore(), new MemoryCheckpointStore(), checkpoints, registry);
  await runner.onApplicationBootstrap();
  return runner;
}

describe('ProjectionRunner process-manager checkpoints', () => {
  const CHECKPOINT = 'process-manager:recorder';
  let store: PgliteEventStore;
  let checkpoints: RecordingCheckpointStore;
  let runner: ProjectionRunner;
  let manager: RecordingManager;

  beforeEach(async () => {
    store = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
    checkpoints = new RecordingCheckpointStore();
    manager = new RecordingManager();
    runner = await runnerWith(store, manager, checkpoints);
  });

  afterEach(async () => {
    await runner.beforeApplicationShutdown();
    await store.close();
  });

  async function ignored(count: number): Promise<number> {
    const events = Array.from({ length: count }, (_, i) => ({ type: 'Ignored', data: { i }, metadata }));
    return (await store.append('other-1', events, { expectedRevision: 'any' })).position;
  }

  async function reached(position: number): Promise<void> {
    for (let i = 0; i < 1000; i++) {
      if (runner.statuses().find((s) => s.name === 'recorder')?.position === position) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`the manager never reached position ${position}`);
  }

  it('given events it handles, writes its checkpoint once, within 200 ms of the first, up to the latest', async () => {
    const first = await add(store, 'tally-a', 1);
    const second = await add(store, 'tally-a', 2);
    await reached(second);
    expect(manager.seen).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 300));
    // One write for both (two if the second event came more than 200 ms after the first), ending at the latest.
    expect(checkpoints.writes.length).toBeLessThanOrEqual(2);
    expect(checkpoints.writes.every((p) => p === first || p === second)).toBe(true);
    expect(checkpoints.writes.at(-1)).toBe(second);
    expect(await checkpoints.get(CHECKPOINT)).toBe(second);
  });

  it('given only events it ignores, moves its checkpoint a second after the first of them', async () => {
    const handled = await add(store, 'tally-a', 1);
    await reached(handled);
    await new Promise((r) => setTimeout(r, 300));
    const head = await ignored(20);
    await reached(head);
    expect(checkpoints.writes).toEqual([handled]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(checkpoints.writes).toEqual([handled, head]);
    expect(await checkpoints.get(CHECKPOINT)).toBe(head);
  });

  it('never lets the checkpoint trail by more than 500 ignored events', async () => {
    const head = await ignored(1300);
    await reached(head);
    await runner.beforeApplicationShutdown();
    // This store numbers its events from 1: events trailing behind a checkpoint are the positions past it.
    const previous = [0, ...checkpoints.writes];
    const gaps = checkpoints.writes.map((position, i) => position - (previous[i] ?? 0));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(500);
    expect(checkpoints.writes.length).toBeLessThan(10);
    expect(checkpoints.writes.at(-1)).toBe(head);
  });

  it('at shutdown, writes the checkpoint up to the last event it took', async () => {
    const head = await ignored(5);
    await reached(head);
    await runner.beforeApplicationShutdown();
    expect(await checkpoints.get(CHECKPOINT)).toBe(head);
  });
});

describe('ProjectionRunner process managers', () => {
  it('resume from their durable checkpoint after a restart: nothing handled twice, nothing missed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'runner-'));
    const start = async () => {
      const store = await PgliteEventStore.open({ dataDir: join(dataDir, 'es') });
      const manager = new RecordingManager();
      const registry = new ProjectionRegistry();
      registry.registerProcessManager(manager);
      const runner = new ProjectionRunner(store, new MemoryDocumentStore(), new MemoryCheckpointStore(), store.checkpointStore(), registry);
      await runner.onApplicationBootstrap();
      return { store, manager, runner };
    };
    const waitFor = async (check: () => boolean) => {
      for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(check()).toBe(true);
    };
    try {
      const first = await start();
      await add(first.store, 'tally-p', 1);
      await add(first.store, 'tally-p', 1);
      await waitFor(() => first.manager.seen.length === 2);
      await first.runner.beforeApplicationShutdown();
      await first.store.close();

      const second = await start();
      await add(second.store, 'tally-p', 1);
      await waitFor(() => second.manager.seen.length === 1);
      await new Promise((r) => setTimeout(r, 100));
      expect(second.manager.seen).toHaveLength(1);
      expect(first.manager.seen).not.toContain(second.manager.seen[0]);
      await second.runner.beforeApplicationShutdown();
      await second.store.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('ProjectionRunner with a checkpoint past the end of the log (events restored from an older backup)', () => {
  let store: PgliteEventStore;
  let runner: ProjectionRunner;
  let manager: RecordingManager;
  let checkpoints: MemoryCheckpointStore;
  const status = () => runner.statuses().find((s) => s.name === 'recorder');

  beforeEach(async () => {
    store = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
    await add(store, 'tally-a', 1);
    await add(store, 'tally-a', 2);
    // The checkpoints come from a later backup than the events.
    checkpoints = new MemoryCheckpointStore();
    await checkpoints.set('process-manager:recorder', 1000);
    manager = new RecordingManager();
    runner = await runnerWith(store, manager, checkpoints);
  });

  afterEach(async () => {
    await runner.beforeApplicationShutdown();
    await store.close();
  });

  it('given new events, then it stays stopped and says why, rather than skip them', async () => {
    const added = await add(store, 'tally-a', 3);
    await new Promise((r) => setTimeout(r, 500));
    expect(manager.seen).toEqual([]);
    expect(status()?.lastError).toMatch(/^its checkpoint 1000 is past the end of the event log \(2\)/);
    expect(status()?.position).toBe(1000);
    expect(added).toBeLessThan(1000);
  });

  it('given the operator moves it back (the restore runbook), then it goes on from the log’s end and handles what comes next', async () => {
    expect(await runner.moveCheckpointsPastTheEnd()).toEqual([{ name: 'recorder', from: 1000, to: 2 }]);
    expect(status()?.lastError).toBeNull();
    await add(store, 'tally-a', 3);
    for (let i = 0; i < 200 && manager.seen.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(manager.seen).toHaveLength(1);
    expect(await runner.moveCheckpointsPastTheEnd()).toEqual([]);
  });

  /** The shop goes on writing: the log grows past the checkpoint (positions 3 to 1,100). */
  const growPastTheCheckpoint = async (): Promise<number> => {
    const events = Array.from({ length: 1098 }, (_, i) => ({ type: 'Added', data: { amount: i }, metadata }));
    return (await store.append('tally-b', events, { expectedRevision: 'any' })).position;
  };

  it('given the log grows past the checkpoint after it was found past the end, then a later start (a lease taken over) still stays stopped and says why', async () => {
    expect(await growPastTheCheckpoint()).toBeGreaterThan(1000);
    await runner.beforeApplicationShutdown();
    runner = await runnerWith(store, manager, checkpoints);
    await new Promise((r) => setTimeout(r, 300));
    expect(manager.seen).toEqual([]);
    expect(status()?.lastError).toMatch(/^its checkpoint 1000 is past the end of the event log \(2\)/);
  });

  it('given the log grew past it, when the operator runs the runbook, then it goes back to the log’s end as restored and handles every event written since, none skipped', async () => {
    const head = await growPastTheCheckpoint();
    expect(await runner.moveCheckpointsPastTheEnd()).toEqual([{ name: 'recorder', from: 1000, to: 2 }]);
    for (let i = 0; i < 500 && manager.seen.length < 1098; i++) await new Promise((r) => setTimeout(r, 10));
    expect(manager.seen).toEqual((await store.readAll({ after: 2 })).map((e) => e.id));
    expect(status()?.lastError).toBeNull();
    expect(head).toBeGreaterThan(1000);
    expect(await runner.moveCheckpointsPastTheEnd()).toEqual([]);
  });
});

describe('ProjectionRunner whose read models’ checkpoint was found past the end of the log', () => {
  let store: PgliteEventStore;
  let runner: ProjectionRunner;
  let checkpoints: MemoryCheckpointStore;
  const readModels = () => runner.statuses().find((s) => s.name === READ_MODELS_SUBSCRIBER);

  beforeEach(async () => {
    store = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
    await add(store, 'tally-a', 1);
    await add(store, 'tally-a', 2);
    checkpoints = new MemoryCheckpointStore();
    await checkpoints.set(READ_MODELS_SUBSCRIBER, 1000);
    const registry = new ProjectionRegistry();
    registry.registerProjection(new TallyProjection());
    runner = new ProjectionRunner(store, new MemoryDocumentStore(), checkpoints, store.checkpointStore(), registry);
    await runner.onApplicationBootstrap();
  });

  afterEach(async () => {
    await runner.beforeApplicationShutdown();
    await store.close();
  });

  it('given a rebuild (the System tab, Auto-Fix), then the rebuilt read models go on from the log, and the finding is gone for good', async () => {
    expect(readModels()?.lastError).toMatch(/^its checkpoint 1000 is past the end of the event log \(2\)/);
    await runner.rebuildReadModels();
    expect({ lastError: readModels()?.lastError, position: readModels()?.position }).toEqual({ lastError: null, position: 2 });
    const head = await add(store, 'tally-a', 3);
    expect(await runner.waitForReadModels(head, 3000)).toBe(true);
    expect(await checkpoints.get(`${READ_MODELS_SUBSCRIBER}#restored-log-end`)).toBeNull();
  });

  it('given the checkpoint reset after it was found (a replay from the start asked for), then it starts from the beginning and the finding is forgotten', async () => {
    await checkpoints.reset(READ_MODELS_SUBSCRIBER);
    await runner.beforeApplicationShutdown();
    const registry = new ProjectionRegistry();
    registry.registerProjection(new TallyProjection());
    runner = new ProjectionRunner(store, new MemoryDocumentStore(), checkpoints, store.checkpointStore(), registry);
    await runner.onApplicationBootstrap();
    expect({ lastError: readModels()?.lastError, position: readModels()?.position }).toEqual({ lastError: null, position: 2 });
    expect(await checkpoints.get(`${READ_MODELS_SUBSCRIBER}#restored-log-end`)).toBeNull();
  });
});
