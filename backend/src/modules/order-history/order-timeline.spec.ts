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
    ['OrderPaid', { amountCents: 6200 }, 'Order paid: $62.00'],
    ['InvoiceNumberAssigned', { invoiceNumber: 'INV-000007' }, 'Invoice INV-000007 issued'],
    ['OrderReservationReleased', { reason: 'payment_failed' }, 'Reserved cans released: payment failed'],
    ['PaymentFailed', { failureMessage: 'Your card was declined.' }, 'Payment provider reported a failure: Your card was declined.'],
    ['ShippingLabelCreated', { consignmentNumber: 'SSB123456785' }, 'Shipping label created: consignment SSB123456785'],
    ['EmailQueued', { subject: 'Your order #7' }, 'E-mail queued: “Your order #7”'],
    ['SomethingNewHappened', {}, 'Something New Happened'],
  ])('describes %s', (type, data, summary) => {
    expect(describeEvent({ type, data, streamName: 'order-7' })).toBe(summary);
  });

  it('names the product of a stock move', () => {
    expect(describeEvent({ type: 'StockSold', data: { quantity: 4 }, streamName: 'product-seed-quokka-pale-ale' })).toBe(
      '4 cans taken from stock (seed-quokka-pale-ale)',
    );
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
