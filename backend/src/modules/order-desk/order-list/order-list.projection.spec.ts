import { MemoryDocumentStore, type Actor, type RecordedEvent } from '@brewery/eventstore';
import type { OrderEvent, OrderPlacedData } from '../../orders/domain/order.events';
import { ORDERS, OrderListProjection, type OrderDoc } from './order-list.projection';
import { adminOrderOf } from './search-orders.query';
import { orderStatusView } from '../order-status/order-status.view';
import { orderSearchText } from './order-search';

const placed: OrderPlacedData = {
  orderId: '3',
  customer: {
    name: 'Ada',
    email: 'ada@example.com',
    phone: '0412345678',
    addressLine1: '1 Hay St',
    addressLine2: 'Unit 2',
    suburb: 'Perth',
    postCode: '6000',
    state: 'WA',
  },
  items: [
    {
      id: '3-1',
      productId: 'p1',
      productName: 'Swan Pale',
      style: 'Pale Ale',
      abv: 4.8,
      packSize: '8pack',
      packQuantity: 8,
      packs: 1,
      quantity: 8,
      unitPriceCents: 4200,
      lineTotalCents: 4200,
    },
  ],
  subtotalCents: 4200,
  shippingCents: 1000,
  totalCents: 5200,
  gstCents: 473,
  totalCans: 8,
  estimatedDelivery: '3-5 business days',
  isPerthMetro: true,
  reservationExpiresAt: '2026-11-23T01:30:00.000Z',
  placedAt: '2026-11-23T01:00:00.000Z',
};

function recorded(revision: number, event: OrderEvent, actor: Actor = 'system'): RecordedEvent {
  return {
    id: `e${revision}`,
    streamName: 'order-3',
    revision,
    globalPosition: 100 + revision,
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'c', causationId: null, actor, occurredAt: `2026-11-23T01:0${revision}:00.000Z` },
  };
}

const history: RecordedEvent[] = [
  recorded(0, { type: 'OrderPlaced', data: placed }, 'customer'),
  recorded(1, { type: 'PaymentIntentAttached', data: { paymentIntentId: 'pi_1' } }, 'customer'),
  recorded(2, { type: 'OrderPaid', data: { paymentIntentId: 'pi_1', amountCents: 5200, paidAt: '2026-11-23T01:02:00.000Z' } }),
  recorded(3, { type: 'InvoiceNumberAssigned', data: { invoiceNumber: 'INV-000001' } }),
  recorded(4, { type: 'OrderNeedsReview', data: { reason: 'check the amount', paymentIntentId: 'pi_1' } }),
];

async function project(events: readonly RecordedEvent[]): Promise<OrderDoc | null> {
  const store = new MemoryDocumentStore();
  const projection = new OrderListProjection();
  for (const event of events) await projection.apply(event, store);
  return store.collection<OrderDoc>(ORDERS).findOne({ _id: '3' });
}

