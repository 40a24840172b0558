import { createTestApp, type TestApp } from '../create-test-app';
import { settle, streamEvents } from '../checkout/checkout-fixtures';
import { adminOrder, adminPost, adminToken, outbox, paidOrder, pendingOrder, putTracking } from './admin-ops-fixtures';

describe('POST /api/admin/orders/bulk-status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const statusEmails = async (orderIds: readonly string[]) =>
    (await outbox(t)).filter((e) => e.kind === 'order-status' && e.orderId !== null && orderIds.includes(e.orderId));

  it('sets one status on several orders, keeping each tracking reference, e-mailing each customer whose order changed', async () => {
    // Given three paid orders, one of them already with a reference and one already shipped
    const [a, b, c] = [
      (await paidOrder(t, 'bulk-a')).orderId,
      (await paidOrder(t, 'bulk-b')).orderId,
      (await paidOrder(t, 'bulk-c')).orderId,
    ] as [string, string, string];
    await putTracking(t, b, { status: 'paid', trackingReference: 'AP-777', notifyCustomer: false });
    await putTracking(t, c, { status: 'shipped', trackingReference: 'AP-888', notifyCustomer: false });

    // When the operator ships all three, telling their customers
    const res = await adminPost(t, '/api/admin/orders/bulk-status', { orderIds: [a, `#${b}`, c], status: 'shipped' });

    // Then two changed, one was already shipped, and the answer says so in words
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: '2 orders set to Shipped and their customers were e-mailed; 1 order was already Shipped',
      changed: [a, b],
      unchanged: [c],
      notified: 2,
    });
    // And the read models show it at once, references kept
    expect(await adminOrder(t, a)).toMatchObject({ status: 'shipped', trackingReference: null });
    expect(await adminOrder(t, b)).toMatchObject({ status: 'shipped', trackingReference: 'AP-777' });
    expect((await adminOrder(t, b))?.statusHistory.at(-1)).toMatchObject({ status: 'shipped', by: 'admin' });
    // And only the status was recorded on each order that moved
    expect((await streamEvents(t, `order-${a}`)).map((e) => e.type).slice(-1)).toEqual(['OrderStatusChanged']);
    // And one e-mail per changed order, none for the one that did not change, even after every process manager ran
    await settle(t);
    expect((await statusEmails([a, b, c])).map((e) => e.orderId).sort()).toEqual([a, b].sort());
  });

  it('without notifying: the orders change, nobody is e-mailed, and the answer says so', async () => {
    const a = (await paidOrder(t, 'bulk-quiet-a')).orderId;
    const b = (await paidOrder(t, 'bulk-quiet-b')).orderId;
    const res = await adminPost(t, '/api/admin/orders/bulk-status', {
      orderIds: [a, b],
      status: 'packed_awaiting_pickup',
      notifyCustomer: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: '2 orders set to Packed - Awaiting Pickup and no customer was e-mailed',
      changed: [a, b],
      notified: 0,
    });
    await settle(t);
    expect(await statusEmails([a, b])).toEqual([]);

    // And sent again, nothing changes and the answer says that too
    const again = await adminPost(t, '/api/admin/orders/bulk-status', { orderIds: [a, b], status: 'packed_awaiting_pickup' });
    expect(again.body).toEqual({
      message: 'Nothing changed: all 2 orders are already Packed - Awaiting Pickup',
      changed: [],
      unchanged: [a, b],
      notified: 0,
    });
  });

  it('refuses the whole list when an order is unknown or deleted, changing none of them', async () => {
    const kept = (await paidOrder(t, 'bulk-refused')).orderId;
    const unknown = await adminPost(t, '/api/admin/orders/bulk-status', { orderIds: [kept, '999999'], status: 'shipped' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Nothing was changed: no order #999999');

    const gone = (await pendingOrder(t, 'bulk-deleted')).orderId;
    const deleted = await t
      .http()
      .delete(`/api/admin/orders/${gone}`)
      .set('Authorization', `Bearer ${await adminToken(t)}`);
    expect(deleted.status).toBe(200);
    const refused = await adminPost(t, '/api/admin/orders/bulk-status', { orderIds: [kept, gone], status: 'shipped' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Nothing was changed: order #${gone} was deleted`);
    expect(await adminOrder(t, kept)).toMatchObject({ status: 'paid' });
  });

  it('refuses the whole list when an order has not been paid, or is cancelled, changing none of them', async () => {
    const kept = (await paidOrder(t, 'bulk-unpaid-kept')).orderId;
    const unpaid = (await pendingOrder(t, 'bulk-unpaid')).orderId;
    const refused = await adminPost(t, '/api/admin/orders/bulk-status', { orderIds: [kept, unpaid], status: 'shipped' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Nothing was changed: order #${unpaid} has not been paid, so it cannot be packed, shipped or delivered`,
    );
    await putTracking(t, kept, { status: 'cancelled', trackingReference: 'X-1', notifyCustomer: false });
    const cancelled = await adminPost(t, '/api/admin/orders/bulk-status', { orderIds: [kept], status: 'shipped' });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe(`Nothing was changed: order #${kept} is cancelled (change it from its own form if it must go out)`);
    expect(await adminOrder(t, unpaid)).toMatchObject({ status: 'pending' });
    expect(await adminOrder(t, kept)).toMatchObject({ status: 'cancelled' });
  });

  it.each<[string, object, string]>([
    ['no list', { status: 'shipped' }, 'orderIds must be a list of 1 to 200 order numbers'],
    ['an empty list', { orderIds: [], status: 'shipped' }, 'orderIds must be a list of 1 to 200 order numbers'],
    [
      'a list too long',
      { orderIds: Array.from({ length: 201 }, (_, i) => String(i + 1)), status: 'shipped' },
      'orderIds must be a list of 1 to 200 order numbers',
    ],
    [
      'something not an order number',
      { orderIds: ['1', 'x; drop'], status: 'shipped' },
      'orderIds must be a list of 1 to 200 order numbers',
    ],
    ['no status', { orderIds: ['1'] }, 'Choose the status to set'],
    [
      'an unknown status',
      { orderIds: ['1'], status: 'lost' },
      "Status must be one of: packed_awaiting_pickup, shipped, delivered (other changes are made from an order's own form)",
    ],
    [
      'a status that is no dispatch step (paid)',
      { orderIds: ['1'], status: 'paid' },
      "Status must be one of: packed_awaiting_pickup, shipped, delivered (other changes are made from an order's own form)",
    ],
    [
      'a status that is no dispatch step (cancelled)',
      { orderIds: ['1'], status: 'cancelled' },
      "Status must be one of: packed_awaiting_pickup, shipped, delivered (other changes are made from an order's own form)",
    ],
    [
      'a notify flag that is not a boolean',
      { orderIds: ['1'], status: 'shipped', notifyCustomer: 'yes' },
      'notifyCustomer must be true or false',
    ],
  ])('refuses %s with 400 and a clear message', async (_case, body, message) => {
    const res = await adminPost(t, '/api/admin/orders/bulk-status', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a request without the admin token', async () => {
    const res = await t
      .http()
      .post('/api/admin/orders/bulk-status')
      .send({ orderIds: ['1'], status: 'shipped' });
    expect(res.status).toBe(401);
  });
});
