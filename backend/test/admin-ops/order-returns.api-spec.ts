import { CatalogStock } from '../../src/modules/catalog';
import { createTestApp, type TestApp } from '../create-test-app';
import {
  cartLine,
  checkOut,
  customer,
  eventually,
  payWithCard,
  settle,
  streamEvents,
  type CheckoutAnswer,
} from '../checkout/checkout-fixtures';
import {
  SUCCEEDS,
  adminGet,
  adminOrder,
  adminPost,
  adminToken,
  outbox,
  ownBeer,
  paidOrder,
  pendingOrder,
  putTracking,
} from './admin-ops-fixtures';

interface ErrorBody {
  code: string;
  message: string;
}

/**
 * Money and stock decided on what has already happened: an order with its customer (shipped, delivered, collected)
 * is never cancelled; the cans a customer sends back are recorded as a return (back in stock, refunded on request);
 * refunds by cans of the order's lines; one order read alone; and Order Backups lists only money actually held.
 */
describe('returns, refunds by cans, one order, and money held', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const stockOf = async (productId: string) => (await t.app.get(CatalogStock).snapshot(productId))?.stock;
  const refunds = async (paymentIntentId: string) =>
    (await streamEvents(t, `payment-${paymentIntentId}`))
      .filter((e) => e.type === 'PaymentRefunded')
      .map((e) => (e.data as { amountCents: number }).amountCents);
  const orderEvents = async (orderId: string) => (await streamEvents(t, `order-${orderId}`)).length;
  const history = async (orderId: string) =>
    ((await adminGet(t, `/api/admin/orders/${orderId}/history`)).body as { summary: string }[]).map((e) => e.summary);
  const post = async (path: string, body: object, key?: string) => {
    const req = t
      .http()
      .post(path)
      .set('Authorization', `Bearer ${await adminToken(t)}`);
    return (key === undefined ? req : req.set('Idempotency-Key', key)).send(body);
  };
  const returnCans = (orderId: string, body: object, key?: string) => post(`/api/admin/orders/${orderId}/return`, body, key);
  const refund = (orderId: string, body: object, key?: string) => post(`/api/admin/orders/${orderId}/refund`, body, key);

  /** A paid delivery of an 8-pack of one beer ($34.00) and an 8-pack of another ($42.00). */
  async function paidTwoBeers(prefix: string): Promise<CheckoutAnswer & { pale: string; stout: string }> {
    const pale = await ownBeer(t, `${prefix}-pale`, { price8Pack: '34.00' });
    const stout = await ownBeer(t, `${prefix}-stout`);
    const answer = await checkOut(t, [cartLine(pale.id, pale.fields, '8pack', 1), cartLine(stout.id, stout.fields, '8pack', 1)]);
    expect((await payWithCard(t, answer, SUCCEEDS)).status).toBe(200);
    await eventually(async () => (await adminOrder(t, answer.orderId))?.invoiceNumber);
    return { ...answer, pale: pale.id, stout: stout.id };
  }

  /** A paid pickup of one 4-pack, handed over at the cellar door. */
  async function collectedPickup(productId: string): Promise<CheckoutAnswer> {
    const product = await ownBeer(t, productId);
    const res = await t
      .http()
      .post('/api/create-payment-intent')
      .send({
        cartItems: [cartLine(product.id, product.fields, '4pack', 1)],
        customerInfo: { name: customer.name, email: customer.email, phone: customer.phone },
        fulfilment: { method: 'pickup', pickupDate: '2026-11-28' },
      });
    expect(res.status).toBe(200);
    const answer = res.body as CheckoutAnswer;
    expect((await payWithCard(t, answer, SUCCEEDS)).status).toBe(200);
    await eventually(async () => (await adminOrder(t, answer.orderId))?.invoiceNumber);
    const handed = await adminPost(t, `/api/admin/orders/${answer.orderId}/collected`, { idChecked: true, idType: 'passport' });
    expect(handed.status).toBe(200);
    return answer;
  }

  describe('an order with its customer is not cancelled by the status form', () => {
    it.each([
      ['a pickup collected at the cellar door', 'was collected at the cellar door'],
      ['a shipped order', 'was shipped'],
      ['a delivered order', 'was delivered'],
    ])('given %s, when it is set to Cancelled, then 409 order_with_customer and nothing changes', async (what, how) => {
      const productId = `with-customer-${how.split(' ')[1] ?? 'x'}-${what.length}`;
      const order = what.startsWith('a pickup') ? await collectedPickup(productId) : await paidOrder(t, productId);
      if (!what.startsWith('a pickup')) {
        expect((await putTracking(t, order.orderId, { status: 'shipped', trackingReference: 'AP1' })).status).toBe(200);
        if (what === 'a delivered order')
          expect((await putTracking(t, order.orderId, { status: 'delivered', trackingReference: 'AP1' })).status).toBe(200);
      }
      await settle(t);
      const before = { events: await orderEvents(order.orderId), stock: await stockOf(productId), row: await adminOrder(t, order.orderId) };
      const mails = (await outbox(t)).length;

      for (const body of [
        { status: 'cancelled', trackingReference: 'AP1' },
        { status: 'cancelled', trackingReference: 'AP1', keepPaymentReason: 'Customer keeps the beer' },
      ]) {
        const res = await putTracking(t, order.orderId, body);
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({
          code: 'order_with_customer',
          message: `Order #${order.orderId} ${how}, so it cannot be cancelled: record a return of the cans the customer sends back, or a refund, instead`,
        });
      }
      await settle(t);
      expect(await orderEvents(order.orderId)).toBe(before.events);
      expect(await stockOf(productId)).toBe(before.stock);
      expect(await refunds(order.paymentIntentId)).toEqual([]);
      expect(await adminOrder(t, order.orderId)).toEqual(before.row);
      expect((await outbox(t)).length).toBe(mails);
    });
  });

  describe('POST /api/admin/orders/:id/return', () => {
    it('given a delivered order, when two of its cans come back refunded at their value, then 201 with the return, the cans back in stock, the refund made and e-mailed, and the history tells it', async () => {
      const order = await paidTwoBeers('return-value');
      await putTracking(t, order.orderId, { status: 'delivered', trackingReference: 'AP2' });
      expect(await stockOf(order.pale)).toBe(92);

      const res = await returnCans(order.orderId, { items: [{ productId: order.pale, cans: 2 }], refund: true }, 'return-value-1');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        message: `Recorded the return of 2 cans of Beer ${order.pale} from Order #${order.orderId} (back in stock); refunded $8.50 and the customer was e-mailed`,
        returnId: expect.any(String) as string,
        items: [{ productId: order.pale, productName: `Beer ${order.pale}`, cans: 2 }],
        refund: '8.50',
        refunded: '8.50',
        refundable: ((order.amount - 850) / 100).toFixed(2),
      });
      expect(await stockOf(order.pale)).toBe(94);
      expect(await refunds(order.paymentIntentId)).toEqual([850]);
      expect(await history(order.orderId)).toEqual(
        expect.arrayContaining([
          `Returned by the customer: 2 cans of Beer ${order.pale}; $8.50 to refund`,
          `2 cans of Beer ${order.pale} returned to stock (sent back by the customer)`,
          `Refunded $8.50 to the customer: Returned: 2 cans of Beer ${order.pale}`,
        ]),
      );
      await settle(t);
      expect((await outbox(t)).filter((e) => e.orderId === order.orderId && e.kind === 'order-refund')).toHaveLength(1);
      const row = (await adminGet(t, `/api/admin/orders/${order.orderId}`)).body as {
        returns: unknown[];
        refundedAmount: string;
        status: string;
      };
      expect(row).toMatchObject({
        status: 'delivered',
        refundedAmount: '8.50',
        returns: [{ items: [{ productId: order.pale, cans: 2 }], refund: '8.50' }],
      });

      // The same request again (a lost answer, a double click): the same return, nothing more.
      const again = await returnCans(order.orderId, { items: [{ productId: order.pale, cans: 2 }], refund: true }, 'return-value-1');
      expect(again.status).toBe(201);
      expect((again.body as { returnId: string }).returnId).toBe((res.body as { returnId: string }).returnId);
      await settle(t);
      expect(await stockOf(order.pale)).toBe(94);
      expect(await refunds(order.paymentIntentId)).toEqual([850]);

      // Another key with other cans under the first key is refused, changing nothing.
      const reused = await returnCans(order.orderId, { items: [{ productId: order.pale, cans: 1 }] }, 'return-value-1');
      expect([reused.status, (reused.body as ErrorBody).code]).toEqual([409, 'idempotency_key_reused']);
    });

    it('given a collected pickup, when a can comes back without a refund, then it is back in stock and no money moves; with an amount, that amount is refunded', async () => {
      const order = await collectedPickup('return-pickup');
      const none = await returnCans(order.orderId, { items: [{ productId: 'return-pickup', cans: 1 }] });
      expect(none.status).toBe(201);
      expect(none.body).toMatchObject({ refund: '0.00', refunded: '0.00', refundable: '22.00' });
      expect((none.body as { message: string }).message).toMatch(/; nothing refunded$/);
      expect(await stockOf('return-pickup')).toBe(97);
      expect(await refunds(order.paymentIntentId)).toEqual([]);

      const amount = await returnCans(order.orderId, { items: [{ productId: 'return-pickup', cans: 1 }], refund: '3.00' });
      expect(amount.status).toBe(201);
      expect(amount.body).toMatchObject({ refund: '3.00', refunded: '3.00', refundable: '19.00' });
      expect(await stockOf('return-pickup')).toBe(98);
      expect(await refunds(order.paymentIntentId)).toEqual([300]);
    });

    it.each<[string, (o: { orderId: string; productId: string }) => object, number, string]>([
      ['no items', () => ({ refund: true }), 400, 'invalid_items'],
      ['an empty list', () => ({ items: [] }), 400, 'invalid_items'],
      ['no whole number of cans', (o) => ({ items: [{ productId: o.productId, cans: 0 }] }), 400, 'invalid_items'],
      ['cans as text', (o) => ({ items: [{ productId: o.productId, cans: '1' }] }), 400, 'invalid_items'],
      ['an unknown field in an item', (o) => ({ items: [{ productId: o.productId, cans: 1, price: 1 }] }), 400, 'invalid_items'],
      [
        'a refund that is neither true, false nor dollars',
        (o) => ({ items: [{ productId: o.productId, cans: 1 }], refund: 'all' }),
        400,
        'invalid_refund',
      ],
      ['a beer the order does not hold', () => ({ items: [{ productId: 'not-in-it', cans: 1 }] }), 400, 'product_not_in_order'],
      ['more cans than it sold', (o) => ({ items: [{ productId: o.productId, cans: 5 }] }), 409, 'too_many_cans'],
      [
        'an amount above what was paid',
        (o) => ({ items: [{ productId: o.productId, cans: 1 }], refund: '500.00' }),
        409,
        'refund_too_large',
      ],
    ])('given a delivered order, when the return has %s, then it is refused and nothing changes', async (_, body, status, code) => {
      const productId = `return-bad-${code}-${status}-${Math.random().toString(36).slice(2, 7)}`;
      const order = await paidOrder(t, productId);
      await putTracking(t, order.orderId, { status: 'delivered', trackingReference: 'AP3' });
      const before = { events: await orderEvents(order.orderId), stock: await stockOf(productId) };
      const res = await returnCans(order.orderId, body({ orderId: order.orderId, productId }));
      expect([res.status, (res.body as ErrorBody).code]).toEqual([status, code]);
      expect((res.body as ErrorBody).message).toEqual(expect.any(String));
      await settle(t);
      expect(await orderEvents(order.orderId)).toBe(before.events);
      expect(await stockOf(productId)).toBe(before.stock);
      expect(await refunds(order.paymentIntentId)).toEqual([]);
    });

    it('refuses a return of an order not with its customer (409), of an unpaid order (409), of no order (404), and without a token (401)', async () => {
      const paid = await paidOrder(t, 'return-not-out');
      const notOut = await returnCans(paid.orderId, { items: [{ productId: 'return-not-out', cans: 1 }] });
      expect([notOut.status, (notOut.body as ErrorBody).code]).toEqual([409, 'order_not_with_customer']);
      expect((notOut.body as ErrorBody).message).toBe(
        `Order #${paid.orderId} is not with its customer (it is Paid): only cans of an order shipped, delivered or collected at the cellar door are returned; cancel it instead`,
      );
      const pending = await pendingOrder(t, 'return-unpaid');
      const unpaid = await returnCans(pending.orderId, { items: [{ productId: 'return-unpaid', cans: 1 }] });
      expect([unpaid.status, (unpaid.body as ErrorBody).code]).toEqual([409, 'order_not_paid']);
      const none = await returnCans('999999', { items: [{ productId: 'x', cans: 1 }] });
      expect([none.status, (none.body as ErrorBody).message]).toEqual([404, 'Order #999999 not found']);
      const anonymous = await t
        .http()
        .post(`/api/admin/orders/${paid.orderId}/return`)
        .send({ items: [{ productId: 'return-not-out', cans: 1 }] });
      expect(anonymous.status).toBe(401);
      expect(await stockOf('return-not-out')).toBe(96);
    });
  });

  describe('POST /api/admin/orders/:id/refund by cans', () => {
    it("given a paid order, when one can of its 8-pack is refunded, then the refund is priced from the order's line ($34.00 / 8), and every can refunds exactly the lines", async () => {
      const order = await paidTwoBeers('refund-cans');
      const one = await refund(order.orderId, { items: [{ productId: order.pale, cans: 1 }], note: 'Dented' }, 'refund-cans-1');
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({
        amount: '4.25',
        refunded: '4.25',
        message: `Refunded $4.25 of Order #${order.orderId}; the customer was e-mailed`,
      });
      expect(await history(order.orderId)).toContain(`Refunded $4.25 to the customer: 1 can of Beer ${order.pale}: Dented`);

      // The same key again: the same refund.
      expect((await refund(order.orderId, { items: [{ productId: order.pale, cans: 1 }] }, 'refund-cans-1')).body).toMatchObject({
        amount: '4.25',
      });
      const rest = await refund(order.orderId, {
        items: [
          { productId: order.pale, cans: 7 },
          { productId: order.stout, cans: 8 },
        ],
      });
      expect(rest.body).toMatchObject({ amount: '71.75', refunded: '76.00' });
      expect(await refunds(order.paymentIntentId)).toEqual([425, 7175]);
      // Shipping is refunded only by amount: every can was refunded, the shipping is what is left.
      expect(rest.body).toMatchObject({ refundable: ((order.amount - 7600) / 100).toFixed(2) });
    });

    it('given less left to refund than the cans are worth, then it refunds what is left', async () => {
      const order = await paidTwoBeers('refund-cans-capped');
      expect((await refund(order.orderId, { amount: ((order.amount - 300) / 100).toFixed(2) })).status).toBe(200);
      const capped = await refund(order.orderId, { items: [{ productId: order.pale, cans: 8 }] });
      expect(capped.body).toMatchObject({ amount: '3.00', refundable: '0.00' });
    });

    it.each<[string, (pale: string) => object, number, string]>([
      ['both an amount and items', (pale) => ({ amount: '1.00', items: [{ productId: pale, cans: 1 }] }), 400, 'invalid_refund'],
      ['items that are no list of cans', () => ({ items: 'all' }), 400, 'invalid_items'],
      ['a beer the order does not hold', () => ({ items: [{ productId: 'not-in-it', cans: 1 }] }), 400, 'product_not_in_order'],
      ['more cans than the order has', (pale) => ({ items: [{ productId: pale, cans: 9 }] }), 409, 'too_many_cans'],
    ])('refuses %s, refunding nothing', async (_, body, status, code) => {
      const order = await paidTwoBeers(`refund-cans-bad-${code}-${status}`);
      const res = await refund(order.orderId, body(order.pale));
      expect([res.status, (res.body as ErrorBody).code]).toEqual([status, code]);
      expect(await refunds(order.paymentIntentId)).toEqual([]);
    });

    it('refuses a refund by cans without a token (401)', async () => {
      const res = await t
        .http()
        .post('/api/admin/orders/1/refund')
        .send({ items: [{ productId: 'x', cans: 1 }] });
      expect(res.status).toBe(401);
    });
  });

  describe('GET /api/admin/orders/:id', () => {
    it('answers one order in the shape of its row of GET /api/admin/orders, by any spelling of its number', async () => {
      const order = await paidOrder(t, 'one-order');
      await settle(t);
      const row = await adminOrder(t, order.orderId);
      for (const spelling of [order.orderId, `%23${order.orderId}`, `00${order.orderId}`]) {
        const res = await adminGet(t, `/api/admin/orders/${spelling}`);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(row);
      }
      // The fixed paths beside it still answer as themselves.
      expect((await adminGet(t, `/api/admin/orders/search?q=${order.orderId}`)).body).toMatchObject({
        total: expect.any(Number) as number,
      });
    });

    it('answers 404 with the catalogue message for no such order, and 401 without a token', async () => {
      for (const asked of ['999999', 'not-a-number']) {
        const res = await adminGet(t, `/api/admin/orders/${asked}`);
        expect([res.status, (res.body as ErrorBody).code, (res.body as ErrorBody).message]).toEqual([
          404,
          'order_not_found',
          `Order #${asked} not found`,
        ]);
      }
      expect((await t.http().get('/api/admin/orders/1')).status).toBe(401);
    });

    it('given a paid order cancelled, then what it answers has the money as it stands: never offered again once it went back', async () => {
      const order = await paidOrder(t, 'one-order-cancelled');
      expect((await putTracking(t, order.orderId, { status: 'cancelled', trackingReference: 'TBA' })).status).toBe(200);
      const right = (await adminGet(t, `/api/admin/orders/${order.orderId}`)).body as { refundedAmount: string; refundUnderWay?: string };
      // Answered once the cancellation is shown: its refund is either on its way or made, never still to offer.
      const accounted = Math.round(Number(right.refundedAmount) * 100) + Math.round(Number(right.refundUnderWay ?? '0') * 100);
      expect(accounted).toBe(order.amount);
      await settle(t);
      expect((await adminGet(t, `/api/admin/orders/${order.orderId}`)).body).toMatchObject({
        status: 'cancelled',
        refundedAmount: (order.amount / 100).toFixed(2),
        refundUnderWay: '0.00',
      });
    });
  });

  describe('Order Backups lists only money actually held without a paid order', () => {
    it('given a paid order cancelled and refunded in full by the shop, then it is not listed as potentially missing, and the "Need Review" count leaves it out', async () => {
      const order = await paidOrder(t, 'backups-cancelled');
      expect((await putTracking(t, order.orderId, { status: 'cancelled', trackingReference: 'TBA' })).status).toBe(200);
      await settle(t);
      const body = (await adminGet(t, '/api/admin/order-backups')).body as {
        backups: { paymentIntentId: string; amountRefunded?: string; amountPaid: string }[];
        summary: { potentiallyMissing: { paymentIntentId: string }[] };
      };
      const backup = body.backups.find((b) => b.paymentIntentId === order.paymentIntentId);
      expect(backup).toMatchObject({ amountPaid: (order.amount / 100).toFixed(2), amountRefunded: (order.amount / 100).toFixed(2) });
      expect(body.summary.potentiallyMissing.map((b) => b.paymentIntentId)).not.toContain(order.paymentIntentId);
    });

    it('given a paid order cancelled with the payment kept, then the money is held and it is listed', async () => {
      const order = await paidOrder(t, 'backups-kept');
      await putTracking(t, order.orderId, { status: 'cancelled', trackingReference: 'TBA', keepPaymentReason: 'Settled by phone' });
      await settle(t);
      const body = (await adminGet(t, '/api/admin/order-backups')).body as {
        summary: { potentiallyMissing: { paymentIntentId: string }[] };
      };
      expect(body.summary.potentiallyMissing.map((b) => b.paymentIntentId)).toContain(order.paymentIntentId);
    });
  });
});
