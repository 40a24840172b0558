import { Logger } from '@nestjs/common';
import type { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { fold, type Decider } from '../../../shared-kernel/decider';
import type { OrderEvent, OrderPlacedData } from '../domain/order.events';
import type { OrderUpdateNotifier } from './order-update-notifier.service';
import { BulkOrderStatus } from './bulk-order-status.service';

/** A posted order, or a pickup, as placed at checkout. */
function placed(orderId: string, pickup = false): OrderEvent {
  const data = {
    orderId,
    customer: {
      name: 'Ada',
      email: 'ada@example.com',
      phone: '0412345678',
      addressLine1: pickup ? '' : '1 Hay St',
      addressLine2: null,
      suburb: pickup ? '' : 'Perth',
      postCode: pickup ? '' : '6000',
      state: 'WA',
    },
    items: [],
    subtotalCents: 2200,
    shippingCents: pickup ? 0 : 1000,
    totalCents: pickup ? 2200 : 3200,
    gstCents: 291,
    totalCans: 4,
    estimatedDelivery: '3-5 business days',
    isPerthMetro: true,
    reservationExpiresAt: '2026-11-23T01:30:00.000Z',
    placedAt: '2026-11-23T01:00:00.000Z',
    ...(pickup ? { fulfilment: { method: 'pickup', pickupDate: '2026-11-28' } } : {}),
  } as OrderPlacedData;
  return { type: 'OrderPlaced', data };
}

const paid = (cents: number): OrderEvent => ({
  type: 'OrderPaid',
  data: { paymentIntentId: 'pi_1', amountCents: cents, paidAt: '2026-11-23T01:05:00.000Z' },
});

/**
 * The command pipeline as far as a bulk change uses it: each order's stream folded and decided by the real order
 * decider, the new events kept; a stream named in `failing` throws as a store that stopped answering would.
 */
class StreamsInMemory {
  readonly streams = new Map<string, OrderEvent[]>();
  readonly failing = new Set<string>();

  async run(input: { streamName: string; decider: Decider<unknown, unknown, OrderEvent>; command: unknown }) {
    await Promise.resolve();
    if (this.failing.has(input.streamName)) throw new Error('the store stopped answering');
    const history = this.streams.get(input.streamName) ?? [];
    const events = input.decider.decide(input.command, fold(input.decider, history));
    const after = [...history, ...events];
    this.streams.set(input.streamName, after);
    return { events, state: fold(input.decider, after), revision: after.length - 1, position: events.length > 0 ? 1 : null };
  }
}

describe('bulk status: applies to the orders it can, skips the rest, each named with why', () => {
  let streams: StreamsInMemory;
  let notify: jest.Mock;
  let bulk: BulkOrderStatus;
  let logged: jest.SpyInstance;
  const cause = { correlationId: 'c1', causationId: null, actor: 'admin' as const };

  beforeEach(() => {
    streams = new StreamsInMemory();
    streams.streams.set('order-1', [placed('1'), paid(3200)]);
    streams.streams.set('order-2', [placed('2'), paid(3200)]);
    streams.streams.set('order-3', [placed('3', true), paid(2200)]);
    streams.streams.set('order-4', [placed('4')]);
    notify = jest.fn().mockResolvedValue({ queued: true, position: 2 });
    bulk = new BulkOrderStatus(streams as unknown as CommandPipeline, { notify } as unknown as OrderUpdateNotifier, {
      now: () => new Date('2026-11-24T01:00:00.000Z'),
    });
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('given posted orders, a pickup and an unpaid order, when they are shipped, then the posted ones ship and the others are skipped by the decider', async () => {
    const outcome = await bulk.apply({ orderIds: ['3', '1', '4', '2'], status: 'shipped' }, cause);
    expect(outcome).toEqual({
      message:
        '2 orders set to Shipped and their customers were e-mailed. 2 skipped: Order #3 is collected at the cellar door, so it is never shipped; ' +
        'Order #4 has not been paid, so it cannot be packed, shipped or delivered',
      changed: ['1', '2'],
      unchanged: [],
      notified: 2,
      applied: ['1', '2'],
      skipped: [
        { orderId: '3', code: 'pickup_not_shipped', reason: 'Order #3 is collected at the cellar door, so it is never shipped' },
        { orderId: '4', code: 'order_not_paid', reason: 'Order #4 has not been paid, so it cannot be packed, shipped or delivered' },
      ],
    });
    expect(streams.streams.get('order-3')?.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPaid']);
    expect(streams.streams.get('order-1')?.at(-1)).toMatchObject({ type: 'OrderStatusChanged', data: { to: 'shipped' } });
  });

  it('given an order whose change fails for an unexpected reason, then the others change, and it is reported and logged, not swallowed', async () => {
    streams.failing.add('order-2');
    const outcome = await bulk.apply({ orderIds: ['1', '2'], status: 'shipped', notifyCustomer: false }, cause);
    expect(outcome).toMatchObject({
      applied: ['1'],
      skipped: [
        {
          orderId: '2',
          code: 'bulk_step_failed',
          reason: 'Order #2 was not changed: something went wrong in the shop (its log says what). Try it again',
        },
      ],
    });
    expect(outcome.message).toBe(
      '1 order set to Shipped and no customer was e-mailed. 1 skipped: Order #2 was not changed: something went wrong in the shop (its log says what). Try it again',
    );
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('the store stopped answering'));
  });

  it('given every order failing for an unexpected reason, then nothing is written and the request fails as a whole', async () => {
    streams.failing.add('order-1');
    streams.failing.add('order-2');
    await expect(bulk.apply({ orderIds: ['1', '2'], status: 'shipped' }, cause)).rejects.toThrow('the store stopped answering');
  });

  it('given the e-mail cannot be queued after a change, then the change stands and counts (the process manager queues the e-mail)', async () => {
    notify.mockRejectedValueOnce(new Error('outbox full'));
    const outcome = await bulk.apply({ orderIds: ['1', '2'], status: 'delivered' }, cause);
    expect(outcome).toMatchObject({ changed: ['1', '2'], notified: 2, applied: ['1', '2'], skipped: [] });
  });

  it('given an order the shop does not know, then the reason names it', async () => {
    const outcome = await bulk.apply({ orderIds: ['1', '99'], status: 'packed_awaiting_pickup' }, cause);
    expect(outcome.skipped).toEqual([{ orderId: '99', code: 'order_not_found', reason: 'Order #99 not found' }]);
  });
});