describe('orders read model', () => {
  it('keeps the search text up to date: customer and address when placed, then payment, invoice and tracking', async () => {
    const placedOnly = await project(history.slice(0, 1));
    expect(placedOnly?.searchText).toBe(orderSearchText({ ...(placedOnly as OrderDoc) }));
    const later = await project([
      ...history,
      recorded(5, { type: 'TrackingReferenceSet', data: { trackingReference: 'AP-77X' } }, 'admin'),
    ]);
    expect(later?.searchText?.split('\n').slice(6, 9)).toEqual(['ap-77x', 'pi_1', 'inv-000001']);
    // Delivered twice, the text is the same
    const twice = await project([...history, ...history]);
    expect(twice?.searchText).toBe((await project(history))?.searchText);
  });

  it('keeps money in cents, as the events carry it', async () => {
    expect(await project(history)).toMatchObject({
      subtotalCents: 4200,
      shippingCents: 1000,
      totalCents: 5200,
      gstCents: 473,
      refundedCents: 0,
      items: [{ unitPriceCents: 4200, lineTotalCents: 4200 }],
    });
  });

  it('shows the spec Order at the edge with money as decimal strings, items, history and invoice', async () => {
    const order = adminOrderOf((await project(history)) as OrderDoc, null);
    expect(order).toMatchObject({
      id: '3',
      status: 'paid',
      customerName: 'Ada',
      shippingAddress: '1 Hay St, Unit 2, Perth WA 6000',
      subtotal: '42.00',
      shippingCost: '10.00',
      totalAmount: '52.00',
      gstIncluded: '4.73',
      totalCans: 8,
      invoiceNumber: 'INV-000001',
      paymentIntentId: 'pi_1',
      reservation: 'sold',
      needsReview: true,
      reviewReasons: ['check the amount'],
      items: [
        {
          id: '3-1',
          productId: 'p1',
          quantity: 8,
          packs: 1,
          unitPrice: '42.00',
          lineTotal: '42.00',
          product: { name: 'Swan Pale', style: 'Pale Ale', abv: 4.8 },
        },
      ],
      statusHistory: [
        { status: 'pending', at: '2026-11-23T01:00:00.000Z', by: 'customer' },
        { status: 'paid', at: '2026-11-23T01:02:00.000Z', by: 'system' },
      ],
    });
  });

  describe('an order priced with a discount code', () => {
    // $42.00 of beer, $10.00 shipping, 10% off the beer: $4.20 off, $47.80 charged, GST one eleventh of that.
    const discounted: OrderPlacedData = {
      ...placed,
      discount: { code: 'CLUB10', kind: 'percent', cents: 420, description: '10% off' },
      totalCents: 4780,
      gstCents: 435,
    };
    const discountedHistory = [recorded(0, { type: 'OrderPlaced', data: discounted }, 'customer'), ...history.slice(1)];

    it('keeps the code and what it took off, in cents, beside the undiscounted subtotal and the total charged', async () => {
      expect(await project(discountedHistory)).toMatchObject({
        subtotalCents: 4200,
        shippingCents: 1000,
        discount: { code: 'CLUB10', kind: 'percent', cents: 420, description: '10% off' },
        totalCents: 4780,
        gstCents: 435,
      });
    });

    it('shows the discount at the edge in dollars: the admin order and the customer’s order status', async () => {
      const doc = (await project(discountedHistory)) as OrderDoc;
      const view = { code: 'CLUB10', kind: 'percent', description: '10% off', amount: '4.20' };
      expect(adminOrderOf(doc, null)).toMatchObject({
        subtotal: '42.00',
        shippingCost: '10.00',
        discount: view,
        totalAmount: '47.80',
        gstIncluded: '4.35',
      });
      expect(orderStatusView(doc, '3.token', '12 Brewery Lane')).toMatchObject({
        subtotal: '42.00',
        shipping: '10.00',
        discount: view,
        total: '47.80',
        gstIncluded: '4.35',
      });
    });

    it('given an order without a code, or a document kept before codes, then the discount is null', async () => {
      const doc = (await project(history)) as OrderDoc;
      expect(doc.discount).toBeNull();
      const { discount: _none, ...older } = doc;
      for (const kept of [doc, older as OrderDoc]) {
        expect(adminOrderOf(kept, null).discount).toBeNull();
        expect(orderStatusView(kept, '3.token', '12 Brewery Lane').discount).toBeNull();
      }
    });

    it('changes nothing when every event arrives twice, or an older one after a newer', async () => {
      const once = await project(discountedHistory);
      expect(await project(discountedHistory.flatMap((event) => [event, event]))).toEqual(once);
      expect(await project([...discountedHistory, discountedHistory[0] as RecordedEvent])).toEqual(once);
    });
  });

  describe('a declined card', () => {
    const payment = (position: number, type: 'PaymentFailed' | 'PaymentAuthorised', minute: number): RecordedEvent => ({
      id: `p${position}`,
      streamName: 'payment-pi_1',
      revision: position,
      globalPosition: 200 + position,
      type,
      data: {
        paymentIntentId: 'pi_1',
        providerEventId: `evt_${position}`,
        orderId: '3',
        amountCents: 5200,
        currency: 'aud',
        at: '',
        ...(type === 'PaymentFailed' ? { failureCode: 'card_declined', failureMessage: 'Your card was declined.' } : {}),
      },
      metadata: { correlationId: 'c', causationId: null, actor: 'stripe', occurredAt: `2026-11-23T01:1${minute}:00.000Z` },
    });
    const pending = history.slice(0, 2);

    it("given a declined card, then the pending order says so, with the bank's words and when", async () => {
      expect((await project([...pending, payment(0, 'PaymentFailed', 1)]))?.paymentDeclined).toEqual({
        message: 'Your card was declined.',
        at: '2026-11-23T01:11:00.000Z',
      });
    });

    it('given another card accepted after it, then it no longer does; a decline delivered late never brings it back', async () => {
      expect((await project([...pending, payment(0, 'PaymentFailed', 1), payment(1, 'PaymentAuthorised', 2)]))?.paymentDeclined).toBeNull();
      expect((await project([...pending, payment(1, 'PaymentAuthorised', 2), payment(0, 'PaymentFailed', 1)]))?.paymentDeclined).toBeNull();
    });

    it('changes nothing when the decline arrives twice', async () => {
      const once = await project([...pending, payment(0, 'PaymentFailed', 1)]);
      expect(await project([...pending, payment(0, 'PaymentFailed', 1), payment(0, 'PaymentFailed', 1)])).toEqual(once);
    });
  });

  it('changes nothing when every event arrives twice', async () => {
    const twice = history.flatMap((event) => [event, event]);
    expect(await project(twice)).toEqual(await project(history));
  });

  it('changes nothing when an older event of the stream arrives after a newer one', async () => {
    const replayed = [...history, history[2], history[4]].filter((e): e is RecordedEvent => e !== undefined);
    expect(await project(replayed)).toEqual(await project(history));
  });

  it('hides a deleted pending order from the lists', async () => {
    const order = await project([
      recorded(0, { type: 'OrderPlaced', data: placed }, 'customer'),
      recorded(1, { type: 'OrderReservationReleased', data: { reason: 'order_deleted' } }, 'admin'),
      recorded(2, { type: 'OrderDeleted', data: { deletedAt: '2026-11-23T01:02:00.000Z' } }, 'admin'),
    ]);
    expect(order).toMatchObject({ status: 'cancelled', deleted: true, hidden: true, reservation: 'released' });
    expect(order?.statusHistory.at(-1)).toEqual({ status: 'cancelled', at: '2026-11-23T01:02:00.000Z', by: 'admin' });
  });

  it('hides a checkout cancelled at expiry, but keeps one that needs review in the lists', async () => {
    const expired = await project([
      recorded(0, { type: 'OrderPlaced', data: placed }, 'customer'),
      recorded(1, { type: 'OrderCancelled', data: { reason: 'expired', detail: 'The hold on its cans ran out before it was paid.' } }),
    ]);
    expect(expired).toMatchObject({ status: 'cancelled', cancelReason: 'expired', hidden: true, reservation: 'released' });
    const refused = await project([
      recorded(0, { type: 'OrderPlaced', data: placed }, 'customer'),
      recorded(1, { type: 'OrderNeedsReview', data: { reason: 'Card authorised for $0.01 AUD', paymentIntentId: 'pi_1' } }),
      recorded(2, { type: 'OrderCancelled', data: { reason: 'amount_mismatch', detail: 'another amount' } }),
    ]);
    expect(refused).toMatchObject({ status: 'cancelled', cancelReason: 'amount_mismatch', needsReview: true, hidden: false });
  });

  describe('status and tracking changes', () => {
    const changes: RecordedEvent[] = [
      ...history,
      recorded(5, { type: 'OrderStatusChanged', data: { from: 'paid', to: 'packed_awaiting_pickup' } }, 'admin'),
      recorded(6, { type: 'TrackingReferenceSet', data: { trackingReference: 'AP 123' } }, 'admin'),
      recorded(7, { type: 'OrderStatusChanged', data: { from: 'packed_awaiting_pickup', to: 'shipped' } }, 'admin'),
    ];

    it('records each change in the history with who made it and when, and the reference with its link', async () => {
      const order = await project(changes);
      expect(order).toMatchObject({
        status: 'shipped',
        trackingReference: 'AP 123',
        trackingUrl: 'https://auspost.com.au/mypost/track/details/AP%20123',
      });
      expect(order?.statusHistory).toEqual([
        { status: 'pending', at: '2026-11-23T01:00:00.000Z', by: 'customer' },
        { status: 'paid', at: '2026-11-23T01:02:00.000Z', by: 'system' },
        { status: 'packed_awaiting_pickup', at: '2026-11-23T01:05:00.000Z', by: 'admin' },
        { status: 'shipped', at: '2026-11-23T01:07:00.000Z', by: 'admin' },
      ]);
    });

    it('starts without a reference or a link', async () => {
      expect(await project(history)).toMatchObject({ trackingReference: null, trackingUrl: null });
    });

    it('changes nothing when every change arrives twice', async () => {
      expect(await project(changes.flatMap((event) => [event, event]))).toEqual(await project(changes));
    });

    it('changes nothing when an older change arrives after a newer one', async () => {
      const late = [...changes, changes[5], changes[6]].filter((e): e is RecordedEvent => e !== undefined);
      expect(await project(late)).toEqual(await project(changes));
    });
  });
});

