import { MemoryDocumentStore, type EventStore, type RecordedEvent } from '@brewery/eventstore';
import { DomainError } from '../../shared-kernel/domain-error';
import type { Projection } from './projection';
import { rebuildBeside, type LiveReadModels } from './read-model-rebuild';

/** A tally per stream, one document each: enough to tell the old read models from the rebuilt ones. */
const tallies: Projection = {
  name: 'tallies',
  collections: ['tallies'],
  eventTypes: ['Counted'],
  async apply(event, store) {
    await store
      .collection<{ _id: string; count: number }>('tallies')
      .updateOne({ _id: event.streamName }, { $inc: { count: 1 } }, { upsert: true });
  },
};

const counted = (position: number): RecordedEvent => ({
  id: `e-${position}`,
  streamName: 'tally-a',
  type: 'Counted',
  data: {},
  metadata: { correlationId: 'c', causationId: null, actor: 'system', occurredAt: '2026-11-26T00:00:00.000Z' },
  revision: position - 1,
  globalPosition: position,
});

/** The log's events after a position, as the store reads them (only what the rebuild uses). */
const log = (events: RecordedEvent[]): EventStore =>
  ({
    readAll: ({ after }: { after: number }) => Promise.resolve(events.filter((e) => e.globalPosition > after)),
  }) as unknown as EventStore;

describe('rebuilding the read models beside the live ones', () => {
  let documents: MemoryDocumentStore;
  let steps: string[];
  /** The live read models, whose lease holds for the first `heldFor` questions (every page, the swap). */
  const live = (heldFor: number): LiveReadModels => {
    let asked = 0;
    return {
      pause: () => Promise.resolve(void steps.push('pause')),
      resume: (position, events) => Promise.resolve(void steps.push(`resume at ${position} after ${events}`)),
      abandoned: () => Promise.resolve(void steps.push('abandoned')),
      mayReplace: () => ++asked <= heldFor,
    };
  };

  beforeEach(async () => {
    documents = new MemoryDocumentStore();
    steps = [];
    // What the live read models hold: one count, short of the log's three.
    await documents.collection('tallies').updateOne({ _id: 'tally-a' }, { $set: { count: 1 } }, { upsert: true });
  });

  it('given the lease still held, then the rebuilt read models replace the live ones and the subscription goes on from the log’s end', async () => {
    const result = await rebuildBeside(log([counted(1), counted(2), counted(3)]), documents, [tallies], live(Infinity));
    expect(result.events).toBe(3);
    expect(await documents.collection('tallies').findOne({ _id: 'tally-a' })).toMatchObject({ count: 3 });
    expect(steps).toEqual(['pause', 'resume at 3 after 3']);
  });

  it('given the lease lost while it replayed beside the live ones, then it stops there: nothing paused, nothing replaced (409 lease_lost)', async () => {
    const rebuilding = rebuildBeside(log([counted(1), counted(2), counted(3)]), documents, [tallies], live(0));
    await expect(rebuilding).rejects.toBeInstanceOf(DomainError);
    await expect(rebuilding).rejects.toMatchObject({ code: 'lease_lost', kind: 'conflict' });
    expect(await documents.collection('tallies').findOne({ _id: 'tally-a' })).toMatchObject({ count: 1 });
    expect(steps).toEqual([]);
  });

  it('given the lease lost after the live subscription paused, then nothing is replaced, it is never resumed, and the old read models are left to their new keeper', async () => {
    // Held for the first replay's page; lost by the catch-up after the pause.
    const rebuilding = rebuildBeside(log([counted(1), counted(2), counted(3)]), documents, [tallies], live(1));
    await expect(rebuilding).rejects.toMatchObject({ code: 'lease_lost', kind: 'conflict' });
    expect(await documents.collection('tallies').findOne({ _id: 'tally-a' })).toMatchObject({ count: 1 });
    expect(steps).toEqual(['pause', 'abandoned']);
  });
});
