import { ReservationExpiry } from '../../src/modules/checkout/reservation-expiry/reservation-expiry.service';
import { PAYMENT_GATEWAY } from '../../src/modules/payments/gateway/payment-gateway.port';
import { testIntentStreamName } from '../../src/modules/payments/domain/test-intent';
import type { TestPaymentGateway } from '../../src/modules/payments/gateway/test-payment-gateway';
import { createTestApp, type TestApp } from '../create-test-app';
import {
  beer,
  cartLine,
  customer,
  payWithCard,
  paymentStatusOf,
  seedProduct,
  settle,
  streamEvents,
  type CheckoutAnswer,
} from './checkout-fixtures';

const SUCCEEDS = '4242 4242 4242 4242';

/**
 * A newer checkout from the same browser (or the same client address with the same e-mail address) ends the
 * older one only once it is priced and holds its cans: refused for any reason, it leaves the older one holding
 * its cans and its payment open. The customer's own earlier hold counts as free for it, so the last cans of a
 * beer can be checked out again with other details. A card that went through is never voided by a newer
 * checkout: from the same browser the newer one is refused, and the older order completes.
 */
describe('checkout: superseded only on success', () => {
  let t: TestApp;
  const stout = beer('Supersede Stout', { inventory: 32 });
  let stoutId: string;

  beforeAll(async () => {
    // Every case moves the clock past the holds: the admin's session lasts the whole run.
    t = await createTestApp({ TRUST_PROXY: 'loopback', CHECKOUT_HOLDS_PER_CLIENT: '2', ADMIN_TOKEN_TTL_SECONDS: '86400' });
    stoutId = await seedProduct(t, 'supersede-stout', stout);
  });
  afterAll(async () => {
    await t.close();
  });

  interface Answer {
    status: number;
    body: CheckoutAnswer & { code?: string; message?: string };
    cookie: string;
  }

  async function checkOut(
    from: { client: string; cookie?: string },
    cartItems: unknown[],
    info = customer,
    extra: Record<string, unknown> = {},
  ): Promise<Answer> {
    const req = t.http().post('/api/create-payment-intent').set('X-Forwarded-For', from.client);
    if (from.cookie !== undefined) req.set('Cookie', from.cookie);
    const res = await req.send({ cartItems, customerInfo: info, ...extra });
    const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    return { status: res.status, body: res.body as Answer['body'], cookie: from.cookie ?? cookie };
  }

  const packs = (n: number) => [cartLine(stoutId, stout, '16pack', n)];

  async function stock(): Promise<number> {
    return ((await t.http().get(`/api/products/${stoutId}`)).body as { inventory: number }).inventory;
  }

  async function orderEvents(orderId: string): Promise<string[]> {
    return (await streamEvents(t, `order-${orderId}`)).map((event) => event.type);
  }

  /** The operator cancels a paid order: refunded, and its cans back on the shelf for the next case. */
  async function cancelPaid(orderId: string): Promise<void> {
    await t
      .http()
      .put(`/api/admin/orders/${orderId}/tracking`)
      .set('Authorization', `Bearer ${await t.adminToken()}`)
      .send({ trackingReference: 'TBA', status: 'cancelled' })
      .expect(200);
  }

  async function endAll(): Promise<void> {
    t.clock.now = new Date(t.clock.now.getTime() + 31 * 60_000);
    await t.app.get(ReservationExpiry).releaseExpired();
    await settle(t);
    expect(await stock()).toBe(32);
  }

  const refusals: { refused: string; code: string; cartItems: () => unknown[] }[] = [
    { refused: 'an unknown beer', code: 'product_not_found', cartItems: () => [cartLine('no-such-beer', stout, '16pack', 1)] },
    { refused: 'a changed price', code: 'prices_changed', cartItems: () => [{ ...cartLine(stoutId, stout, '16pack', 1), price: 1 }] },
    { refused: 'an incomplete pack', code: 'invalid_pack', cartItems: () => [cartLine(stoutId, stout, 'single', 3)] },
    { refused: 'more cans than are left', code: 'insufficient_stock', cartItems: () => packs(3) },
  ];

  describe.each([
    { from: 'the same browser', sameBrowser: true },
    { from: 'the same client address with the same e-mail address', sameBrowser: false },
  ])('from $from', ({ sameBrowser }) => {
    it.each(refusals)(
      'given a checkout holding cans, when a newer one is refused for $refused, then the older one still holds them and can be paid',
      async ({ code, cartItems }) => {
        const client = sameBrowser ? '198.51.100.21' : '198.51.100.22';
        const first = await checkOut({ client }, packs(1));
        expect(first.status).toBe(200);
        await settle(t);
        expect(await stock()).toBe(16);

        const refused = await checkOut({ client, ...(sameBrowser ? { cookie: first.cookie } : {}) }, cartItems(), {
          ...customer,
          addressLine2: 'Unit 9',
        });
        expect(refused.status).toBeGreaterThanOrEqual(400);
        expect(refused.body.code).toBe(code);
        await settle(t);

        expect(await stock()).toBe(16);
        expect(await orderEvents(first.body.orderId)).not.toContain('OrderCancelled');
        expect((await paymentStatusOf(t, first.body)).body).toMatchObject({ status: 'open' });
        expect((await payWithCard(t, first.body, SUCCEEDS)).status).toBe(200);
        await settle(t);
        expect((await paymentStatusOf(t, first.body)).body).toMatchObject({ status: 'succeeded', orderId: first.body.orderId });
        // The shop sold 16: put them back for the next case.
        await cancelPaid(first.body.orderId);
        await settle(t);
        await endAll();
      },
    );
  });

  it('given a customer holding the last cans, when they check out again with other details, then the newer checkout takes them over and the older one ends', async () => {
    const first = await checkOut({ client: '198.51.100.23' }, packs(2));
    expect(first.status).toBe(200);
    await settle(t);
    expect(await stock()).toBe(0);
    const again = await checkOut({ client: '198.51.100.23', cookie: first.cookie }, packs(2), { ...customer, addressLine2: 'Unit 4' });
    expect(again.status).toBe(200);
    await settle(t);
    expect(await stock()).toBe(0);
    expect(await orderEvents(first.body.orderId)).toContain('OrderCancelled');
    expect((await paymentStatusOf(t, first.body)).body).toMatchObject({ status: 'cancelled' });
    await endAll();
  });

  it('given a paid checkout, when the same browser checks out the same pack again, then it is asked to confirm first, and another pack is not', async () => {
    const first = await checkOut({ client: '198.51.100.24' }, packs(1));
    expect((await payWithCard(t, first.body, SUCCEEDS)).status).toBe(200);
    await settle(t);
    const from = { client: '198.51.100.24', cookie: first.cookie };
    const again = await checkOut(from, packs(1), { ...customer, addressLine2: 'Unit 5' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('repeat_of_paid_order');
    expect(again.body.message).toContain(`order #${first.body.orderId}`);
    expect((await paymentStatusOf(t, first.body)).body).toMatchObject({ status: 'succeeded' });
    expect(await stock()).toBe(16);
    // Another pack is another purchase; the same pack, confirmed, is bought again.
    const singles = await checkOut(from, [cartLine(stoutId, stout, 'single', 4)]);
    expect(singles.status).toBe(200);
    const confirmed = await checkOut(from, packs(1), customer, { confirmRepeat: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.orderId).not.toBe(first.body.orderId);
    await cancelPaid(first.body.orderId);
    await endAll();
  });

  it('given a card authorised at the very moment a newer checkout from the same browser cancels its payment, then the card is kept, the newer one is refused and the older order is paid', async () => {
    const first = await checkOut({ client: '198.51.100.25' }, packs(1));
    const gateway = t.app.get<TestPaymentGateway>(PAYMENT_GATEWAY);
    const cancel = gateway.cancelPaymentIntent.bind(gateway);
    // The customer's card goes through in the older tab just before the shop's cancel reaches the provider.
    const racing = jest.spyOn(gateway, 'cancelPaymentIntent').mockImplementation(async (id, key, options) => {
      if (id === first.body.paymentIntentId) await gateway.confirm(id, SUCCEEDS, first.body.clientSecret);
      return cancel(id, key, options);
    });
    let again: Answer;
    try {
      again = await checkOut({ client: '198.51.100.25', cookie: first.cookie }, packs(1), { ...customer, addressLine2: 'Unit 6' });
    } finally {
      racing.mockRestore();
    }
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('earlier_checkout_paying');
    // The provider's event reaches the shop (delivered again by a second confirm), which captures the card.
    expect((await payWithCard(t, first.body, SUCCEEDS)).body).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    await settle(t);
    expect((await paymentStatusOf(t, first.body)).body).toMatchObject({ status: 'succeeded' });
    expect(await stock()).toBe(16);
    await cancelPaid(first.body.orderId);
    await endAll();
  });

  it('given a card confirmed while the same browser checks out again, over 20 trials, then no authorised card is ever voided and exactly one of the two stands', async () => {
    for (let trial = 0; trial < 20; trial += 1) {
      const client = `198.51.100.${100 + trial}`;
      const first = await checkOut({ client }, packs(1));
      expect(first.status).toBe(200);
      const [paid, again] = await Promise.all([
        payWithCard(t, first.body, SUCCEEDS),
        checkOut({ client, cookie: first.cookie }, packs(1), { ...customer, addressLine2: `Unit ${trial}` }),
      ]);
      await settle(t);
      const intentEvents = (await streamEvents(t, testIntentStreamName(first.body.paymentIntentId))).map((event) => event.type);
      const firstStatus = ((await paymentStatusOf(t, first.body)).body as { status: string }).status;
      // Never authorised and then cancelled: a card that went through is captured.
      expect(intentEvents.includes('TestIntentAuthorised') && intentEvents.includes('TestIntentCancelled')).toBe(false);
      if (again.status === 200) {
        // The newer one ended the older before its card went through: that payment was refused, nothing taken.
        expect(paid.status).not.toBe(200);
        expect(firstStatus).toBe('cancelled');
        expect(intentEvents).not.toContain('TestIntentAuthorised');
      } else {
        // Refused while the older one's card was being captured, or once it was paid (the same pack, not confirmed).
        expect(again.status).toBe(409);
        expect(['earlier_checkout_paying', 'repeat_of_paid_order']).toContain(again.body.code);
        expect(firstStatus).toBe('succeeded');
        await cancelPaid(first.body.orderId);
      }
      await endAll();
    }
  }, 240_000);
});
