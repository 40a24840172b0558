import {
  PgliteEventStore,
  PGLITE_IN_MEMORY,
  WrongExpectedRevisionError,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
} from '@brewery/eventstore';
import type { Decider } from '../../shared-kernel/decider';
import { DomainError } from '../../shared-kernel/domain-error';
import { CommandPipeline } from './command-pipeline';

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

describe('CommandPipeline', () => {
  let store: EventStore;
  let pipeline: CommandPipeline;

  beforeAll(async () => {
    store = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
    pipeline = new CommandPipeline(store);
  });
  afterAll(() => store.close());

  it('given a new stream, when a command decides events, then they are appended and the state folded', async () => {
    const result = await pipeline.run({
      streamName: 'counter-a',
      decider: counter,
      command: { type: 'Increment', by: 2, ceiling: 10 },
      metadata,
    });
    expect(result.state).toBe(2);
    expect(result.revision).toBe(0);
    expect(result.position).not.toBeNull();
    const events = await store.readStream('counter-a');
    expect(events.map((e) => [e.type, e.data, e.metadata])).toEqual([['Incremented', { by: 2 }, metadata]]);
  });

  it('when the decider produces nothing, nothing is appended and no position is returned', async () => {
    const result = await pipeline.run({
      streamName: 'counter-a',
      decider: counter,
      command: { type: 'Increment', by: 0, ceiling: 10 },
      metadata,
    });
    expect(result).toMatchObject({ events: [], state: 2, revision: 0, position: null });
  });

  it('a refused command appends nothing', async () => {
    await expect(
      pipeline.run({ streamName: 'counter-a', decider: counter, command: { type: 'Increment', by: 9, ceiling: 10 }, metadata }),
    ).rejects.toThrow('Only 8 left');
    expect(await store.readStream('counter-a')).toHaveLength(1);
  });

  it('concurrent commands in one process take turns, so the ceiling holds', async () => {
    const attempts = Array.from({ length: 4 }, () =>
      pipeline.run({ streamName: 'counter-b', decider: counter, command: { type: 'Increment', by: 3, ceiling: 10 }, metadata }).then(
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
    const other = new CommandPipeline(store);
    const attempts = Array.from({ length: 6 }, (_, i) =>
      (i % 2 === 0 ? pipeline : other)
        .run({ streamName: 'counter-d', decider: counter, command: { type: 'Increment', by: 2, ceiling: 10 }, metadata })
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
    const busy = new CommandPipeline(counting);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        busy.run({ streamName: 'counter-e', decider: counter, command: { type: 'Increment', by: 1, ceiling: 1000 }, metadata }),
      ),
    );
    expect(results.map((r) => r.state).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(conflicts).toBe(0);
  });

  it('a refused command does not hold up the next one on its stream', async () => {
    const refused = pipeline.run({
      streamName: 'counter-f',
      decider: counter,
      command: { type: 'Increment', by: 11, ceiling: 10 },
      metadata,
    });
    const next = pipeline.run({ streamName: 'counter-f', decider: counter, command: { type: 'Increment', by: 1, ceiling: 10 }, metadata });
    await expect(refused).rejects.toThrow('Only 10 left');
    await expect(next).resolves.toMatchObject({ state: 1 });
  });

  it('uses the deterministic ids it is given, so replaying an external fact appends it once', async () => {
    const eventId = () => '6f1c8a9e-1d2b-5c3d-8e4f-0a1b2c3d4e5f';
    await pipeline.run({
      streamName: 'counter-c',
      decider: counter,
      command: { type: 'Increment', by: 1, ceiling: 10 },
      metadata,
      eventId,
    });
    const [event] = await store.readStream('counter-c');
    expect(event?.id).toBe('6f1c8a9e-1d2b-5c3d-8e4f-0a1b2c3d4e5f');
  });
});
