import {
  AppendTooLargeError,
  MAX_APPEND_BYTES,
  PgliteEventStore,
  PGLITE_IN_MEMORY,
  WrongExpectedRevisionError,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
} from '@brewery/eventstore';
import type { Cause } from './command-metadata';
import type { Decider } from '../../shared-kernel/decider';
import { DomainError } from '../../shared-kernel/domain-error';
import { CommandPipeline } from './command-pipeline';
import { StoreWriteError, StoreWrites, WRITE_FAILURE_MEMORY_MS, watchedWrites } from './store-writes';

/** A counter with a ceiling: enough to show that concurrent decisions are taken on the latest state. */
type CounterEvent = DomainEvent<'Incremented', { by: number }>;
type CounterCommand = { type: 'Increment'; by: number; ceiling: number };
const counter: Decider<number, CounterCommand, CounterEvent> = {
  initialState: 0,
  evolve: (state, event) => state + event.data.by,
  decide: (command, state) => {
    if (state + command.by > command.ceiling) throw new DomainError('ceiling', `Only ${command.ceiling - state} left`);
    return command.by === 0 ? [] : [{ type: 'Incremented', data: { by: command.by } }];
  },
};

const metadata: EventMetadata = { correlationId: 'c1', causationId: null, actor: 'system', occurredAt: '2026-11-22T00:00:00.000Z' };
/** Who asks, in every command below; the pipeline stamps the time of the write from its clock. */
const cause: Cause = { correlationId: 'c1', actor: 'system' };
const clock = { now: () => new Date(metadata.occurredAt) };

