import type { RecordedEvent } from '@brewery/eventstore';
import { buildTimeline, describeEvent } from './order-timeline';

const event = (
  position: number,
  streamName: string,
  type: string,
  data: unknown,
  actor: RecordedEvent['metadata']['actor'] = 'system',
): RecordedEvent => ({
  id: `id-${position}`,
  streamName,
  revision: position,
  globalPosition: position,
  type,
  data,
  metadata: { correlationId: 'c', causationId: null, actor, occurredAt: `2026-11-22T00:00:0${position}.000Z` },
});

describe('order timeline', () => {
  it.each([
    [
      'OrderPlaced',
      { totalCans: 8, totalCents: 6200, shippingCents: 1200 },
      'Order placed at checkout: 8 cans, total $62.00 including $12.00 shipping',
    ],
    [
      'OrderPlaced',
      {
        totalCans: 8,
        totalCents: 5580,
        shippingCents: 1200,
        discount: { code: 'CLUB10', kind: 'percent', cents: 620, description: '10% off' },
      },
      'Order placed at checkout: 8 cans, total $55.80 including $12.00 shipping and a discount of $6.20 (CLUB10, 10% off)',
    ],
    ['OrderPaid', { amountCents: 6200 }, 'Order paid: $62.00'],
    [
      'OrderCollected',
      { idChecked: true, idType: 'wa_photo_card', collectedBy: 'Grace Hopper', collectedAt: '2026-12-05T03:00:00.000Z' },
      'Collected at the cellar door by Grace Hopper (WA Photo Card checked, 18+)',
    ],
    [
      'OrderCollected',
      { idChecked: true, idType: 'passport', collectedBy: null },
      'Collected at the cellar door by the customer (Passport checked, 18+)',
    ],
    ['InvoiceNumberAssigned', { invoiceNumber: 'INV-000007' }, 'Invoice INV-000007 issued'],
    ['OrderReservationReleased', { reason: 'payment_failed' }, 'Reserved cans released: payment failed'],
    ['PaymentFailed', { failureMessage: 'Your card was declined.' }, 'Payment provider reported a failure: Your card was declined.'],
    ['ShippingLabelCreated', { consignmentNumber: 'SSB123456785' }, 'Shipping label created: consignment SSB123456785'],
    ['EmailQueued', { subject: 'Your order #7' }, 'E-mail queued: “Your order #7”'],
    ['OrderStatusChanged', { from: 'paid', to: 'packed_awaiting_pickup' }, 'Status changed from Paid to Packed - Awaiting Pickup'],
    [
      'OrderStatusChanged',
      { from: 'shipped', to: 'pending', notifyCustomer: false },
      'Status changed from Shipped to Payment Pending (customer not e-mailed)',
    ],
    ['TrackingReferenceSet', { trackingReference: 'AP1' }, 'Tracking reference set to AP1'],
    ['TrackingReferenceSet', { trackingReference: 'AP1', notifyCustomer: false }, 'Tracking reference set to AP1 (customer not e-mailed)'],
    [
      'OrderItemsReturned',
      {
        returnId: 'r1',
        items: [
          { productId: 'p1', productName: 'Quokka Pale Ale', cans: 2, valueCents: 850 },
          { productId: 'p2', productName: 'Swan Stout', cans: 1, valueCents: 333 },
        ],
        refundCents: 1183,
      },
      'Returned by the customer: 2 cans of Quokka Pale Ale, 1 can of Swan Stout; $11.83 to refund',
    ],
    [
      'OrderItemsReturned',
      { returnId: 'r2', items: [{ productId: 'p1', productName: 'Quokka Pale Ale', cans: 1, valueCents: 425 }], refundCents: 0 },
      'Returned by the customer: 1 can of Quokka Pale Ale; nothing to refund',
    ],
    ['SomethingNewHappened', {}, 'Something New Happened'],
  ])('describes %s', (type, data, summary) => {
    expect(describeEvent({ type, data, streamName: 'order-7' })).toBe(summary);
  });

  describe('stock moves', () => {
    const names = new Map([['seed-quokka-pale-ale', 'Quokka Pale Ale']]);
    const onQuokka = (type: string, data: unknown, occurredAt = '2026-11-22T01:00:00.000Z') => ({
      type,
      data,
      streamName: 'product-seed-quokka-pale-ale',
      metadata: { occurredAt },
    });

    it.each([
      ['StockReserved', { quantity: 8, expiresAt: '2026-11-22T01:30:00.000Z' }, '8 cans of Quokka Pale Ale reserved for 30 minutes'],
      ['StockReserved', { quantity: 1, expiresAt: '2026-11-22T01:01:00.000Z' }, '1 can of Quokka Pale Ale reserved for 1 minute'],
      ['StockReserved', { quantity: 8, expiresAt: 'not a time' }, '8 cans of Quokka Pale Ale reserved'],
      [
        'StockReservationReleased',
        { quantity: 8, reason: 'payment_failed' },
        '8 cans of Quokka Pale Ale no longer reserved: payment failed',
      ],
      ['StockSold', { quantity: 4 }, '4 cans of Quokka Pale Ale taken from stock'],
      ['StockReturned', { quantity: 4 }, '4 cans of Quokka Pale Ale returned to stock (the order was cancelled)'],
      ['StockReturned', { quantity: 2, returnId: 'r1' }, '2 cans of Quokka Pale Ale returned to stock (sent back by the customer)'],
    ])('describes %s with the beer the order named: %j', (type, data, summary) => {
      expect(describeEvent(onQuokka(type, data), names)).toBe(summary);
    });

    it('falls back to the product id when the order did not name the beer', () => {
      expect(describeEvent(onQuokka('StockSold', { quantity: 4 }))).toBe('4 cans of seed-quokka-pale-ale taken from stock');
    });

    it('given an order placed with a beer, its timeline names that beer in the stock moves', () => {
      const timeline = buildTimeline([
        event(1, 'order-7', 'OrderPlaced', {
          totalCans: 4,
          totalCents: 3400,
          shippingCents: 1000,
          items: [{ productId: 'seed-quokka-pale-ale', productName: 'Quokka Pale Ale' }],
        }),
        event(2, 'product-seed-quokka-pale-ale', 'StockSold', { quantity: 4 }),
      ]);
      expect(timeline.map((t) => t.summary)).toEqual([
        'Order placed at checkout: 4 cans, total $34.00 including $10.00 shipping',
        '4 cans of Quokka Pale Ale taken from stock',
      ]);
    });
  });

  it('orders entries by global position, keeps each event once, and carries the actor', () => {
    const placed = event(1, 'order-7', 'OrderPlaced', { totalCans: 4, totalCents: 3400, shippingCents: 1000 }, 'customer');
    const paid = event(3, 'order-7', 'OrderPaid', { amountCents: 3400 });
    const succeeded = event(2, 'payment-pi_1', 'PaymentSucceeded', { amountCents: 3400 }, 'stripe');
    const timeline = buildTimeline([paid, placed, succeeded, placed]);
    expect(timeline.map((t) => [t.position, t.type, t.actor])).toEqual([
      [1, 'OrderPlaced', 'customer'],
      [2, 'PaymentSucceeded', 'stripe'],
      [3, 'OrderPaid', 'system'],
    ]);
  });
});
