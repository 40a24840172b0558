import { MemoryDocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { OrderEvent, OrderItem, OrderPlacedData } from '../../orders/domain/order.events';
import { salesLinesOf } from '../domain/sales-line';
import { SALES_LINES, SALES_ORDERS, SalesLinesProjection, type SalesLineDoc, type SalesOrderDoc } from './sales-lines.projection';

const item = (orderId: string, n: number, change: Partial<OrderItem> = {}): OrderItem => ({
  id: `${orderId}-${n}`,
  productId: 'quokka',
  productName: 'Quokka Pale Ale',
  style: 'Pale Ale',
  abv: 4.8,
  packSize: '4pack',
  packQuantity: 4,
  packs: 2,
  quantity: 8,
  unitPriceCents: 2200,
  lineTotalCents: 4400,
  ...change,
});

const placed = (orderId: string, items: OrderItem[]): OrderEvent => {
  const data: OrderPlacedData = {
    orderId,
    customer: {
      name: 'Ada',
      email: 'ada@example.com',
      phone: '0412 345 678',
      addressLine1: '1 Hay St',
      addressLine2: null,
      suburb: 'Perth',
      postCode: '6000',
      state: 'WA',
    },
    items,
    subtotalCents: items.reduce((s, i) => s + i.lineTotalCents, 0),
    shippingCents: 1000,
    totalCents: items.reduce((s, i) => s + i.lineTotalCents, 1000),
    gstCents: 0,
    totalCans: items.reduce((s, i) => s + i.quantity, 0),
    estimatedDelivery: '3-5 business days',
    isPerthMetro: true,
    reservationExpiresAt: '2026-11-22T02:00:00.000Z',
    placedAt: '2026-11-22T01:30:00.000Z',
  };
  return { type: 'OrderPlaced', data };
};
const paid = (paidAt: string): OrderEvent => ({ type: 'OrderPaid', data: { paymentIntentId: 'pi_1', amountCents: 5400, paidAt } });

let position = 0;
/** Events of one order stream, numbered as the store would. */
function stream(orderId: string, events: OrderEvent[]): RecordedEvent[] {
  return events.map((event, revision) => ({
    id: `${orderId}-${revision}`,
    streamName: `order-${orderId}`,
    revision,
    globalPosition: position++,
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'c', causationId: null, actor: 'customer', occurredAt: '2026-11-22T01:30:00.000Z' },
  }));
}

