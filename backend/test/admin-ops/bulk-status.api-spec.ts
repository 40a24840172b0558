import { createTestApp, type TestApp, FIRST_OWNER } from '../create-test-app';
import { cartLine, eventually, payWithCard, settle, streamEvents } from '../checkout/checkout-fixtures';
import { SUCCEEDS, adminOrder, adminPost, adminToken, outbox, ownBeer, paidOrder, pendingOrder, putTracking } from './admin-ops-fixtures';

// The test clock starts Monday 23 November 2026 in Perth: Saturday 28 November is open for pickups.
const OPEN_SATURDAY = '2026-11-28';

/** A paid cellar door pickup of one 4-pack, for a beer of its own. */
async function paidPickup(t: TestApp, productId: string): Promise<string> {
  const product = await ownBeer(t, productId);
  const res = await t
    .http()
    .post('/api/create-payment-intent')
    .send({
      cartItems: [cartLine(product.id, product.fields, '4pack', 1)],
      customerInfo: { name: 'Ada Lovelace', email: `${productId}@example.com`, phone: '0412 345 678' },
      fulfilment: { method: 'pickup', pickupDate: OPEN_SATURDAY },
    });
  if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
  const answer = res.body as { orderId: string; paymentIntentId: string; clientSecret: string; amount: number };
  expect((await payWithCard(t, answer, SUCCEEDS)).status).toBe(200);
  await eventually(async () => (await adminOrder(t, answer.orderId))?.invoiceNumber);
  return answer.orderId;
}

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
      applied: [a, b, c],
      skipped: [],
    });
    // And the read models show it at once, references kept
    expect(await adminOrder(t, a)).toMatchObject({ status: 'shipped', trackingReference: null });
    expect(await adminOrder(t, b)).toMatchObject({ status: 'shipped', trackingReference: 'AP-777' });
    expect((await adminOrder(t, b))?.statusHistory.at(-1)).toMatchObject({ status: 'shipped', by: FIRST_OWNER });
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
      applied: [a, b],
      skipped: [],
    });
  });

  it('applies to the orders it can and skips an unknown or deleted one, naming each with why, in one answer', async () => {
    const kept = (await paidOrder(t, 'bulk-refused')).orderId;
    const unknown = await adminPost(t, '/api/admin/orders/bulk-status', { orderIds: [kept, '999999'], status: 'shipped' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({
      message: '1 order set to Shipped and its customer was e-mailed. 1 skipped: Order #999999 not found',
      changed: [kept],
      unchanged: [],
      notified: 1,
      applied: [kept],
      skipped: [{ orderId: '999999', code: 'order_not_found', reason: 'Order #999999 not found' }],
    });
    expect(await adminOrder(t, kept)).toMatchObject({ status: 'shipped' });

    const gone = (await pendingOrder(t, 'bulk-deleted')).orderId;
    const deleted = await t
      .http()
      .delete(`/api/admin/orders/${gone}`)
      .set('Authorization', `Bearer ${await adminToken(t)}`);
    expect(deleted.status).toBe(200);
    const before = await streamEvents(t, `order-${gone}`);
    const skipped = await adminPost(t, '/api/admin/orders/bulk-status', { orderIds: [gone, kept], status: 'delivered' });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({
      changed: [kept],
      applied: [kept],
      skipped: [{ orderId: gone, code: 'order_deleted', reason: `Order #${gone} was deleted and can no longer be updated` }],
    });
    expect(await streamEvents(t, `order-${gone}`)).toHaveLength(before.length);
    expect(await adminOrder(t, kept)).toMatchObject({ status: 'delivered' });
  });

  it('skips an order not paid, or cancelled, and changes the others', async () => {
    const [kept, cancelled] = [(await paidOrder(t, 'bulk-unpaid-kept')).orderId, (await paidOrder(t, 'bulk-cancelled')).orderId];
    const unpaid = (await pendingOrder(t, 'bulk-unpaid')).orderId;
    await putTracking(t, cancelled, { status: 'cancelled', trackingReference: 'X-1', notifyCustomer: false });
    const res = await adminPost(t, '/api/admin/orders/bulk-status', {
      orderIds: [unpaid, kept, cancelled],
      status: 'packed_awaiting_pickup',
      notifyCustomer: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message:
        `1 order set to Packed - Awaiting Pickup and no customer was e-mailed. 2 skipped: Order #${unpaid} has not been paid, so it cannot be packed, shipped or delivered; ` +
        `Order #${cancelled} is cancelled (change it from its own form if it must go out)`,
      changed: [kept],
      unchanged: [],
      notified: 0,
      applied: [kept],
      skipped: [
        {
          orderId: unpaid,
          code: 'order_not_paid',
          reason: `Order #${unpaid} has not been paid, so it cannot be packed, shipped or delivered`,
        },
        {
          orderId: cancelled,
          code: 'order_cancelled',
          reason: `Order #${cancelled} is cancelled (change it from its own form if it must go out)`,
        },
      ],
    });
    expect(await adminOrder(t, unpaid)).toMatchObject({ status: 'pending' });
    expect(await adminOrder(t, cancelled)).toMatchObject({ status: 'cancelled' });
    expect(await adminOrder(t, kept)).toMatchObject({ status: 'packed_awaiting_pickup' });
  });

  it('given a dispatch day of posted orders and cellar door pickups, ships the posted ones and skips each pickup, saying why', async () => {
    const posted = [(await paidOrder(t, 'bulk-day-a')).orderId, (await paidOrder(t, 'bulk-day-b')).orderId];
    const pickups = [await paidPickup(t, 'bulk-day-pickup-a'), await paidPickup(t, 'bulk-day-pickup-b')];
    const res = await adminPost(t, '/api/admin/orders/bulk-status', {
      orderIds: [posted[0], pickups[0], posted[1], pickups[1]],
      status: 'shipped',
      notifyCustomer: false,
    });
    expect(res.status).toBe(200);
    const reason = (id: string) => `Order #${id} is collected at the cellar door, so it is never shipped`;
    expect(res.body).toEqual({
      message: `2 orders set to Shipped and no customer was e-mailed. 2 skipped: ${reason(pickups[0] as string)}; ${reason(pickups[1] as string)}`,
      changed: posted,
      unchanged: [],
      notified: 0,
      applied: posted,
      skipped: pickups.map((orderId) => ({ orderId, code: 'pickup_not_shipped', reason: reason(orderId) })),
    });
    for (const id of posted) expect(await adminOrder(t, id)).toMatchObject({ status: 'shipped' });
    for (const id of pickups) expect(await adminOrder(t, id)).toMatchObject({ status: 'paid' });

    // Packed suits both: every order takes it
    const packed = await adminPost(t, '/api/admin/orders/bulk-status', {
      orderIds: pickups,
      status: 'packed_awaiting_pickup',
      notifyCustomer: false,
    });
    expect(packed.body).toMatchObject({ applied: pickups, skipped: [] });
  });

  it('given only orders it cannot change, answers what each is, and changes nothing', async () => {
    const pickup = await paidPickup(t, 'bulk-none-pickup');
    const res = await adminPost(t, '/api/admin/orders/bulk-status', { orderIds: [pickup, '999998'], status: 'delivered' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: expect.stringMatching(
        /^Nothing changed\. 2 skipped: Order #\d+ is collected at the cellar door: it becomes Delivered when it is handed over/,
      ),
      changed: [],
      unchanged: [],
      applied: [],
      skipped: [
        { orderId: pickup, code: 'pickup_needs_hand_over' },
        { orderId: '999998', code: 'order_not_found', reason: 'Order #999998 not found' },
      ],
    });
    expect(await adminOrder(t, pickup)).toMatchObject({ status: 'paid' });
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