describe('money the shop is giving back by itself, and cans sent back', () => {
  const paidOrder = history.slice(0, 4);
  const delivered = recorded(4, { type: 'OrderStatusChanged', data: { from: 'paid', to: 'delivered' } }, 'admin');
  const cancelled: RecordedEvent[] = [
    recorded(4, { type: 'PaidOrderCancelled', data: { paymentIntentId: 'pi_1', refundCents: 5200, keptReason: null } }, 'admin'),
    recorded(5, { type: 'OrderStatusChanged', data: { from: 'paid', to: 'cancelled' } }, 'admin'),
  ];
  const refunded = (revision: number, amountCents: number) =>
    recorded(revision, { type: 'OrderRefunded', data: { paymentIntentId: 'pi_1', refundId: `re_${revision}`, amountCents, note: '' } });

  it.each<[string, RecordedEvent[], number | undefined]>([
    ['a paid order: nothing on its way', paidOrder, undefined],
    ['a paid order cancelled: what remained paid is on its way', [...paidOrder, ...cancelled], 5200],
    ['its refund recorded: nothing on its way', [...paidOrder, ...cancelled, refunded(6, 5200)], 0],
    [
      'a refund of the operator recorded at the same moment, then the rest: nothing on its way',
      [...paidOrder, ...cancelled, refunded(6, 1000), refunded(7, 4200)],
      0,
    ],
    ['one of two refunds recorded: the rest on its way', [...paidOrder, ...cancelled, refunded(6, 1000)], 4200],
    [
      'cancelled with the payment kept: nothing on its way',
      [
        ...paidOrder,
        recorded(4, { type: 'PaidOrderCancelled', data: { paymentIntentId: 'pi_1', refundCents: 0, keptReason: 'Replacement' } }, 'admin'),
      ],
      0,
    ],
    [
      'the refund handed to the operator (flagged about the payment): nothing on its way',
      [
        ...paidOrder,
        ...cancelled,
        recorded(6, { type: 'OrderNeedsReview', data: { reason: 'The refund was refused 5 times', paymentIntentId: 'pi_1' } }),
      ],
      0,
    ],
    [
      'flagged about another payment: still on its way',
      [...paidOrder, ...cancelled, recorded(6, { type: 'OrderNeedsReview', data: { reason: 'Paid twice', paymentIntentId: 'pi_2' } })],
      5200,
    ],
  ])('given %s', async (_, events, underWay) => {
    expect((await project(events))?.refundUnderWayCents).toBe(underWay);
  });

  it('given every event delivered twice, or an older one again after a newer, then the same figures', async () => {
    const events = [...paidOrder, ...cancelled, refunded(6, 1000), refunded(7, 4200)];
    const once = await project(events);
    expect(once).toMatchObject({ refundedCents: 5200, refundUnderWayCents: 0 });
    expect(await project(events.flatMap((event) => [event, event]))).toEqual(once);
    expect(await project([...events, cancelled[0] as RecordedEvent, refunded(6, 1000)])).toEqual(once);
  });

  it('given cans sent back, then the order lists each return once, however often it is delivered', async () => {
    const returned = recorded(
      5,
      {
        type: 'OrderItemsReturned',
        data: {
          returnId: 'r1',
          items: [{ productId: 'p1', productName: 'Swan Pale', cans: 2, valueCents: 1050 }],
          refundCents: 1050,
          returnedAt: '2026-12-01T02:00:00.000Z',
        },
      },
      'admin',
    );
    const expected = [
      {
        returnId: 'r1',
        at: '2026-12-01T02:00:00.000Z',
        items: [{ productId: 'p1', productName: 'Swan Pale', cans: 2 }],
        refundCents: 1050,
      },
    ];
    expect((await project([...paidOrder, delivered, returned]))?.returns).toEqual(expected);
    expect((await project([...paidOrder, delivered, returned, returned, delivered]))?.returns).toEqual(expected);
  });
});
