import { MemoryDocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { WaitlistEvent } from '../domain/waitlist.events';
import { WAITLIST_ENTRIES, WaitlistProjection, onListsFilter, pendingOfClientFilter, type WaitlistEntryDoc } from './waitlist.projection';

let position = 0;
function recorded(streamName: string, revision: number, event: WaitlistEvent): RecordedEvent {
  return {
    id: `${streamName}-${revision}`,
    streamName,
    revision,
    globalPosition: position++,
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'c', causationId: null, actor: 'customer', occurredAt: '2026-11-23T01:00:00.000Z' },
  };
}

const stout = (revision: number, event: WaitlistEvent) => recorded('waitlist-stout', revision, event);
const ale = (revision: number, event: WaitlistEvent) => recorded('waitlist-ale', revision, event);
const asked = (email: string, at: string, client = 'client-a'): WaitlistEvent => ({
  type: 'BackInStockRequested',
  data: { email, requestedAt: at, confirmBy: new Date(Date.parse(at) + 48 * 3_600_000).toISOString(), client },
});

const log: RecordedEvent[] = [
  stout(0, asked('Ada@Example.com', '2026-11-23T01:00:00.000Z')),
  stout(1, asked('typed1@example.com', '2026-11-23T01:01:00.000Z')),
  stout(2, { type: 'BackInStockConfirmed', data: { email: 'Ada@Example.com', confirmedAt: '2026-11-23T01:05:00.000Z' } }),
  stout(3, asked('grace@example.com', '2026-11-23T01:06:00.000Z', 'client-b')),
  stout(4, {
    type: 'BackInStockConfirmationResent',
    data: { email: 'grace@example.com', sentAt: '2026-11-23T02:00:00.000Z', confirmBy: '2026-11-25T02:00:00.000Z' },
  }),
  stout(5, {
    type: 'BackInStockRemoved',
    data: { email: 'typed1@example.com', removedAt: '2026-11-23T03:00:00.000Z', reason: 'made-up address' },
  }),
  ale(0, { type: 'BackInStockRequested', data: { email: 'old@example.com', requestedAt: '2026-11-20T01:00:00.000Z' } }),
  ale(1, asked('ada@example.com', '2026-11-23T04:00:00.000Z')),
  ale(2, { type: 'BackInStockConfirmed', data: { email: 'ada@example.com', confirmedAt: '2026-11-23T04:01:00.000Z' } }),
  stout(6, { type: 'BackInStockTold', data: { email: 'Ada@Example.com', toldAt: '2026-11-24T01:00:00.000Z', available: 24 } }),
  ale(3, { type: 'BackInStockLeft', data: { email: 'ADA@example.com', leftAt: '2026-11-24T02:00:00.000Z' } }),
];

async function project(events: readonly RecordedEvent[]): Promise<{ store: MemoryDocumentStore; docs: WaitlistEntryDoc[] }> {
  const store = new MemoryDocumentStore();
  const projection = new WaitlistProjection();
  for (const event of events) await projection.apply(event, store);
  const docs = await store.collection<WaitlistEntryDoc>(WAITLIST_ENTRIES).find({}, { sort: { _id: 1 } });
  return { store, docs };
}

describe('waitlist-entries read model', () => {
  it('keeps one entry per beer and address: when it asked, where it stands, when it confirmed, was told, left or was removed and why', async () => {
    const { docs } = await project(log);
    expect(
      docs.map(({ _id, status, askedAt, confirmedAt, notifiedAt, leftAt, removedAt, reason }) => ({
        _id,
        status,
        askedAt,
        confirmedAt,
        notifiedAt,
        leftAt,
        removedAt,
        reason,
      })),
    ).toEqual([
      {
        _id: 'ale/ada@example.com',
        status: 'unsubscribed',
        askedAt: '2026-11-23T04:00:00.000Z',
        confirmedAt: '2026-11-23T04:01:00.000Z',
        notifiedAt: null,
        leftAt: '2026-11-24T02:00:00.000Z',
        removedAt: null,
        reason: null,
      },
      // Recorded before addresses confirmed: on the list at once
      {
        _id: 'ale/old@example.com',
        status: 'confirmed',
        askedAt: '2026-11-20T01:00:00.000Z',
        confirmedAt: '2026-11-20T01:00:00.000Z',
        notifiedAt: null,
        leftAt: null,
        removedAt: null,
        reason: null,
      },
      {
        _id: 'stout/ada@example.com',
        status: 'notified',
        askedAt: '2026-11-23T01:00:00.000Z',
        confirmedAt: '2026-11-23T01:05:00.000Z',
        notifiedAt: '2026-11-24T01:00:00.000Z',
        leftAt: null,
        removedAt: null,
        reason: null,
      },
      {
        _id: 'stout/grace@example.com',
        status: 'pending',
        askedAt: '2026-11-23T01:06:00.000Z',
        confirmedAt: null,
        notifiedAt: null,
        leftAt: null,
        removedAt: null,
        reason: null,
      },
      {
        _id: 'stout/typed1@example.com',
        status: 'removed',
        askedAt: '2026-11-23T01:01:00.000Z',
        confirmedAt: null,
        notifiedAt: null,
        leftAt: null,
        removedAt: '2026-11-23T03:00:00.000Z',
        reason: 'made-up address',
      },
    ]);
    expect(docs.find((d) => d._id === 'stout/grace@example.com')).toMatchObject({
      email: 'grace@example.com',
      client: 'client-b',
      confirmBy: '2026-11-25T02:00:00.000Z',
      revision: 4,
    });
  });

  it("finds a client's pending sign-ups until they lapse, and the lists an address is still on", async () => {
    const { store } = await project(log);
    const entries = store.collection<WaitlistEntryDoc>(WAITLIST_ENTRIES);
    expect((await entries.find(pendingOfClientFilter('client-b', '2026-11-25T01:59:59.999Z'))).map((d) => d._id)).toEqual([
      'stout/grace@example.com',
    ]);
    expect(await entries.find(pendingOfClientFilter('client-b', '2026-11-25T02:00:00.000Z'))).toEqual([]);
    // client-a's only pending sign-up was removed
    expect(await entries.find(pendingOfClientFilter('client-a', '2026-11-23T05:00:00.000Z'))).toEqual([]);
    expect((await entries.find(onListsFilter(' OLD@example.com'))).map((d) => d._id)).toEqual(['ale/old@example.com']);
    expect(await entries.find(onListsFilter('ada@example.com'))).toEqual([]);
  });

  it('is idempotent: every event delivered again (at least once), in any order after the first, changes nothing; a rebuild gives the same documents', async () => {
    const once = (await project(log)).docs;
    const redelivered = [...log, ...[...log].reverse(), ...log.slice(3)];
    expect((await project(redelivered)).docs).toEqual(once);
    const twice = log.flatMap((event) => [event, event]);
    expect((await project(twice)).docs).toEqual(once);
  });

  it('starts an address over when it asks again after being told', async () => {
    const again = [...log, stout(7, asked('ada@example.com', '2026-11-26T01:00:00.000Z', 'client-c'))];
    const { docs } = await project(again);
    expect(docs.find((d) => d._id === 'stout/ada@example.com')).toMatchObject({
      email: 'ada@example.com',
      status: 'pending',
      askedAt: '2026-11-26T01:00:00.000Z',
      confirmedAt: null,
      notifiedAt: null,
      client: 'client-c',
      revision: 7,
    });
  });
});
