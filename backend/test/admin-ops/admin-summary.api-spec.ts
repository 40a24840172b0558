import { nextDispatchDay, type AdminSummary } from '@brewery/shop-rules';
import { createTestApp, type TestApp } from '../create-test-app';
import { eventually } from '../checkout/checkout-fixtures';
import { adminGet, adminPost, outbox, ownBeer, paidOrder, pendingOrder } from './admin-ops-fixtures';

type Summary = AdminSummary;

describe('the day at a glance: GET /api/admin/summary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const summary = async (): Promise<Summary> => {
    const res = await adminGet(t, '/api/admin/summary');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.body as Summary;
  };

  it('given an empty shop, then nothing to dispatch, no money, and the next dispatch day from today', async () => {
    const empty = await summary();
    expect(empty).toMatchObject({ toDispatch: 0, pendingCheckouts: 0, needsReview: 0, revenueToday: '0.00', revenueThisWeek: '0.00' });
    expect(empty.nextDispatchDay).toBe(nextDispatchDay(empty.today));
    expect(empty.tabCounts).toEqual({ 'pending-orders': 0, 'active-orders': 0 });
  });

  it('given two paid orders (one shipped), a pending checkout and a beer running low, then it counts each and lists the beer', async () => {
    const first = await paidOrder(t, 'summary-first');
    const second = await paidOrder(t, 'summary-second');
    await pendingOrder(t, 'summary-pending');
    await ownBeer(t, 'summary-low', { inventory: 3 });
    expect(
      (await adminPost(t, '/api/admin/orders/bulk-status', { orderIds: [second.orderId], status: 'shipped', notifyCustomer: false }))
        .status,
    ).toBe(200);

    const now = await eventually(async () => {
      const read = await summary();
      return read.toDispatch === 1 && read.revenueToday !== '0.00' ? read : undefined;
    });
    expect(now).toMatchObject({ toDispatch: 1, pendingCheckouts: 1, tabCounts: { 'pending-orders': 1, 'active-orders': 2 } });
    // Beer sold today (shipping is not beer revenue): two 4-packs.
    expect(Number(now.revenueToday)).toBeGreaterThan(0);
    expect(now.revenueThisWeek).toBe(now.revenueToday);
    expect(now.lowStock).toContainEqual({ productId: 'summary-low', name: 'Beer summary-low', available: 3, level: 'CRITICAL' });
    expect(first.orderId).not.toBe(second.orderId);
  });

  it('answers 401 without the admin token', async () => {
    expect((await t.http().get('/api/admin/summary')).status).toBe(401);
  });
});

describe('NEW_ORDER_EMAIL: the shop hears of each paid order', () => {
  it.each([
    ['on', 1],
    ['off', 0],
  ])('with NEW_ORDER_EMAIL=%s, a paid order e-mails the shop %i time(s), never the customer', async (setting, count) => {
    const t = await createTestApp({ NEW_ORDER_EMAIL: setting });
    try {
      const paid = await paidOrder(t, `alert-${setting}`);
      const emails = await eventually(async () => {
        const found = (await outbox(t)).filter((e) => e.orderId === paid.orderId);
        return found.some((e) => e.kind === 'order-confirmation') ? found : undefined;
      });
      const alerts = emails.filter((e) => e.kind === 'new-order-alert');
      expect(alerts).toHaveLength(count);
      for (const alert of alerts) {
        expect(alert.to).toBe(t.config.shop.email);
        expect(alert.subject).toMatch(new RegExp(`^New order #${paid.orderId}: \\$\\d+\\.\\d{2}, 4 cans$`));
      }
    } finally {
      await t.close();
    }
  });
});