describe('CommandPipeline', () => {
  let store: EventStore;
  let pipeline: CommandPipeline;

  beforeAll(async () => {
    store = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
    pipeline = new CommandPipeline(store, undefined, clock);
  });
  afterAll(() => store.close());

  it('given a new stream, when a command decides events, then they are appended and the state folded', async () => {
    const result = await pipeline.run({
      streamName: 'counter-a',
      decider: counter,
      command: { type: 'Increment', by: 2, ceiling: 10 },
      cause,
    });
    expect(result.state).toBe(2);
    expect(result.revision).toBe(0);
    expect(result.position).not.toBeNull();
    const events = await store.readStream('counter-a');
    expect(events.map((e) => [e.type, e.data, e.metadata])).toEqual([['Incremented', { by: 2 }, metadata]]);
  });

  it('given a cause from a process manager, then each event carries it, with the time of the write', async () => {
    await pipeline.run({
      streamName: 'counter-caused',
      decider: counter,
      command: { type: 'Increment', by: 1, ceiling: 10 },
      cause: { correlationId: 'c9', causationId: 'event-7', actor: 'stripe' },
    });
    const [event] = await store.readStream('counter-caused');
    expect(event?.metadata).toEqual({ correlationId: 'c9', causationId: 'event-7', actor: 'stripe', occurredAt: metadata.occurredAt });
  });

  it('given a check, then it answers what the command would write, or its refusal, and writes nothing', async () => {
    await pipeline.run({ streamName: 'counter-check', decider: counter, command: { type: 'Increment', by: 4, ceiling: 10 }, cause });
    await expect(
      pipeline.check({ streamName: 'counter-check', decider: counter, command: { type: 'Increment', by: 5, ceiling: 10 } }),
    ).resolves.toEqual({ events: [{ type: 'Incremented', data: { by: 5 } }], state: 4 });
    await expect(
      pipeline.check({ streamName: 'counter-check', decider: counter, command: { type: 'Increment', by: 7, ceiling: 10 } }),
    ).rejects.toMatchObject({ code: 'ceiling' });
    expect((await store.readStream('counter-check')).map((e) => e.data)).toEqual([{ by: 4 }]);
  });

  it('when the decider produces nothing, nothing is appended and no position is returned', async () => {
    const result = await pipeline.run({
      streamName: 'counter-a',
      decider: counter,
      command: { type: 'Increment', by: 0, ceiling: 10 },
      cause,
    });
    expect(result).toMatchObject({ events: [], state: 2, revision: 0, position: null });
  });

  it('a refused command appends nothing', async () => {
    await expect(
      pipeline.run({ streamName: 'counter-a', decider: counter, command: { type: 'Increment', by: 9, ceiling: 10 }, cause }),
    ).rejects.toThrow('Only 8 left');
    expect(await store.readStream('counter-a')).toHaveLength(1);
  });

  it('concurrent commands in one process take turns, so the ceiling holds', async () => {
    const attempts = Array.from({ length: 4 }, () =>
      pipeline.run({ streamName: 'counter-b', decider: counter, command: { type: 'Increment', by: 3, ceiling: 10 }, cause }).then(
        () => 'ok',
        (error: unknown) => (error instanceof DomainError ? 'refused' : `unexpected: ${String(error)}`),
      ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(1);
    const { state } = await pipeline.load('counter-b', counter);
    expect(state).toBe(9);
  });

  it('commands from two processes on one stream are decided again on the newer state, so the ceiling holds', async () => {
    const other = new CommandPipeline(store, undefined, clock);
    const attempts = Array.from({ length: 6 }, (_, i) =>
      (i % 2 === 0 ? pipeline : other)
        .run({ streamName: 'counter-d', decider: counter, command: { type: 'Increment', by: 2, ceiling: 10 }, cause })
        .then(
          () => 'ok',
          (error: unknown) => (error instanceof DomainError ? 'refused' : `unexpected: ${String(error)}`),
        ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(1);
    expect((await pipeline.load('counter-d', counter)).state).toBe(10);
  });

  it('fifty commands at once on one stream all succeed, taking turns without a single refused append', async () => {
    let conflicts = 0;
    const counting: EventStore = Object.create(store) as EventStore;
    counting.append = (...args) =>
      store.append(...args).catch((error: unknown) => {
        if (error instanceof WrongExpectedRevisionError) conflicts += 1;
        throw error;
      });
    const busy = new CommandPipeline(counting, undefined, clock);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        busy.run({ streamName: 'counter-e', decider: counter, command: { type: 'Increment', by: 1, ceiling: 1000 }, cause }),
      ),
    );
    expect(results.map((r) => r.state).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(conflicts).toBe(0);
  });

  describe('commands that queue behind a running one', () => {
    /** A store that counts appends and the events in each. */
    function counting(): { store: EventStore; appends: number[] } {
      const appends: number[] = [];
      const spy: EventStore = Object.create(store) as EventStore;
      spy.append = (streamName, events, options) => {
        appends.push(events.length);
        return store.append(streamName, events, options);
      };
      return { store: spy, appends };
    }
    const at = (streamName: string, by: number, ceiling = 1000, correlationId = 'c1') => ({
      streamName,
      decider: counter,
      command: { type: 'Increment' as const, by, ceiling },
      cause: { ...cause, correlationId },
    });

    it('given commands queued while an append runs, then they are decided in turn and appended in one write, each answered with its own events and the state after them', async () => {
      const { store: spy, appends } = counting();
      const busy = new CommandPipeline(spy, undefined, clock);
      const results = await Promise.all([1, 2, 3, 4].map((by) => busy.run(at('counter-together-a', by, 1000, `c${by}`))));
      expect(appends).toEqual([1, 3]);
      expect(results.map((r) => ({ events: r.events, state: r.state, revision: r.revision }))).toEqual([
        { events: [{ type: 'Incremented', data: { by: 1 } }], state: 1, revision: 0 },
        { events: [{ type: 'Incremented', data: { by: 2 } }], state: 3, revision: 1 },
        { events: [{ type: 'Incremented', data: { by: 3 } }], state: 6, revision: 2 },
        { events: [{ type: 'Incremented', data: { by: 4 } }], state: 10, revision: 3 },
      ]);
      const stored = await store.readStream('counter-together-a');
      // Each event keeps the metadata of the command that decided it.
      expect(stored.map((e) => e.metadata.correlationId)).toEqual(['c1', 'c2', 'c3', 'c4']);
      expect(results[3]?.position).toBe(stored.at(-1)?.globalPosition);
      expect(results[1]?.position).toBeGreaterThanOrEqual(stored[1]?.globalPosition ?? Infinity);
    });

    it('given one of them is refused on the state the others leave, then it alone is refused and the rest are appended', async () => {
      const { store: spy, appends } = counting();
      const busy = new CommandPipeline(spy, undefined, clock);
      const outcomes = await Promise.allSettled([
        busy.run(at('counter-together-b', 5, 10)),
        busy.run(at('counter-together-b', 3, 10)),
        busy.run(at('counter-together-b', 4, 10)),
        busy.run(at('counter-together-b', 0, 10)),
        busy.run(at('counter-together-b', 2, 10)),
      ]);
      expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.state : (o.reason as Error).message))).toEqual([
        5,
        8,
        'Only 2 left',
        8,
        10,
      ]);
      expect(outcomes[3]).toMatchObject({ status: 'fulfilled', value: { events: [], position: null, revision: 1 } });
      expect(appends).toEqual([1, 2]);
      expect((await store.readStream('counter-together-b')).map((e) => e.data)).toEqual([{ by: 5 }, { by: 3 }, { by: 2 }]);
    });

    it('given another process appends first, then they are decided again one by one on the newer state', async () => {
      const other = new CommandPipeline(store, undefined, clock);
      let interfere = true;
      const racing: EventStore = Object.create(store) as EventStore;
      racing.knownStreamRevision = () => undefined;
      racing.append = async (streamName, events, options) => {
        if (events.length > 1 && interfere) {
          interfere = false;
          await other.run(at(streamName, 4, 10));
        }
        return store.append(streamName, events, options);
      };
      const busy = new CommandPipeline(racing, undefined, clock);
      const outcomes = await Promise.allSettled([1, 2, 3, 1].map((by) => busy.run(at('counter-together-c', by, 10))));
      // 1 first, then 4 from the other process: 5; the 2 and the 3 fit (10), the last 1 does not.
      expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.state : (o.reason as Error).message))).toEqual([
        1,
        7,
        10,
        'Only 0 left',
      ]);
      expect((await store.readStream('counter-together-c')).map((e) => e.data)).toEqual([{ by: 1 }, { by: 4 }, { by: 2 }, { by: 3 }]);
    });

    it('given the read of a stale stream failing while they are decided together, then each hears the error and the stream takes commands again', async () => {
      const failing: EventStore = Object.create(store) as EventStore;
      failing.knownStreamRevision = () => undefined;
      // The first command, alone, reads after its refused append; the two queued behind it read together.
      let readsLeftToFail = 2;
      failing.readStream = async (streamName, options) => {
        if (readsLeftToFail > 0) {
          readsLeftToFail -= 1;
          throw new Error('connection lost');
        }
        return store.readStream(streamName, options);
      };
      const busy = new CommandPipeline(failing, undefined, clock);
      await busy.run(at('counter-together-e', 1, 10));
      // Another process moves the stream; the next batch includes a no-op, so it must read, and the read fails.
      await new CommandPipeline(store, undefined, clock).run(at('counter-together-e', 1, 10));
      const outcomes = await Promise.allSettled([1, 0, 2].map((by) => busy.run(at('counter-together-e', by, 10))));
      expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as Error).message : 'ok'))).toEqual([
        'connection lost',
        'connection lost',
        'connection lost',
      ]);
      expect((await busy.run(at('counter-together-e', 1, 10))).state).toBeGreaterThanOrEqual(3);
    });

    it('given commands that name their own event ids, then each is appended on its own', async () => {
      const { store: spy, appends } = counting();
      const busy = new CommandPipeline(spy, undefined, clock);
      await Promise.all(
        ['x', 'y', 'z'].map((id) =>
          busy.run({
            ...at('counter-together-d', 1),
            eventId: () => `00000000-0000-4000-8000-00000000000${id === 'x' ? 1 : id === 'y' ? 2 : 3}`,
          }),
        ),
      );
      expect(appends).toEqual([1, 1, 1]);
    });
  });

  it('a refused command does not hold up the next one on its stream', async () => {
    const refused = pipeline.run({
      streamName: 'counter-f',
      decider: counter,
      command: { type: 'Increment', by: 11, ceiling: 10 },
      cause,
    });
    const next = pipeline.run({ streamName: 'counter-f', decider: counter, command: { type: 'Increment', by: 1, ceiling: 10 }, cause });
    await expect(refused).rejects.toThrow('Only 10 left');
    await expect(next).resolves.toMatchObject({ state: 1 });
  });

  it('uses the deterministic ids it is given, so replaying an external fact appends it once', async () => {
    const eventId = () => '6f1c8a9e-1d2b-5c3d-8e4f-0a1b2c3d4e5f';
    await pipeline.run({
      streamName: 'counter-c',
      decider: counter,
      command: { type: 'Increment', by: 1, ceiling: 10 },
      cause,
      eventId,
    });
    const [event] = await store.readStream('counter-c');
    expect(event?.id).toBe('6f1c8a9e-1d2b-5c3d-8e4f-0a1b2c3d4e5f');
  });

  describe('folded-state cache', () => {
    /** A store that records how each stream was read. */
    /** `knowsRevisions: false` plays a store with other writers (PostgreSQL), which cannot vouch for a revision. */
    function spying(knowsRevisions = true): { store: EventStore; reads: { stream: string; fromRevision: number | undefined }[] } {
      const reads: { stream: string; fromRevision: number | undefined }[] = [];
      const spy: EventStore = Object.create(store) as EventStore;
      if (!knowsRevisions) spy.knownStreamRevision = () => undefined;
      spy.readStream = (streamName, options) => {
        reads.push({ stream: streamName, fromRevision: options?.fromRevision });
        return store.readStream(streamName, options);
      };
      return { store: spy, reads };
    }
    const increment = (streamName: string, by = 1, ceiling = 1_000_000) => ({
      streamName,
      decider: counter,
      command: { type: 'Increment' as const, by, ceiling },
      cause,
    });

    it('given a single writer that knows the stream is at the cached revision, when it loads it again, then nothing is read', async () => {
      const { store: spy, reads } = spying();
      const cached = new CommandPipeline(spy, undefined, clock);
      for (let i = 0; i < 5; i++) await cached.run(increment('counter-cache-known'));
      reads.length = 0;
      expect(await cached.load('counter-cache-known', counter)).toEqual({ state: 5, revision: 4 });
      expect(reads).toEqual([]);
    });

    it('given a single writer that read a stream empty, when commands that decide nothing run on it again, then nothing more is read, and an append there is seen', async () => {
      const { store: spy, reads } = spying();
      const cached = new CommandPipeline(spy, undefined, clock);
      for (let i = 0; i < 3; i++) await cached.run(increment('counter-cache-empty', 0));
      expect(reads).toEqual([{ stream: 'counter-cache-empty', fromRevision: undefined }]);
      expect(await cached.load('counter-cache-empty', counter)).toEqual({ state: 0, revision: -1 });
      expect(reads).toHaveLength(1);

      // Another pipeline of this process appends there: the cached empty state is no longer current.
      await new CommandPipeline(store, undefined, clock).run(increment('counter-cache-empty', 3));
      expect(await cached.load('counter-cache-empty', counter)).toEqual({ state: 3, revision: 0 });
      expect((await cached.run(increment('counter-cache-empty', 1))).state).toBe(4);
    });

    it('given a store with other writers, when a command that decides nothing runs on an empty stream again, then the stream is read each time', async () => {
      const { store: spy, reads } = spying(false);
      const cached = new CommandPipeline(spy, undefined, clock);
      for (let i = 0; i < 2; i++) await cached.run(increment('counter-cache-empty-shared', 0));
      expect(reads).toEqual([
        { stream: 'counter-cache-empty-shared', fromRevision: undefined },
        { stream: 'counter-cache-empty-shared', fromRevision: undefined },
      ]);
    });

    it('given a stream this process has written, when it loads it again, then only the events after its revision are read', async () => {
      const { store: spy, reads } = spying(false);
      const cached = new CommandPipeline(spy, undefined, clock);
      for (let i = 0; i < 20; i++) await cached.run(increment('counter-cache-a'));
      reads.length = 0;
      const { state, revision } = await cached.load('counter-cache-a', counter);
      expect({ state, revision }).toEqual({ state: 20, revision: 19 });
      expect(reads).toEqual([{ stream: 'counter-cache-a', fromRevision: 20 }]);
    });

    it('given a cached state, when another process appends, then the next load folds in its events', async () => {
      const mine = new CommandPipeline(store, undefined, clock);
      const other = new CommandPipeline(store, undefined, clock);
      await mine.run(increment('counter-cache-b', 2));
      await other.run(increment('counter-cache-b', 3));
      await other.run(increment('counter-cache-b', 4));
      expect(await mine.load('counter-cache-b', counter)).toEqual({ state: 9, revision: 2 });
      expect((await mine.run(increment('counter-cache-b', 1))).state).toBe(10);
    });

    it('given a store with other writers, when a command follows one this process appended, then it appends without reading the stream', async () => {
      const { store: spy, reads } = spying(false);
      const mine = new CommandPipeline(spy, undefined, clock);
      await mine.run(increment('counter-cache-e', 2));
      reads.length = 0;
      for (let i = 0; i < 5; i++) await mine.run(increment('counter-cache-e', 1));
      expect(reads).toEqual([]);
      expect((await store.readStream('counter-cache-e')).map((e) => e.data)).toEqual([{ by: 2 }, ...Array(5).fill({ by: 1 })]);
    });

    it('given a cached state another process has moved past, then the expected revision refuses the append and the command is decided again on the fresh state', async () => {
      const { store: spy, reads } = spying(false);
      const mine = new CommandPipeline(spy, undefined, clock);
      const other = new CommandPipeline(store, undefined, clock);
      await mine.run(increment('counter-cache-c', 4, 10));
      // Another process takes 5 of the 10 after this one cached 4.
      await other.run(increment('counter-cache-c', 5, 10));
      reads.length = 0;
      // On the stale state (4) a further 4 fits under 10; on the fresh one (9) it does not.
      await expect(mine.run(increment('counter-cache-c', 4, 10))).rejects.toThrow('Only 1 left');
      expect(reads).toEqual([{ stream: 'counter-cache-c', fromRevision: 1 }]);
      expect((await store.readStream('counter-cache-c')).map((e) => e.data)).toEqual([{ by: 4 }, { by: 5 }]);
      expect(await mine.load('counter-cache-c', counter)).toEqual({ state: 9, revision: 1 });
    });

    it('given a cached state another process has moved past, when the command is refused on it, then the stream is read and the command decided again before the refusal is answered', async () => {
      const mine = new CommandPipeline(spying(false).store);
      const other = new CommandPipeline(store, undefined, clock);
      await mine.run(increment('counter-cache-f', 8, 10));
      // Another process gives 5 back: the stale 8 has no room for 4 more, the fresh 3 has.
      await other.run(increment('counter-cache-f', -5, 10));
      const result = await mine.run(increment('counter-cache-f', 4, 10));
      expect({ state: result.state, revision: result.revision }).toEqual({ state: 7, revision: 2 });
    });

    it('given a cached state another process has moved past, when the command changes nothing, then it answers with the stream as it is', async () => {
      const mine = new CommandPipeline(spying(false).store);
      const other = new CommandPipeline(store, undefined, clock);
      await mine.run(increment('counter-cache-g', 1));
      await other.run(increment('counter-cache-g', 2));
      expect(await mine.run(increment('counter-cache-g', 0))).toEqual({ events: [], state: 3, revision: 1, position: null });
    });

    it('given a stream this process has never seen, when a command on it is refused on the initial state, then the stream is read before the refusal is answered', async () => {
      await new CommandPipeline(store, undefined, clock).run(increment('counter-cache-h', -3, 10));
      const fresh = new CommandPipeline(spying(false).store);
      // On the initial state (0) 12 is over the ceiling; on the stream's -3 it is not.
      expect((await fresh.run(increment('counter-cache-h', 12, 10))).state).toBe(9);
    });

    it('a fold by another decider of the same stream is not served from the cache', async () => {
      const doubled: typeof counter = { ...counter, evolve: (state, event) => state + 2 * event.data.by };
      const mine = new CommandPipeline(store, undefined, clock);
      await mine.run(increment('counter-cache-d', 3));
      expect((await mine.load('counter-cache-d', doubled)).state).toBe(6);
      expect((await mine.load('counter-cache-d', counter)).state).toBe(3);
    });
  });

  describe('when the store does not take writes (a full disk), written through the watched store', () => {
    /** The real store, whose appends fail like a full disk while `full` is set. */
    function fillable(inner: EventStore): { store: EventStore; full: { on: boolean } } {
      const full = { on: false };
      const store = Object.create(inner) as EventStore;
      store.append = (...args) => {
        if (full.on) {
          const error = Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), { code: '53100' });
          return Promise.reject(error);
        }
        return inner.append(...args);
      };
      return { store, full };
    }

    it('then the command fails with a StoreWriteError saying so, nothing is written, and the writes are reported failing until one succeeds', async () => {
      const { store: disk, full } = fillable(store);
      let now = 1_000_000;
      const writes = new StoreWrites(() => now);
      const onFullDisk = new CommandPipeline(watchedWrites(disk, writes));
      const run = () =>
        onFullDisk.run({ streamName: 'counter-full', decider: counter, command: { type: 'Increment', by: 1, ceiling: 100 }, cause });
      await run();
      full.on = true;
      const error = await run().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreWriteError);
      expect((error as Error).message).toBe(
        'the event store did not take the write: the database’s disk is full (53100: could not extend file "base/5/16385": No space left on device)',
      );
      expect(await store.readStream('counter-full')).toHaveLength(1);
      expect(writes.failing()).toEqual({ since: new Date(1_000_000).toISOString(), message: expect.stringContaining('disk is full') });
      // With no write since, the report lapses after a while, so a balancer tries the process again.
      now += WRITE_FAILURE_MEMORY_MS + 1;
      expect(writes.failing()).toBeNull();
      now += 1;
      await run().catch(() => undefined);
      expect(writes.failing()).not.toBeNull();
      full.on = false;
      expect((await run()).state).toBe(2);
      expect(writes.failing()).toBeNull();
    });

    it('a conflict is the store answering, not failing', async () => {
      const writes = new StoreWrites();
      const first = new CommandPipeline(watchedWrites(store, writes));
      const other = new CommandPipeline(store, undefined, clock);
      await first.run({ streamName: 'counter-conflict', decider: counter, command: { type: 'Increment', by: 1, ceiling: 100 }, cause });
      await other.run({ streamName: 'counter-conflict', decider: counter, command: { type: 'Increment', by: 1, ceiling: 100 }, cause });
      const result = await first.run({
        streamName: 'counter-conflict',
        decider: counter,
        command: { type: 'Increment', by: 1, ceiling: 100 },
        cause,
      });
      expect(result.state).toBe(3);
      expect(writes.failing()).toBeNull();
    });

    it('an append too large to take is refused as the request’s fault (413), not reported as the store failing', async () => {
      const writes = new StoreWrites();
      const watched = watchedWrites(store, writes);
      const big = { type: 'Noted', data: { text: 'x'.repeat(MAX_APPEND_BYTES) }, metadata };
      await expect(watched.append('note-too-large', [big], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(AppendTooLargeError);
      expect(writes.failing()).toBeNull();
      expect(await store.readStream('note-too-large')).toEqual([]);
    });
  });
});
