import { StoreWrites } from '../../src/platform/event-sourcing/store-writes';
import { ReservationExpiry } from '../../src/modules/checkout/reservation-expiry/reservation-expiry.service';
import { createTestApp, type TestApp } from '../create-test-app';
import { cartLine, checkOut, customer, settle } from '../checkout/checkout-fixtures';
import { adminGet, ownBeer, paidOrder, pendingOrder, putTracking } from './admin-ops-fixtures';

interface StatusBody {
  email_system: { status: string; detail: string };
  stripe_system: { status: string; mode: string; detail: string };
  event_store: { status: string; adapter: string; detail: string; writes_failing: { since: string; message: string } | null };
  read_models: {
    status: string;
    adapter: string;
    lag: number;
    subscribers: { name: string; kind: string; lag: number; lastError: string | null }[];
  };
  recent_activity: { orders_last_24h: number; pending_orders: number; paid_orders: number };
  inventory_alerts: { critical_stock_count: number; critical_products: { name: string; inventory: number }[] };
  automation_issues: {
    orders_needing_attention: {
      id: string;
      customerName: string;
      customerEmail: string;
      status: string;
      invoiceNumber: string | null;
      totalAmount: string;
      createdAt: string;
      issue: string;
    }[];
    payments_without_order: unknown[];
    expired_reservations: { orderId: string; expiredAt: string }[];
    failed_emails: unknown[];
  };
  background_work: { holder: string | null; this_process: boolean };
  software: { node: string };
  timestamp: string;
}

const HOUR = 60 * 60 * 1000;

