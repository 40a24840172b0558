import { MemoryCheckpointStore, PgliteEventStore, PGLITE_IN_MEMORY, type CheckpointStore, type RecordedEvent } from '@brewery/eventstore';
import type { Logger } from '@nestjs/common';
import { CheckpointWriter } from './checkpoint-writer';
import { Subscriber } from './subscriber';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as Logger;
const metadata = { correlationId: 'c', causationId: null, actor: 'system' as const, occurredAt: '2026-11-29T00:00:00.000Z' };

describe('a subscriber started while the store is slow', () => {
  let events: PgliteEventStore;
  beforeEach(async () => {
    events = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
  });
  afterEach(() => events.close());

  it('given it is ended (the lease lost) while its start still awaits the checkpoint, then it never subscribes, and delivers nothing', async () => {
    const checkpoints = new MemoryCheckpointStore();
    let answer: () => void = () => undefined;
    const slow: CheckpointStore = {
      get: (id) => new Promise((resolve) => (answer = () => resolve(checkpoints.get(id)))),
      set: (id, p) => checkpoints.set(id, p),
      reset: (id) => checkpoints.reset(id),
    };
    const delivered: RecordedEvent[] = [];
    const subscriber = new Subscriber(
      {
        name: 'read-models',
        kind: 'read-models',
        leaderOnly: true,
        deliver: (event) => {
          delivered.push(event);
          return Promise.resolve(true);
        },
        interested: null,
        checkpoint: (position) => new CheckpointWriter(slow, 'read-models', position, () => undefined),
      },
      events,
      quiet,
      () => false,
    );
    const starting = subscriber.begin();
    await new Promise((r) => setTimeout(r, 20));
    await subscriber.end(false);
    answer();
    await starting;
    await events.append('tally-a', [{ type: 'Added', data: {}, metadata }], { expectedRevision: 'any' });
    await new Promise((r) => setTimeout(r, 300));
    expect(delivered).toEqual([]);
  });
});
