import { Logger } from '@nestjs/common';
import { PGLITE_IN_MEMORY, PgliteEventStore, type EventStore } from '@brewery/eventstore';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
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
 * The store a bulk change writes through, on a real pipeline: a stream named in `failing` refuses its writes as a
 * store that stopped answering would.
 */
function unsteady(store: PgliteEventStore, failing: ReadonlySet<string>): EventStore {
  const wrapped = Object.create(store) as EventStore;
  wrapped.append = (streamName, ...rest) =>
    failing.has(streamName) ? Promise.reject(new Error('the store stopped answering')) : store.append(streamName, ...rest);
  return wrapped;
}

describe('bulk status: applies to the orders it can, skips the rest, each named with why', () => {
  let store: PgliteEventStore;
  let failing: Set<string>;
  let notify: jest.Mock;
  let bulk: BulkOrderStatus;
  let logged: jest.SpyInstance;
  const cause = { correlationId: 'c1', causationId: null, actor: 'admin' as const };

  const types = async (orderId: string) => (await store.readStream(`order-${orderId}`)).map((event) => event.type);

  beforeEach(async () => {
    store = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
    const given: [string, OrderEvent[]][] = [
      ['1', [placed('1'), paid(3200)]],
      ['2', [placed('2'), paid(3200)]],
      ['3', [placed('3', true), paid(2200)]],
      ['4', [placed('4')]],
    ];
    for (const [orderId, events] of given)
      await store.append(
        `order-${orderId}`,
        events.map((event) => ({
          ...event,
          metadata: { correlationId: 'c0', causationId: null, actor: 'customer', occurredAt: '2026-11-23T01:00:00.000Z' },
        })),
        { expectedRevision: 'no_stream' },
      );
    failing = new Set();
    const clock = { now: () => new Date('2026-11-24T01:00:00.000Z') };
    notify = jest.fn().mockResolvedValue({ queued: true, position: 2 });
    bulk = new BulkOrderStatus(
      new CommandPipeline(unsteady(store, failing), undefined, clock),
      { notify } as unknown as OrderUpdateNotifier,
      clock,
    );
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await store.close();
  });

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
    expect(await types('3')).toEqual(['OrderPlaced', 'OrderPaid']);
    expect((await store.readStream('order-1')).at(-1)).toMatchObject({ type: 'OrderStatusChanged', data: { to: 'shipped' } });
  });

  it('given an order whose change fails for an unexpected reason, then the others change, and it is reported and logged, not swallowed', async () => {
    failing.add('order-2');
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
    failing.add('order-1');
    failing.add('order-2');
    await expect(bulk.apply({ orderIds: ['1', '2'], status: 'shipped' }, cause)).rejects.toThrow('the store stopped answering');
    expect([await types('1'), await types('2')]).toEqual([
      ['OrderPlaced', 'OrderPaid'],
      ['OrderPlaced', 'OrderPaid'],
    ]);
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