describe('GET /api/admin/system-status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // This test moves the clock on purpose: the minute sweep must not release reservations behind its back.
    await t.app.get(ReservationExpiry).onApplicationShutdown();
  });
  afterAll(async () => {
    await t.close();
  });

  const status = async (): Promise<StatusBody> => {
    const res = await adminGet(t, '/api/admin/system-status');
    expect(res.status).toBe(200);
    return res.body as StatusBody;
  };
  const attention = async (orderId: string) => (await status()).automation_issues.orders_needing_attention.find((o) => o.id === orderId);

  it('answers the spec fields (snake_case) with the health of every port, from the server clock', async () => {
    await settle(t);
    const body = await status();
    expect(Object.keys(body).sort()).toEqual(
      [
        'automation_issues',
        'background_work',
        'email_system',
        'event_store',
        'inventory_alerts',
        'read_models',
        'recent_activity',
        'software',
        'stripe_system',
        'timestamp',
      ].sort(),
    );
    expect(body.email_system).toEqual({ status: 'ok', detail: expect.stringContaining('outbox') });
    expect(body.stripe_system).toEqual({ status: 'ok', mode: 'test', detail: expect.any(String) });
    expect(body.event_store).toEqual({ status: 'ok', adapter: 'pglite', detail: expect.any(String), writes_failing: null });
    // This process holds the lease: it runs the work that must happen once.
    expect(body.background_work).toEqual({ holder: expect.any(String), this_process: true });
    expect(body.software).toEqual({ node: process.version });
    expect(body.read_models).toMatchObject({ status: 'ok', adapter: 'memory', lag: 0 });
    expect(body.read_models.subscribers.map((s) => s.name)).toEqual(
      expect.arrayContaining(['read-models', 'payment-completion', 'email-sender', 'order-update-email']),
    );
    expect(body.read_models.subscribers.every((s) => s.lag === 0 && s.lastError === null)).toBe(true);
    expect(Object.keys(body.automation_issues).sort()).toEqual([
      'expired_reservations',
      'failed_emails',
      'orders_needing_attention',
      'payments_without_order',
      'stale_payments',
    ]);
    expect(body.timestamp).toBe(t.clock.now.toISOString());
  });

  it('given the store refusing writes (a full disk), then the event store is in error, saying since when and why, until a write goes through', async () => {
    const writes = t.app.get(StoreWrites);
    writes.failed(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
    try {
      const refusing = (await status()).event_store;
      expect(refusing).toMatchObject({
        status: 'error',
        writes_failing: { since: expect.any(String), message: expect.stringContaining('the disk is full') },
      });
    } finally {
      writes.succeeded();
    }
    expect((await status()).event_store).toMatchObject({ status: 'ok', writes_failing: null });
  });

  it('counts recent orders, pending and paid, and lists live products with 5 cans or fewer to sell', async () => {
    const before = (await status()).recent_activity;
    await paidOrder(t, 'status-paid');
    await pendingOrder(t, 'status-pending');
    await ownBeer(t, 'status-five', { name: 'Five Left', inventory: 5 });
    await ownBeer(t, 'status-six', { name: 'Six Left', inventory: 6 });
    await ownBeer(t, 'status-archived', { name: 'Archived Two', inventory: 2, archived: true });
    await ownBeer(t, 'status-draft', { name: 'Draft One', inventory: 1, isActive: false });
    // Nine in stock, four held by a pending checkout: five left to sell.
    const held = await ownBeer(t, 'status-held', { name: 'Held Nine', inventory: 9 });
    // Another shopper: a checkout with the same e-mail address from here would replace the pending one above.
    await checkOut(t, [cartLine(held.id, held.fields, '4pack', 1)], { ...customer, email: 'held.shopper@example.com' });

    const body = await status();

    expect(body.recent_activity).toEqual({
      orders_last_24h: before.orders_last_24h + 3,
      pending_orders: before.pending_orders + 2,
      paid_orders: before.paid_orders + 1,
    });
    expect(body.inventory_alerts.critical_products).toEqual([
      { name: 'Five Left', inventory: 5 },
      { name: 'Held Nine', inventory: 5 },
    ]);
    expect(body.inventory_alerts.critical_stock_count).toBe(2);
  });

  it('lists an expired reservation once its time has passed', async () => {
    const { orderId } = await pendingOrder(t, 'status-expiring');
    expect((await status()).automation_issues.expired_reservations.map((r) => r.orderId)).not.toContain(orderId);
    t.clock.advance(31 * 60 * 1000);
    expect((await status()).automation_issues.expired_reservations).toContainEqual({ orderId, expiredAt: expect.any(String) });
  });

  it('flags a paid order still not dispatched after the first Mon/Wed/Thu following payment (Perth time)', async () => {
    // Given an order paid on Monday 23 Nov at 09:31 Perth (the test clock starts Monday 09:00 Perth)
    t.clock.now = new Date('2026-11-23T01:31:00.000Z');
    const { orderId } = await paidOrder(t, 'status-dispatch');
    const packedLater = await paidOrder(t, 'status-dispatch-packed');
    await putTracking(t, packedLater.orderId, { status: 'packed_awaiting_pickup', trackingReference: 'AP-7' });
    const shippedInTime = await paidOrder(t, 'status-dispatch-shipped');

    // Then Tuesday, and all of Wednesday in Perth, it is on time
    t.clock.now = new Date('2026-11-24T04:00:00.000Z');
    expect(await attention(orderId)).toBeUndefined();
    t.clock.now = new Date('2026-11-25T15:59:59.000Z');
    await putTracking(t, shippedInTime.orderId, { status: 'shipped', trackingReference: 'AP-8' });
    expect(await attention(orderId)).toBeUndefined();

    // When Wednesday ends in Perth (16:00 UTC), the paid and the packed order are late, the shipped one is not
    t.clock.now = new Date('2026-11-25T16:00:00.000Z');
    const body = await status();
    const late = body.automation_issues.orders_needing_attention;
    expect(late.find((o) => o.id === orderId)).toEqual({
      id: orderId,
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      status: 'paid',
      invoiceNumber: expect.stringMatching(/^INV-\d{6}$/),
      totalAmount: '32.00',
      createdAt: '2026-11-23T01:31:00.000Z',
      issue: 'Not dispatched on Wed 25 Nov (the first dispatch day after payment); still Paid',
    });
    expect(late.find((o) => o.id === packedLater.orderId)?.issue).toBe(
      'Not dispatched on Wed 25 Nov (the first dispatch day after payment); still Packed - Awaiting Pickup',
    );
    expect(late.find((o) => o.id === shippedInTime.orderId)).toBeUndefined();
    expect(body.timestamp).toBe('2026-11-25T16:00:00.000Z');

    // And once it ships, it leaves the list
    await putTracking(t, orderId, { status: 'shipped', trackingReference: 'AP-9' });
    expect(await attention(orderId)).toBeUndefined();
  });

  it('counts only the last 24 hours of orders', async () => {
    t.clock.advance(25 * HOUR);
    expect((await status()).recent_activity.orders_last_24h).toBe(0);
  });

  it('refuses a caller without the admin token: the status, Auto-Fix and the rebuild the System tab offers', async () => {
    expect((await t.http().get('/api/admin/system-status')).status).toBe(401);
    expect((await t.http().post('/api/admin/auto-fix').send({})).status).toBe(401);
    expect((await t.http().post('/api/admin/rebuild-read-models').send({})).status).toBe(401);
  });
});