describe('sales-lines projection', () => {
  const projection = new SalesLinesProjection();
  let store: MemoryDocumentStore;
  const apply = async (events: readonly RecordedEvent[], into = store): Promise<void> => {
    for (const event of events) await projection.apply(event, into);
  };
  const lines = (from = store): Promise<SalesLineDoc[]> => from.collection<SalesLineDoc>(SALES_LINES).find({}, { sort: { _id: 1 } });
  const orders = (from = store): Promise<SalesOrderDoc[]> => from.collection<SalesOrderDoc>(SALES_ORDERS).find({}, { sort: { _id: 1 } });

  beforeEach(() => {
    store = new MemoryDocumentStore();
  });

  // 12 paid at 15:59Z (Nov 22 in Perth), 13 paid at 16:00Z (Nov 23), 14 still pending, 15 cancelled, 16 deleted.
  const order12 = stream('12', [
    placed('12', [
      item('12', 1),
      item('12', 2, {
        productId: 'kolsch',
        productName: 'Kölsch',
        packSize: 'single',
        packQuantity: 1,
        packs: 3,
        quantity: 3,
        unitPriceCents: 650,
        lineTotalCents: 1950,
      }),
    ]),
    { type: 'PaymentIntentAttached', data: { paymentIntentId: 'pi_1' } },
    paid('2026-11-22T15:59:00.000Z'),
    { type: 'InvoiceNumberAssigned', data: { invoiceNumber: 'INV-1' } },
  ]);
  const order13 = stream('13', [placed('13', [item('13', 1)]), paid('2026-11-22T16:00:00.000Z')]);
  const order14 = stream('14', [placed('14', [item('14', 1)])]);
  const order15 = stream('15', [
    placed('15', [item('15', 1)]),
    { type: 'OrderCancelled', data: { reason: 'insufficient_stock', detail: 'x' } },
  ]);
  const order16 = stream('16', [
    placed('16', [item('16', 1)]),
    { type: 'OrderReservationReleased', data: { reason: 'order_deleted' } },
    { type: 'OrderDeleted', data: { deletedAt: '2026-11-22T02:00:00.000Z' } },
  ]);
  const all = [...order12, ...order13, ...order14, ...order15, ...order16].filter((e) => projection.eventTypes.includes(e.type as never));

  it('given paid orders, then there is one line per item, dated by the Perth day of the payment', async () => {
    await apply(all);
    expect((await lines()).map((l) => [l._id, l.date, l.productName, l.quantity, l.lineTotalCents])).toEqual([
      ['12-1', '2026-11-22', 'Quokka Pale Ale', 8, 4400],
      ['12-2', '2026-11-22', 'Kölsch', 3, 1950],
      ['13-1', '2026-11-23', 'Quokka Pale Ale', 8, 4400],
    ]);
    expect(await lines()).toContainEqual({
      _id: '12-2',
      id: '12-2',
      orderId: '12',
      orderNumber: 12,
      line: 2,
      paidAt: '2026-11-22T15:59:00.000Z',
      date: '2026-11-22',
      productId: 'kolsch',
      productName: 'Kölsch',
      style: 'Pale Ale',
      packSize: 'single',
      packQuantity: 1,
      packs: 3,
      quantity: 3,
      unitPriceCents: 650,
      lineTotalCents: 1950,
      fulfilment: 'delivery',
    });
  });

  it('given refunds of a paid order, then each is a negative line on the day it was made, once, never beyond the beer; a refund of money never counted as a sale is not', async () => {
    const refunded = (refundId: string, amountCents: number, note: string): OrderEvent => ({
      type: 'OrderRefunded',
      data: { paymentIntentId: 'pi_1', refundId, amountCents, note },
    });
    // $44.00 of beer and $10.00 shipping, refunded 12 + 8 + 34 (the last reaching into the shipping).
    const order17 = stream('17', [
      placed('17', [item('17', 1)]),
      paid('2026-11-22T03:00:00.000Z'),
      refunded('re_1', 1200, 'Dented'),
      refunded('re_2', 800, ''),
      refunded('re_4', 3400, 'The rest, with shipping'),
    ]);
    const order18 = stream('18', [
      placed('18', [item('18', 1)]),
      { type: 'OrderCancelled', data: { reason: 'sold_out', detail: '' } },
      refunded('re_3', 5400, 'Paid after it was cancelled'),
    ]);
    const events = [...order17, ...order18].filter((e) => projection.eventTypes.includes(e.type as never));
    await apply(events);
    await apply(events);
    expect((await lines()).map((l) => [l._id, l.line, l.date, l.productName, l.quantity, l.lineTotalCents, l.refund ?? false])).toEqual([
      ['17-1', 1, '2026-11-22', 'Quokka Pale Ale', 8, 4400, false],
      ['17-refund-re_1', 1001, '2026-11-22', 'Refund: Dented', 0, -1200, true],
      ['17-refund-re_2', 1002, '2026-11-22', 'Refund', 0, -800, true],
      ['17-refund-re_4', 1003, '2026-11-22', 'Refund: The rest, with shipping', 0, -2400, true],
    ]);
    // Refunded in full, the order's sales come to nothing: its shipping was never counted.
    expect((await lines()).filter((l) => l.orderId === '17').reduce((sum, l) => sum + l.lineTotalCents, 0)).toBe(0);
  });

  describe('orders priced with a discount code', () => {
    const withCode = (orderId: string, items: OrderItem[], discount: NonNullable<OrderPlacedData['discount']>): OrderEvent => {
      const event = placed(orderId, items) as Extract<OrderEvent, { type: 'OrderPlaced' }>;
      return { type: 'OrderPlaced', data: { ...event.data, discount, totalCents: event.data.totalCents - discount.cents } };
    };
    const refunded = (refundId: string, amountCents: number): OrderEvent => ({
      type: 'OrderRefunded',
      data: { paymentIntentId: 'pi_1', refundId, amountCents, note: '' },
    });
    // $44.00 of beer + $10.00 shipping, 10% off the beer: $4.40 off, $49.60 charged, then refunded in full.
    const order20 = stream('20', [
      withCode('20', [item('20', 1)], { code: 'CLUB10', kind: 'percent', cents: 440, description: '10% off' }),
      paid('2026-11-22T03:00:00.000Z'),
      refunded('re_20', 4960),
    ]);
    // Free shipping: $10.00 off the shipping, nothing off the beer.
    const order21 = stream('21', [
      withCode('21', [item('21', 1)], { code: 'SHIPFREE', kind: 'free_shipping', cents: 1000, description: 'Free shipping' }),
      paid('2026-11-22T04:00:00.000Z'),
    ]);
    const events = [...order20, ...order21].filter((e) => projection.eventTypes.includes(e.type as never));

    it('given a paid order, then its item lines stay undiscounted and the code is a negative line of its own on the day it was paid; free shipping takes nothing off the beer', async () => {
      await apply(events);
      expect(
        (await lines()).map((l) => [
          l._id,
          l.line,
          l.date,
          l.productName,
          l.quantity,
          l.lineTotalCents,
          l.discount ?? false,
          l.refund ?? false,
        ]),
      ).toEqual([
        ['20-1', 1, '2026-11-22', 'Quokka Pale Ale', 8, 4400, false, false],
        ['20-discount', 2, '2026-11-22', 'Discount (CLUB10, 10% off)', 0, -440, true, false],
        // Refunded in full: only the beer it paid for ($39.60) comes off again, never the shipping.
        ['20-refund-re_20', 1001, '2026-11-22', 'Refund', 0, -3960, false, true],
        ['21-1', 1, '2026-11-22', 'Quokka Pale Ale', 8, 4400, false, false],
      ]);
      expect((await lines()).filter((l) => l.orderId === '20').reduce((sum, l) => sum + l.lineTotalCents, 0)).toBe(0);
      expect((await orders()).find((o) => o._id === '20')).toMatchObject({ beerCents: 3960, beerRefundedCents: 3960 });
    });

    it('given the same events twice, or an older one after a newer, then nothing changes', async () => {
      await apply(events);
      const once = { lines: await lines(), orders: await orders() };
      for (const event of events) await apply([event, event]);
      await apply([...events].reverse());
      expect({ lines: await lines(), orders: await orders() }).toEqual(once);
    });

    it('given an order kept pending before codes were kept (no discount on its document), then it is paid as before', async () => {
      const [placedEvent, paidEvent] = stream('22', [placed('22', [item('22', 1)]), paid('2026-11-22T05:00:00.000Z')]);
      await apply([placedEvent!]);
      await store.collection<SalesOrderDoc>(SALES_ORDERS).updateOne({ _id: '22' }, { $unset: { discount: '' } });
      await apply([paidEvent!]);
      expect((await lines()).map((l) => l._id)).toEqual(['22-1']);
      expect((await orders())[0]).toMatchObject({ status: 'paid', beerCents: 4400 });
    });
  });

  it('given pending, cancelled and deleted orders, then none of them has a line and only the pending one counts as pending', async () => {
    await apply(all);
    expect((await lines()).filter((l) => ['14', '15', '16'].includes(l.orderId))).toEqual([]);
    expect((await orders()).map((o) => [o._id, o.status])).toEqual([
      ['12', 'paid'],
      ['13', 'paid'],
      ['14', 'pending'],
      ['15', 'void'],
      ['16', 'void'],
    ]);
  });

  it('given the same events twice, then nothing changes', async () => {
    await apply(all);
    const once = { lines: await lines(), orders: await orders() };
    await apply(all);
    for (const event of all) await apply([event, event]);
    expect({ lines: await lines(), orders: await orders() }).toEqual(once);
  });

  it('given an older event after a newer one of the same order, then nothing changes', async () => {
    await apply(all);
    const once = { lines: await lines(), orders: await orders() };
    await apply([...order12].reverse().filter((e) => projection.eventTypes.includes(e.type as never)));
    expect({ lines: await lines(), orders: await orders() }).toEqual(once);
  });

  it('given a crash after writing some lines but before recording the payment, then the redelivered payment writes the same lines', async () => {
    const [placedEvent, , paidEvent] = order12;
    await apply([placedEvent!]);
    const [first] = salesLinesOf('12', [item('12', 1)], '2026-11-22T15:59:00.000Z');
    await store.collection<SalesLineDoc>(SALES_LINES).replaceOne({ _id: first!.id, ...first! });
    await apply([paidEvent!]);
    const fresh = new MemoryDocumentStore();
    await apply([placedEvent!, paidEvent!], fresh);
    expect(await lines()).toEqual(await lines(fresh));
    expect((await orders())[0]).toMatchObject({ status: 'paid', revision: 2, items: [] });
  });

  it('rebuilt from the log, it equals the live read model', async () => {
    // Live: interleaved with repeats, as an at-least-once subscription may deliver.
    const shuffled = [...order13, ...order12, ...order14, ...order13, ...order16, ...order15, ...order12].filter((e) =>
      projection.eventTypes.includes(e.type as never),
    );
    await apply(shuffled);
    const rebuilt = new MemoryDocumentStore();
    await apply(all, rebuilt);
    expect(await lines(rebuilt)).toEqual(await lines());
    expect(await orders(rebuilt)).toEqual(await orders());
  });

  it('ignores streams of other categories', async () => {
    await apply(stream('12', [placed('12', [item('12', 1)])]).map((e) => ({ ...e, streamName: 'payment-pi_12' })));
    expect(await orders()).toEqual([]);
  });
});
