import { MemoryDocumentStore, type RecordedEvent } from '@brewery/eventstore';
import { CLUB_MEMBERS, CLUB_ORDERS, CLUB_RUNS, CLUB_SHARES, ClubProjection } from './club.projections';

const AT = '2026-12-01T00:00:00.000Z';
let position = 0;

function event(streamName: string, revision: number, type: string, data: object): RecordedEvent {
  position += 1;
  return {
    id: `${streamName}-${revision}`,
    streamName,
    revision,
    globalPosition: position,
    type,
    data,
    metadata: { correlationId: 'c', causationId: null, actor: 'system', occurredAt: AT },
  };
}

const member = 'clubmember-m1';
const customer = {
  name: 'Ruby',
  email: 'ruby@example.com',
  phone: '0412345678',
  addressLine1: '1 Hay St',
  addressLine2: null,
  suburb: 'Perth',
  postCode: '6000',
  state: 'WA',
};
const history = [
  event('clubrun-r1', 0, 'ClubRunCreated', {
    runId: 'r1',
    planId: 'p1',
    planName: 'Monthly Eight',
    cans: 8,
    priceCents: 4800,
    chargeAt: AT,
    items: [{ productId: 'pale', productName: 'Pale', quantity: 8 }],
    members: ['m1'],
    holdsUntil: AT,
    createdAt: AT,
  }),
  event(member, 0, 'ClubMemberJoined', {
    memberId: 'm1',
    planId: 'p1',
    planName: 'Monthly Eight',
    customer,
    fulfilment: { method: 'delivery' },
    setupIntentId: 's1',
    joinedAt: AT,
  }),
  event(member, 1, 'ClubCardSaved', {
    setupIntentId: 's1',
    paymentMethodId: 'pm',
    customerId: 'cus',
    brand: 'visa',
    last4: '4242',
    at: AT,
  }),
  event('clubrun-r1', 1, 'ClubRunHeld', { at: AT }),
  event(member, 2, 'ClubRunJoined', { runId: 'r1', chargeAt: AT, holds: [{ productId: 'pale', quantity: 8 }], at: AT }),
  event(member, 3, 'ClubChargeOpened', { runId: 'r1', orderId: '7', at: AT }),
  event(member, 4, 'ClubChargeAttempted', { runId: 'r1', attempt: 1, at: AT }),
  event(member, 5, 'ClubChargeDeclined', { runId: 'r1', attempt: 1, code: 'card_declined', message: 'Declined', nextTryAt: AT, at: AT }),
  event(member, 6, 'ClubChargeAttempted', { runId: 'r1', attempt: 2, at: AT }),
  event(member, 7, 'ClubRunCharged', { runId: 'r1', orderId: '7', amountCents: 5800, at: AT }),
  event('order-7', 5, 'OrderStatusChanged', { from: 'paid', to: 'shipped' }),
  event('order-7', 6, 'OrderRefunded', { paymentIntentId: 'pi', refundId: 're', amountCents: 800, note: '' }),
];

async function project(events: readonly RecordedEvent[]): Promise<Record<string, unknown[]>> {
  const store = new MemoryDocumentStore();
  const projection = new ClubProjection();
  for (const recorded of events) await projection.apply(recorded, store);
  const out: Record<string, unknown[]> = {};
  for (const name of [CLUB_MEMBERS, CLUB_RUNS, CLUB_SHARES, CLUB_ORDERS])
    out[name] = await store.collection(name).find({}, { sort: { _id: 1 } });
  return out;
}

describe('club read models', () => {
  it('follow a member through a run: declined, charged, packed, part refunded', async () => {
    const docs = await project(history);
    expect(docs[CLUB_MEMBERS]).toMatchObject([{ _id: 'm1', status: 'active', card: { last4: '4242' } }]);
    expect(docs[CLUB_RUNS]).toMatchObject([{ _id: 'r1', status: 'held' }]);
    expect(docs[CLUB_SHARES]).toMatchObject([{ _id: 'r1:m1', status: 'packed', orderId: '7', attempts: 2, lastError: 'Declined' }]);
    expect(docs[CLUB_ORDERS]).toMatchObject([{ _id: '7', paid: true, amountCents: 5800, refundedCents: 800, packed: true }]);
  });

  it('change nothing when every event is delivered twice', async () => {
    const twice = history.flatMap((recorded) => [recorded, recorded]);
    expect(await project(twice)).toEqual(await project(history));
  });

  it('change nothing when the whole history is delivered again after it', async () => {
    expect(await project([...history, ...history])).toEqual(await project(history));
  });
});
