import { MemoryDocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { DiscountCodeEvent } from '../domain/discount-code.events';
import { discountCodeView, figuresOfDoc } from './discount-code-view';
import { DISCOUNT_CODES, DiscountCodesProjection, type DiscountCodeDoc } from './discount-codes.projection';

const OWNER = { id: 'owner', name: 'Owner', role: 'owner' } as const;
let position = 0;

function recorded(streamName: string, revision: number, event: { type: string; data: unknown }): RecordedEvent {
  position += 1;
  return {
    id: `e${position}`,
    streamName,
    revision,
    globalPosition: position,
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'c', causationId: null, actor: OWNER, occurredAt: '2026-12-01T01:00:00.000Z' },
  };
}

const code = (revision: number, event: DiscountCodeEvent) => recorded('discount-code-CLUB10', revision, event);
const created = code(0, {
  type: 'DiscountCodeCreated',
  data: {
    code: 'CLUB10',
    offer: { kind: 'percent', percent: 10 },
    minCans: null,
    maxUses: 5,
    onePerCustomer: false,
    startsAt: null,
    endsAt: null,
    productIds: null,
    createdAt: '2026-12-01T01:00:00.000Z',
  },
});
const held = (revision: number, orderId: string, replaced: string[] = []) =>
  code(revision, {
    type: 'DiscountUseHeld',
    data: { orderId, email: 'ada@example.com', discountCents: 800, totalCents: 8700, heldAt: '2026-12-01T01:00:00.000Z', replaced },
  });
const redeemed = (revision: number, orderId: string) =>
  code(revision, {
    type: 'DiscountUseRedeemed',
    data: { orderId, email: 'ada@example.com', discountCents: 800, totalCents: 8700, redeemedAt: '2026-12-01T01:05:00.000Z', held: true },
  });
const refund = (orderId: string, refundId: string, amountCents: number) =>
  recorded(`order-${orderId}`, 9, { type: 'OrderRefunded', data: { paymentIntentId: 'pi_1', refundId, amountCents, note: '' } });

async function project(events: readonly RecordedEvent[]): Promise<DiscountCodeDoc | null> {
  const store = new MemoryDocumentStore();
  const projection = new DiscountCodesProjection();
  for (const event of events) await projection.apply(event, store);
  return store.collection<DiscountCodeDoc>(DISCOUNT_CODES).findOne({ _id: 'CLUB10' });
}

describe('discount codes read model', () => {
  const history = [
    created,
    held(1, '1'),
    held(2, '2'),
    held(3, '3', ['2']),
    redeemed(4, '1'),
    code(5, { type: 'DiscountUseReleased', data: { orderId: '3', reason: 'expired' } }),
    refund('1', 're_1', 1000),
  ];

  it('counts the uses held and paid, the revenue less refunds and the discount given, with who made the code', async () => {
    const doc = await project(history);
    expect(doc).toMatchObject({ heldOrders: [], paidOrders: ['1'], revenueCents: 8700, discountGivenCents: 800 });
    expect(discountCodeView(figuresOfDoc(doc as DiscountCodeDoc))).toMatchObject({
      uses: { held: 0, paid: 1 },
      revenue: '77.00',
      refunded: '10.00',
      discountGiven: '8.00',
      createdBy: OWNER,
    });
  });

  it('changes nothing when any event is delivered again (a refund counted once by its id)', async () => {
    const once = await project(history);
    const twice = await project([...history, ...history]);
    const interleaved = await project(history.flatMap((event) => [event, event]));
    expect(twice).toEqual(once);
    expect(interleaved).toEqual(once);
  });

  it('leaves out a refund of an order that never held the code', async () => {
    const doc = await project([created, held(1, '1'), redeemed(2, '1'), refund('99', 're_9', 500)]);
    expect(discountCodeView(figuresOfDoc(doc as DiscountCodeDoc))).toMatchObject({ revenue: '87.00', refunded: '0.00' });
  });
});
