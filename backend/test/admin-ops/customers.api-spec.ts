import { createTestApp, type TestApp } from '../create-test-app';
import { adminGet, adminPost, paidOrder, pendingOrder } from './admin-ops-fixtures';

describe('the customer view: GET /api/admin/customers/:email', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('given two paid orders (one partly refunded) and a pending one, then it lists the three newest first and counts what the paid ones took less the refund', async () => {
    const first = await paidOrder(t, 'customer-first');
    const second = await paidOrder(t, 'customer-second');
    const pending = await pendingOrder(t, 'customer-pending');
    expect((await adminPost(t, `/api/admin/orders/${first.orderId}/refund`, { amount: '5.00' })).status).toBe(200);

    // Any case finds the address the customer typed.
    const res = await adminGet(t, `/api/admin/customers/${encodeURIComponent('ADA@Example.com')}`);
    expect(res.status).toBe(200);
    const orders = (res.body as { orders: { id: string; totalAmount: string }[] }).orders;
    const total = (id: string) => Number(orders.find((o) => o.id === id)?.totalAmount);
    expect(res.body).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      phone: '0412 345 678',
      orderCount: 3,
      paidOrderCount: 2,
      totalSpent: (total(first.orderId) + total(second.orderId) - 5).toFixed(2),
      orders: [
        { id: pending.orderId, status: 'pending', paidAt: null, refundedAmount: '0.00' },
        { id: second.orderId, status: 'paid', refundedAmount: '0.00' },
        { id: first.orderId, status: 'paid', refundedAmount: '5.00' },
      ],
    });
    expect(res.body.lastOrderAt).toBe(res.body.orders[0].createdAt);
    expect(res.body.firstOrderAt).toBe(res.body.orders[2].createdAt);
  });

  it('answers 404 for an address with no orders, and 400 for something that is not an e-mail address', async () => {
    const none = await adminGet(t, '/api/admin/customers/nobody%40example.com');
    expect([none.status, none.body.message]).toEqual([404, 'No orders from nobody@example.com']);
    const bad = await adminGet(t, '/api/admin/customers/not-an-address');
    expect([bad.status, bad.body.message]).toEqual([400, 'Ask for a customer by e-mail address, such as ada@example.com']);
  });

  it('does not take a pattern for an address', async () => {
    expect((await adminGet(t, `/api/admin/customers/${encodeURIComponent('.*@.*')}`)).status).toBe(404);
  });

  it('answers 401 without the admin token', async () => {
    expect((await t.http().get('/api/admin/customers/ada%40example.com')).status).toBe(401);
  });
});
