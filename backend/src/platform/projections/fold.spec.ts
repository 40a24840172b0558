import { MemoryDocumentStore, streamId, type RecordedEvent } from '@brewery/eventstore';
import { applyFold, type Fold, type FoldedDoc } from './fold';

interface TallyDoc extends FoldedDoc {
  added: number;
  notes: string[];
  label?: string;
}

function recorded(streamName: string, revision: number, type: string, data: unknown): RecordedEvent {
  return {
    id: `${streamName}-${revision}`,
    streamName,
    revision,
    globalPosition: revision,
    type,
    data,
    metadata: { correlationId: 'c', causationId: null, actor: 'system', occurredAt: '2026-11-29T01:00:00.000Z' },
  };
}

/** A tally per stream: `Opened` starts it, `Added` adds; a `note-` stream's `Noted` is written beside it. */
const tally: Fold<TallyDoc> = {
  collection: 'tallies',
  documentOf: (event) =>
    event.streamName.startsWith('note-')
      ? { id: (event.data as { tally: string }).tally, ownStream: false }
      : { id: streamId(event.streamName), ownStream: true },
  evolve(doc, event) {
    if (event.type === 'Opened') return doc ?? { _id: streamId(event.streamName), revision: event.revision, added: 0, notes: [] };
    if (doc === null) return null;
    if (event.type === 'Added') return { ...doc, added: doc.added + (event.data as { n: number }).n };
    if (event.type === 'Noted') return { ...doc, notes: [...doc.notes, (event.data as { note: string }).note] };
    return doc;
  },
  // The label is the first free one among all tallies: a step that reads the other documents.
  async settle(next, previous, documents) {
    if (previous !== null) return next;
    const taken = await documents.count({});
    return { ...next, label: `T${taken + 1}` };
  },
};

async function fold(events: readonly RecordedEvent[]): Promise<MemoryDocumentStore> {
  const store = new MemoryDocumentStore();
  for (const event of events) await applyFold(tally, event, store);
  return store;
}

const read = (store: MemoryDocumentStore, id: string) => store.collection<TallyDoc>('tallies').findOne({ _id: id });

describe('a read model written as a fold', () => {
  const stream = [
    recorded('tally-a', 0, 'Opened', {}),
    recorded('tally-a', 1, 'Added', { n: 2 }),
    recorded('tally-a', 2, 'Added', { n: 3 }),
  ];

  it('writes the document the events fold to, with the revision of its stream', async () => {
    expect(await read(await fold(stream), 'a')).toEqual({ _id: 'a', revision: 2, added: 5, notes: [], label: 'T1' });
  });

  it('given each event delivered twice, or an older one after a newer, then the same document', async () => {
    const once = await read(await fold(stream), 'a');
    expect(await read(await fold(stream.flatMap((event) => [event, event])), 'a')).toEqual(once);
    expect(await read(await fold([...stream, stream[1] as RecordedEvent, stream[0] as RecordedEvent]), 'a')).toEqual(once);
  });

  it('given events before the first one of the stream, then no document', async () => {
    expect(await read(await fold([recorded('tally-b', 1, 'Added', { n: 2 })]), 'b')).toBeNull();
  });

  it('folds an event of another stream into the document it names, keeping that document its own revision', async () => {
    const store = await fold([...stream, recorded('note-1', 0, 'Noted', { tally: 'a', note: 'counted twice' })]);
    expect(await read(store, 'a')).toMatchObject({ revision: 2, added: 5, notes: ['counted twice'] });
    // The stream's next event is still folded in after it.
    await applyFold(tally, recorded('tally-a', 3, 'Added', { n: 1 }), store);
    expect(await read(store, 'a')).toMatchObject({ revision: 3, added: 6, notes: ['counted twice'] });
  });

  it('settles a new document against the others, once', async () => {
    const store = await fold([...stream, recorded('tally-b', 0, 'Opened', {}), recorded('tally-b', 1, 'Added', { n: 1 })]);
    expect([(await read(store, 'a'))?.label, (await read(store, 'b'))?.label]).toEqual(['T1', 'T2']);
  });
});
