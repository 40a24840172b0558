import { ReservationExpiry } from '../../src/modules/checkout/reservation-expiry/reservation-expiry.service';
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
 * A shopper's own checkouts never block them: the same browser asking again with the same pack and details gets
 * the same checkout back (same order number, hold and payment); a checkout with the same e-mail address from the
 * same browser or client address replaces the older one and hands back its cans; an e-mail address alone, from
 * elsewhere, releases nobody's hold.
 */
describe('checkout: resumed, superseded or kept', () => {
  let t: TestApp;
  const lager = beer('Resume Lager', { inventory: 48 });
  let lagerId: string;

  beforeAll(async () => {
    // Behind a trusted proxy, so each test speaks from the client address it names.
    t = await createTestApp({ TRUST_PROXY: 'loopback', CHECKOUT_HOLDS_PER_CLIENT: '2' });
    lagerId = await seedProduct(t, 'resume-lager', lager);
  });
  afterAll(async () => {
    await t.close();
  });

  interface From {
    client: string;
    cookie?: string;
  }

  async function checkOutFrom(from: From, packs: number, info: Record<string, string> = customer) {
    const req = t.http().post('/api/create-payment-intent').set('X-Forwarded-For', from.client);
    if (from.cookie !== undefined) req.set('Cookie', from.cookie);
    const res = await req.send({ cartItems: [cartLine(lagerId, lager, '16pack', packs)], customerInfo: info });
    const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    await settle(t);
    return { status: res.status, body: res.body as CheckoutAnswer & { reservationExpiresAt: string }, cookie: from.cookie ?? cookie };
  }

  async function stock() {
    const res = await t.http().get(`/api/products/${lagerId}`);
    return (res.body as { inventory: number }).inventory;
  }

  async function orderEvents(orderId: string): Promise<string[]> {
    return (await streamEvents(t, `order-${orderId}`)).map((event) => event.type);
  }

  async function endAll(...answers: CheckoutAnswer[]): Promise<void> {
    // Each test leaves no hold behind for the next: the clock runs past every hold and the expiry sweeps them.
    t.clock.now = new Date(t.clock.now.getTime() + 31 * 60_000);
    const { released } = await t.app.get(ReservationExpiry).releaseExpired();
    expect(released).toEqual(expect.arrayContaining(answers.map((answer) => answer.orderId)));
    await settle(t);
  }

  it('given a pending checkout, when the same browser sends the same pack and details (a reload, Continue again), then it gets the same checkout back', async () => {
    const first = await checkOutFrom({ client: '198.51.100.1' }, 1);
    expect(first.status).toBe(200);
    expect(await stock()).toBe(32);
    t.clock.now = new Date(t.clock.now.getTime() + 5 * 60_000);
    const again = await checkOutFrom({ client: '198.51.100.1', cookie: first.cookie }, 1);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await stock()).toBe(32);
    expect(await orderEvents(first.body.orderId)).toContain('CheckoutResumed');
    // The resumed checkout is paid like any other.
    expect((await payWithCard(t, again.body, SUCCEEDS)).status).toBe(200);
    await settle(t);
    expect((await paymentStatusOf(t, again.body)).body).toMatchObject({ status: 'succeeded', orderId: first.body.orderId });
    // From here on the shop has 32 cans, two 16-packs.
  });

  it.each([
    { given: 'another pack', packs: 2, info: customer },
    { given: 'other details', packs: 1, info: { ...customer, addressLine2: 'Unit 4' } },
  ])(
    'given a pending checkout, when the same browser sends $given, then the older one is replaced and its cans handed back',
    async ({ packs, info }) => {
      const first = await checkOutFrom({ client: '198.51.100.2' }, 1);
      const second = await checkOutFrom({ client: '198.51.100.2', cookie: first.cookie }, packs, info);
      expect(second.status).toBe(200);
      expect(second.body.orderId).not.toBe(first.body.orderId);
      expect(await stock()).toBe(32 - 16 * packs);
      expect((await paymentStatusOf(t, first.body)).body).toMatchObject({
        status: 'cancelled',
        message: 'This checkout was replaced by a newer one you started, so nothing was charged.',
      });
      await endAll(second.body);
      expect(await stock()).toBe(32);
    },
  );

  it('given a hold with less than a minute left, when the same browser asks again, then it gets a new checkout with a whole hold', async () => {
    const first = await checkOutFrom({ client: '198.51.100.3' }, 1);
    t.clock.now = new Date(Date.parse(first.body.reservationExpiresAt) - 30_000);
    const again = await checkOutFrom({ client: '198.51.100.3', cookie: first.cookie }, 1);
    expect(again.status).toBe(200);
    expect(again.body.orderId).not.toBe(first.body.orderId);
    expect(Date.parse(again.body.reservationExpiresAt)).toBeGreaterThan(Date.parse(first.body.reservationExpiresAt));
    expect(await stock()).toBe(16);
    await endAll(again.body);
  });

  it("given a shopper's checkouts on two devices, when they check out from a third at the same address with the same e-mail, then each replaces the one before and the cap of 2 never refuses them", async () => {
    const phone = await checkOutFrom({ client: '198.51.100.4' }, 1);
    const laptop = await checkOutFrom({ client: '198.51.100.4' }, 1);
    expect(laptop.status).toBe(200);
    expect(await stock()).toBe(16);
    const tablet = await checkOutFrom({ client: '198.51.100.4' }, 1);
    expect(tablet.status).toBe(200);
    expect(await stock()).toBe(16);
    for (const older of [phone, laptop]) {
      expect((await paymentStatusOf(t, older.body)).body).toMatchObject({ status: 'cancelled' });
      expect(await orderEvents(older.body.orderId)).toContain('OrderCancelled');
    }
    await endAll(tablet.body);
  });

  it('given a checkout holding cans, when a stranger sends the same e-mail address from another address and browser, then nothing of it is released', async () => {
    const owner = await checkOutFrom({ client: '198.51.100.5' }, 1);
    const stranger = await checkOutFrom({ client: '203.0.113.9' }, 1);
    expect(stranger.status).toBe(200);
    expect(await stock()).toBe(0);
    expect((await paymentStatusOf(t, owner.body)).body).toMatchObject({ status: 'open' });
    expect(await orderEvents(owner.body.orderId)).not.toContain('OrderCancelled');
    await endAll(owner.body, stranger.body);
  });

  it('given a checkout holding cans, when someone at the same address checks out with another e-mail address, then both hold their cans', async () => {
    const first = await checkOutFrom({ client: '198.51.100.6' }, 1);
    const housemate = await checkOutFrom({ client: '198.51.100.6' }, 1, { ...customer, email: 'grace@example.com' });
    expect(housemate.status).toBe(200);
    expect(await stock()).toBe(0);
    expect((await paymentStatusOf(t, first.body)).body).toMatchObject({ status: 'open' });
    await endAll(first.body, housemate.body);
  });
});
