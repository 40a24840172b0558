import type { DiscountCodeHistoryEntry, DiscountCodeView } from '@brewery/shop-rules';
import { ReservationExpiry } from '../../src/modules/checkout';
import type { CreatePaymentIntentResponse } from '../../src/modules/checkout/checkout/create-payment-intent.request.dto';
import { createTestApp, FIRST_OWNER, type TestApp } from '../create-test-app';
import { beer, cartLine, customer, payWithCard, seedProduct, settle, streamEvents } from '../checkout/checkout-fixtures';
import { signIn, staffMember } from '../admin-auth/staff-fixtures';

const SUCCEEDS = '4242 4242 4242 4242';
const HOLD_MS = 31 * 60_000;

interface Answer {
  status: number;
  body: CreatePaymentIntentResponse & { code?: string; message?: string };
  cookie: string;
}

const cents = (dollars: string): number => Math.round(Number(dollars) * 100);

/**
 * Discount codes through the HTTP API: the operator's routes, the preview, the checkout priced and charged with a
 * code, and the limit on uses held like cans under concurrent checkouts, expiry and supersede.
 */
describe('discount codes', () => {
  let t: TestApp;
  const hazy = beer('Code Hazy', { inventory: 100_000 });
  const stout = beer('Code Stout', { inventory: 100_000, price8Pack: '48.00', price16Pack: '96.00' });
  const scarce = beer('Code Scarce', { inventory: 4 });

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN_TTL_SECONDS: '86400' });
    await seedProduct(t, 'code-hazy', hazy);
    await seedProduct(t, 'code-stout', stout);
    await seedProduct(t, 'code-scarce', scarce);
  });
  afterAll(async () => {
    await t.close();
  });

  const pack = (n = 1) => [cartLine('code-hazy', hazy, '16pack', n)];
  const mixed = () => [cartLine('code-hazy', hazy, '8pack', 1), cartLine('code-stout', stout, '8pack', 1)];

  async function admin(method: 'get' | 'post', path: string, body?: object, token?: string) {
    const http = t.http();
    const req = http[method](path).set('Authorization', `Bearer ${token ?? (await t.adminToken())}`);
    return body === undefined ? req : req.send(body);
  }

  async function create(body: Record<string, unknown>): Promise<DiscountCodeView> {
    const res = await admin('post', '/api/admin/discount-codes', body);
    expect(res.status).toBe(201);
    return res.body as DiscountCodeView;
  }

  async function listed(code: string): Promise<DiscountCodeView> {
    await settle(t);
    const res = await admin('get', '/api/admin/discount-codes');
    expect(res.status).toBe(200);
    const found = (res.body as { codes: DiscountCodeView[] }).codes.find((c) => c.code === code);
    if (found === undefined) throw new Error(`${code} not listed`);
    return found;
  }

  async function checkOut(
    from: { client: string; cookie?: string },
    cartItems: unknown[],
    discountCode: string | undefined,
    info: Record<string, string> = customer,
  ): Promise<Answer> {
    const req = t.http().post('/api/create-payment-intent').set('X-Forwarded-For', from.client);
    if (from.cookie !== undefined) req.set('Cookie', from.cookie);
    const res = await req.send({ cartItems, customerInfo: info, ...(discountCode === undefined ? {} : { discountCode }) });
    const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    return { status: res.status, body: res.body as Answer['body'], cookie: from.cookie ?? cookie };
  }

  function check(body: Record<string, unknown>, client = '203.0.113.10') {
    return t.http().post('/api/discount-codes/check').set('X-Forwarded-For', client).send(body);
  }

  /** Orders holding a use of the code now, as the code's own stream says. */
  async function heldOnStream(code: string): Promise<string[]> {
    const held = new Set<string>();
    for (const event of await streamEvents(t, `discount-code-${code}`)) {
      const data = event.data as { orderId: string; replaced?: string[] };
      if (event.type === 'DiscountUseHeld') {
        for (const id of data.replaced ?? []) held.delete(id);
        held.add(data.orderId);
      }
      if (event.type === 'DiscountUseReleased' || event.type === 'DiscountUseRedeemed') held.delete(data.orderId);
    }
    return [...held];
  }

  async function expireHolds(): Promise<void> {
    t.clock.advance(HOLD_MS);
    await t.app.get(ReservationExpiry).releaseExpired();
    await settle(t);
  }

  describe('the operator’s routes', () => {
    it('creates a code (any case, kept in capitals), lists it, disables it and shows its history with who did each', async () => {
      const made = await create({ code: 'spring-5', kind: 'amount', value: 5, maxUses: 10, onePerCustomer: true });
      expect(made).toMatchObject({
        code: 'SPRING-5',
        kind: 'amount',
        value: '5.00',
        description: '$5.00 off',
        maxUses: 10,
        onePerCustomer: true,
        disabled: false,
        uses: { held: 0, paid: 0 },
        revenue: '0.00',
        discountGiven: '0.00',
        createdBy: FIRST_OWNER,
      });
      expect(await listed('SPRING-5')).toEqual(made);

      const disabled = await admin('post', '/api/admin/discount-codes/Spring-5/disable');
      expect(disabled.status).toBe(200);
      expect(disabled.body).toMatchObject({ code: 'SPRING-5', disabled: true, createdBy: FIRST_OWNER });
      expect((await check({ code: 'spring-5', cartItems: pack() })).body).toMatchObject({ code: 'code_disabled' });

      const history = (await admin('get', '/api/admin/discount-codes/spring-5/history')).body as DiscountCodeHistoryEntry[];
      expect(history.map((entry) => [entry.type, entry.by])).toEqual([
        ['DiscountCodeCreated', FIRST_OWNER],
        ['DiscountCodeDisabled', FIRST_OWNER],
      ]);
      expect(history[0]?.summary).toBe('Created SPRING-5: $5.00 off (10 uses, once per customer)');
      // The staff trail says the same, under the person who did it.
      await settle(t);
      const trail = (await admin('get', `/api/admin/activity?staffId=${FIRST_OWNER.id}`)).body as { entries: { summary: string }[] };
      expect(trail.entries.map((entry) => entry.summary)).toEqual(
        expect.arrayContaining(['Created SPRING-5: $5.00 off (10 uses, once per customer)', 'Disabled: no new uses']),
      );
    });

    it.each([
      [{ code: 'x', kind: 'percent', value: 10 }, 400, 'invalid_discount_code'],
      [{ code: 'BAD PCT', kind: 'percent', value: 10 }, 400, 'invalid_discount_code'],
      [{ code: 'PCT0', kind: 'percent', value: 0 }, 400, 'invalid_discount_definition'],
      [{ code: 'NOKIND', kind: 'bogo' }, 400, 'invalid_discount_definition'],
      [{ code: 'NOBEER', kind: 'percent', value: 10, productIds: ['ghost-beer'] }, 400, 'invalid_discount_definition'],
      [{ code: 'SPRING-5', kind: 'percent', value: 10 }, 409, 'code_taken'],
    ])('refuses %j with %i %s, and writes nothing', async (body, status, code) => {
      const before = (await admin('get', '/api/admin/discount-codes')).body as { codes: unknown[] };
      const res = await admin('post', '/api/admin/discount-codes', body);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ code });
      expect(((await admin('get', '/api/admin/discount-codes')).body as { codes: unknown[] }).codes).toHaveLength(before.codes.length);
    });

    it('answers 401 without a token, 403 to a packer, and 404 for a code that does not exist', async () => {
      expect((await t.http().get('/api/admin/discount-codes')).status).toBe(401);
      expect((await t.http().post('/api/admin/discount-codes').send({ code: 'NOPE1', kind: 'free_shipping' })).status).toBe(401);
      await staffMember(t, { email: 'pat.packer@example.com', name: 'Pat', role: 'packer' });
      const packer = await signIn(t, 'pat.packer@example.com');
      const refused = await admin('post', '/api/admin/discount-codes', { code: 'PACKER1', kind: 'free_shipping' }, packer);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'forbidden_for_role' });
      expect((await admin('get', '/api/admin/discount-codes', undefined, packer)).status).toBe(403);
      expect((await admin('post', '/api/admin/discount-codes/NO-SUCH/disable')).status).toBe(404);
      expect((await admin('get', '/api/admin/discount-codes/NO-SUCH/history')).status).toBe(404);
      expect((await streamEvents(t, 'discount-code-PACKER1')).length).toBe(0);
    });
  });

  describe('the preview (POST /api/discount-codes/check)', () => {
    beforeAll(async () => {
      await create({ code: 'TENOFF', kind: 'percent', value: 10 });
      await create({ code: 'STOUTONLY', kind: 'percent', value: 50, productIds: ['code-stout'] });
      await create({ code: 'SHIPFREE', kind: 'free_shipping', minCans: 16 });
    });

    it('prices the code on the server, with the shipping and total once the address is known', async () => {
      const withAddress = await check({ code: 'tenoff', cartItems: pack(), customerInfo: customer });
      expect(withAddress.status).toBe(200);
      const body = withAddress.body as Record<string, string>;
      expect(body).toMatchObject({ code: 'TENOFF', kind: 'percent', description: '10% off', discount: '8.00', subtotal: '80.00' });
      expect(cents(body.totalAmount ?? '')).toBe(8000 + cents(body.shippingCost ?? '') - 800);
      expect(cents(body.gstIncluded ?? '')).toBe(Math.round(cents(body.totalAmount ?? '') / 11));

      const noAddress = await check({ code: 'TENOFF', cartItems: pack() });
      expect(noAddress.body).toMatchObject({ discount: '8.00', shippingCost: null, totalAmount: null, gstIncluded: null });
      // Only the stout of a mixed pack: half of $48.00.
      expect((await check({ code: 'STOUTONLY', cartItems: mixed() })).body).toMatchObject({ discount: '24.00' });
      const ship = (await check({ code: 'SHIPFREE', cartItems: pack(), customerInfo: customer })).body as Record<string, string>;
      expect(ship.discount).toBe(ship.shippingCost);
      expect(cents(ship.totalAmount ?? '')).toBe(8000);
    });

    it.each([
      ['code_unknown', { code: 'NEVER-MADE', cartItems: pack() }],
      ['code_not_for_these_beers', { code: 'STOUTONLY', cartItems: pack() }],
      ['code_min_cans', { code: 'SHIPFREE', cartItems: [cartLine('code-hazy', hazy, '8pack', 1)], customerInfo: customer }],
    ])('refuses with 409 %s', async (code, body) => {
      const res = await check(body);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code });
      expect(typeof (res.body as { message: unknown }).message).toBe('string');
    });

    it('refuses a code not started or expired, by the shop’s clock', async () => {
      const now = t.clock.now.getTime();
      await create({ code: 'LATER', kind: 'percent', value: 5, startsAt: new Date(now + 3_600_000).toISOString() });
      await create({ code: 'BYGONE', kind: 'percent', value: 5, endsAt: new Date(now + 60_000).toISOString() });
      expect((await check({ code: 'LATER', cartItems: pack() })).body).toMatchObject({ code: 'code_not_started' });
      expect((await check({ code: 'BYGONE', cartItems: pack() })).status).toBe(200);
      t.clock.advance(60_000);
      expect((await check({ code: 'BYGONE', cartItems: pack() })).body).toMatchObject({ code: 'code_expired' });
    });

    it('answers 400 to a malformed code or cart, and 429 to a client guessing codes', async () => {
      expect((await check({ code: 'no spaces here', cartItems: pack() })).body).toMatchObject({ code: 'invalid_discount_code' });
      expect((await check({ code: 'TENOFF', cartItems: 'beer' })).status).toBe(400);
      expect((await check({ cartItems: pack() })).status).toBe(400);
      const guesses = [];
      for (let i = 0; i < 21; i++) guesses.push((await check({ code: `GUESS-${i}`, cartItems: pack() }, '203.0.113.99')).status);
      expect(guesses.slice(0, 20).every((status) => status === 409)).toBe(true);
      expect(guesses[20]).toBe(429);
      // Another client is not held back by it.
      expect((await check({ code: 'TENOFF', cartItems: pack() }, '203.0.113.98')).status).toBe(200);
    });
  });

  describe('a checkout with a code', () => {
    it('charges the discounted total, GST one eleventh of it; payment takes the use; a refund does not give it back', async () => {
      await create({ code: 'ONCE-ONLY', kind: 'percent', value: 15, maxUses: 1 });
      const opened = await checkOut({ client: '198.51.100.1' }, mixed(), 'once-only', { ...customer, email: 'bea@example.com' });
      expect(opened.status).toBe(200);
      const body = opened.body;
      // 15% of $42.00 + $48.00 = $13.50.
      expect(body).toMatchObject({ subtotal: '90.00', discount: '13.50', discountCode: 'ONCE-ONLY' });
      expect(cents(body.totalAmount)).toBe(9000 + cents(body.shippingCost) - 1350);
      expect(body.amount).toBe(cents(body.totalAmount));
      expect(cents(body.gstIncluded)).toBe(Math.round(body.amount / 11));
      expect(body.totals).toMatchObject({ discount: '13.50', total: body.totalAmount });
      expect(await listed('ONCE-ONLY')).toMatchObject({ uses: { held: 1, paid: 0 } });

      // The last use is held: nobody else gets it while the checkout is open.
      const second = await checkOut({ client: '198.51.100.2' }, pack(), 'ONCE-ONLY', { ...customer, email: 'cy@example.com' });
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ code: 'code_used_up' });

      expect((await payWithCard(t, body, SUCCEEDS)).status).toBe(200);
      await settle(t);
      expect(await listed('ONCE-ONLY')).toMatchObject({
        uses: { held: 0, paid: 1 },
        revenue: body.totalAmount,
        discountGiven: '13.50',
      });
      const order = (await admin('get', `/api/admin/orders/${body.orderId}`)).body as { totalAmount: string; status: string };
      expect(order).toMatchObject({ totalAmount: body.totalAmount, status: 'paid' });

      // Cancelled and refunded in full: what was paid, never more; the use stays taken.
      const cancel = await t
        .http()
        .put(`/api/admin/orders/${body.orderId}/tracking`)
        .set('Authorization', `Bearer ${await t.adminToken()}`)
        .send({ trackingReference: 'TBA', status: 'cancelled' });
      expect(cancel.status).toBe(200);
      await settle(t);
      const refunded = (await admin('get', `/api/admin/orders/${body.orderId}`)).body as { refundedAmount?: string };
      expect(refunded.refundedAmount).toBe(body.totalAmount);
      // The use stays taken; what the code earned is what was kept: nothing.
      expect(await listed('ONCE-ONLY')).toMatchObject({ uses: { held: 0, paid: 1 }, revenue: '0.00', refunded: body.totalAmount });
      expect((await check({ code: 'ONCE-ONLY', cartItems: pack() })).body).toMatchObject({ code: 'code_used_up' });
    });

    it('takes a discountCode of null or blanks as no code', async () => {
      for (const discountCode of [null, '', '   ']) {
        const res = await t
          .http()
          .post('/api/create-payment-intent')
          .set('X-Forwarded-For', '198.51.100.8')
          .send({ cartItems: pack(), customerInfo: { ...customer, email: 'nil@example.com' }, discountCode });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ discount: '0.00', discountCode: null });
      }
      await expireHolds();
    });

    it('answers the holder of the last use that it applies (their own), and holds it for their next checkout', async () => {
      await create({ code: 'MINE-ONLY', kind: 'percent', value: 20, maxUses: 1, onePerCustomer: true });
      const first = await checkOut({ client: '198.51.100.9' }, pack(), 'MINE-ONLY');
      expect(first.status).toBe(200);
      await settle(t);
      // Someone else: used up. The same browser, after "Edit details": it is theirs.
      expect(
        (await check({ code: 'MINE-ONLY', cartItems: pack(), customerInfo: { ...customer, email: 'zed@example.com' } })).body,
      ).toMatchObject({
        code: 'code_used_up',
      });
      const own = await t
        .http()
        .post('/api/discount-codes/check')
        .set('X-Forwarded-For', '198.51.100.9')
        .set('Cookie', first.cookie)
        .send({ code: 'MINE-ONLY', cartItems: pack(2), customerInfo: customer });
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ code: 'MINE-ONLY', discount: '32.00' });
      const again = await checkOut({ client: '198.51.100.9', cookie: first.cookie }, pack(2), 'MINE-ONLY');
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ discount: '32.00', discountDescription: '20% off' });
      await settle(t);
      expect(await heldOnStream('MINE-ONLY')).toEqual([again.body.orderId]);
      await expireHolds();
    });

    it('given a customer paying a checkout while the same browser starts a newer one with the same last use, then the money is never lost: the paid one keeps the use', async () => {
      for (let round = 0; round < 4; round++) {
        const code = `RACE-${round}`;
        await create({ code, kind: 'percent', value: 10, maxUses: 1 });
        const a = await checkOut({ client: '198.51.100.10' }, pack(), code, { ...customer, email: `race${round}@example.com` });
        expect(a.status).toBe(200);
        const [paying, b] = await Promise.all([
          payWithCard(t, a.body, SUCCEEDS),
          checkOut({ client: '198.51.100.10', cookie: a.cookie }, pack(2), code, { ...customer, email: `race${round}@example.com` }),
        ]);
        await settle(t);
        const aEvents = (await streamEvents(t, `order-${a.body.orderId}`)).map((e) => e.type);
        const aCancel = (await streamEvents(t, `order-${a.body.orderId}`)).find((e) => e.type === 'OrderCancelled');
        expect({ round, reason: (aCancel?.data as { reason?: string } | undefined)?.reason }).not.toEqual({
          round,
          reason: 'discount_unavailable',
        });
        if (paying.status === 200 && aEvents.includes('OrderPaid')) {
          // A's card went through first: A is paid with its code, B was refused and holds nothing.
          expect(b.status).toBe(409);
          expect(await heldOnStream(code)).toEqual([]);
          expect(await listed(code)).toMatchObject({ uses: { held: 0, paid: 1 } });
        } else {
          // B ended A before its card was taken: B holds the use, and A took no money.
          expect(b.status).toBe(200);
          expect(await heldOnStream(code)).toEqual([b.body.orderId]);
        }
        await expireHolds();
      }
    });

    it('refuses a code that does not apply with its 409, and a malformed one with 400, before anything is recorded', async () => {
      const before = (await streamEvents(t, 'sequence-order')).length;
      const unknown = await checkOut({ client: '198.51.100.3' }, pack(), 'NO-SUCH-CODE');
      expect(unknown.status).toBe(409);
      expect(unknown.body).toMatchObject({ code: 'code_unknown' });
      const malformed = await checkOut({ client: '198.51.100.3' }, pack(), '!!');
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ code: 'invalid_discount_code' });
      expect((await streamEvents(t, 'sequence-order')).length).toBe(before);
    });

    it('holds no use for a checkout refused for its cans: 10 at once for the last 4 cans leave only the winner holding it', async () => {
      await create({ code: 'SCARCE-10', kind: 'amount', value: 2, maxUses: 10 });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          checkOut({ client: `198.51.100.${20 + i}` }, [cartLine('code-scarce', scarce, '4pack', 1)], 'SCARCE-10', {
            ...customer,
            email: `scarce${i}@example.com`,
          }),
        ),
      );
      const won = answers.filter((answer) => answer.status === 200);
      expect(won).toHaveLength(1);
      for (const lost of answers.filter((answer) => answer.status !== 200)) expect(lost.body).toMatchObject({ code: 'insufficient_stock' });
      await settle(t);
      expect(await heldOnStream('SCARCE-10')).toEqual([won[0]?.body.orderId]);
      expect(await listed('SCARCE-10')).toMatchObject({ uses: { held: 1, paid: 0 } });
      await expireHolds();
      expect(await heldOnStream('SCARCE-10')).toEqual([]);
    });

    it('gives the use back with the cans when an unpaid order the operator moved on by hand has its hold expire', async () => {
      await create({ code: 'BY-HAND', kind: 'percent', value: 5, maxUses: 1 });
      const opened = await checkOut({ client: '198.51.100.7' }, pack(), 'BY-HAND');
      expect(opened.status).toBe(200);
      await admin('get', '/api/admin/orders');
      const packed = await t
        .http()
        .put(`/api/admin/orders/${opened.body.orderId}/tracking`)
        .set('Authorization', `Bearer ${await t.adminToken()}`)
        .send({ trackingReference: 'TBA', status: 'packed_awaiting_pickup' });
      expect(packed.status).toBe(200);
      await expireHolds();
      expect((await streamEvents(t, `order-${opened.body.orderId}`)).map((e) => e.type)).toContain('OrderReservationReleased');
      expect(await heldOnStream('BY-HAND')).toEqual([]);
    });

    it('resumes the same checkout with the same code, and starts a new one (ending the old) with another', async () => {
      await create({ code: 'RESUME-A', kind: 'percent', value: 10 });
      await create({ code: 'RESUME-B', kind: 'percent', value: 20 });
      const first = await checkOut({ client: '198.51.100.6' }, pack(), 'RESUME-A');
      const same = await checkOut({ client: '198.51.100.6', cookie: first.cookie }, pack(), 'resume-a');
      expect(same.body.orderId).toBe(first.body.orderId);
      const other = await checkOut({ client: '198.51.100.6', cookie: first.cookie }, pack(), 'RESUME-B');
      expect(other.status).toBe(200);
      expect(other.body.orderId).not.toBe(first.body.orderId);
      expect(other.body.discount).toBe('16.00');
      await settle(t);
      expect(await heldOnStream('RESUME-A')).toEqual([]);
      expect(await heldOnStream('RESUME-B')).toEqual([other.body.orderId]);
      await expireHolds();
    });
  });

  describe('uses held like cans, under a crowd', () => {
    const crowd = (n: number, from: number, code: string, cookies: string[] = []) =>
      Promise.all(
        Array.from({ length: n }, (_, i) =>
          checkOut(
            { client: '198.51.100.50', ...(cookies[i] === undefined ? {} : { cookie: cookies[i] }) },
            pack(cookies[i] === undefined ? 1 : 2),
            code,
            { ...customer, name: `Crowd ${from + i}`, email: `crowd${from + i}@example.com` },
          ),
        ),
      );

    it('50 checkouts at once with a maxUses 5 code leave exactly 5 holding it, again after supersedes and after expiry', async () => {
      await create({ code: 'FIRST-FIVE', kind: 'percent', value: 10, maxUses: 5 });

      const first = await crowd(50, 0, 'FIRST-FIVE');
      const holders = first.filter((answer) => answer.status === 200);
      expect(holders).toHaveLength(5);
      for (const refused of first.filter((answer) => answer.status !== 200)) expect(refused.body).toMatchObject({ code: 'code_used_up' });
      await settle(t);
      expect((await heldOnStream('FIRST-FIVE')).sort()).toEqual(holders.map((h) => h.body.orderId).sort());
      expect(await listed('FIRST-FIVE')).toMatchObject({ uses: { held: 5, paid: 0 } });

      // The 5 holders check out again from their browsers (a bigger pack) while 45 newcomers try: the holders' uses
      // pass to their new checkouts, and no newcomer gets one.
      const secondAsk = [...holders.map((h) => h.cookie), ...Array.from({ length: 45 }, () => undefined)] as string[];
      const second = await Promise.all(
        secondAsk.map((cookie, i) => {
          const holder = holders[i];
          const email = holder === undefined ? `crowd${100 + i}@example.com` : `crowd${first.indexOf(holder)}@example.com`;
          return checkOut(
            { client: '198.51.100.50', ...(cookie === undefined ? {} : { cookie }) },
            pack(cookie === undefined ? 1 : 2),
            'FIRST-FIVE',
            { ...customer, name: `Crowd ${i}`, email },
          );
        }),
      );
      const secondHolders = second.filter((answer) => answer.status === 200);
      expect(second.slice(0, 5).every((answer) => answer.status === 200)).toBe(true);
      expect(secondHolders).toHaveLength(5);
      await settle(t);
      expect((await heldOnStream('FIRST-FIVE')).sort()).toEqual(secondHolders.map((h) => h.body.orderId).sort());

      // Their holds expire: the uses come back, and the next crowd gets exactly 5 again.
      await expireHolds();
      expect(await heldOnStream('FIRST-FIVE')).toEqual([]);
      const third = await crowd(50, 200, 'FIRST-FIVE');
      expect(third.filter((answer) => answer.status === 200)).toHaveLength(5);
      await settle(t);
      expect(await heldOnStream('FIRST-FIVE')).toHaveLength(5);
      expect(await listed('FIRST-FIVE')).toMatchObject({ uses: { held: 5, paid: 0 } });
      await expireHolds();
    }, 120_000);

    it('a one-per-customer code is held by one checkout per e-mail address (any case), however many ask at once', async () => {
      await create({ code: 'ONE-EACH', kind: 'amount', value: 3, onePerCustomer: true });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          checkOut({ client: `198.51.100.${100 + i}` }, pack(), 'ONE-EACH', {
            ...customer,
            email: i % 2 === 0 ? 'Eve@Example.com' : 'eve@example.COM',
          }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      for (const refused of answers.filter((answer) => answer.status !== 200))
        expect(refused.body).toMatchObject({ code: 'code_already_used' });
      // Another customer still can.
      expect((await checkOut({ client: '198.51.100.99' }, pack(), 'ONE-EACH', { ...customer, email: 'fay@example.com' })).status).toBe(200);
      await expireHolds();
    });
  });
});
