import type { JoinClubResponse } from '@brewery/shop-rules';
import { createTestApp, type TestApp } from '../create-test-app';
import { beer, cartLine, customer, eventually, seedProduct, settle } from '../checkout/checkout-fixtures';

const HOUR = 3_600_000;

/**
 * Members first: a beer open to club members before its release is sold to a member who checks out with their link and
 * their own e-mail address; everyone else waits for the release.
 */
describe('members first', () => {
  let t: TestApp;
  let member: JoinClubResponse;
  let client = 0;
  const early = beer('Members Early IPA', { inventory: 100 });

  beforeAll(async () => {
    t = await createTestApp({ CLUB_SWEEP_INTERVAL_MS: '3600000' });
    const now = t.clock.now.getTime();
    await seedProduct(t, 'members-early', {
      ...early,
      releaseAt: new Date(now + 48 * HOUR).toISOString(),
      membersFrom: new Date(now - HOUR).toISOString(),
    });
    const plan = await t
      .http()
      .post('/api/admin/club/plans')
      .set('Authorization', `Bearer ${await t.adminToken()}`)
      .send({ name: 'Members Eight', cans: 8, every: 'month', price: 48 });
    const joined = await post('/api/club/join', {
      planId: plan.body.planId,
      customerInfo: { ...customer, email: 'member@example.com' },
      fulfilment: { method: 'delivery' },
    });
    member = joined.body as JoinClubResponse;
    await post(`/api/test-gateway/setup-intents/${member.setupIntentId}/confirm`, {
      cardNumber: '4242424242424242',
      clientSecret: member.setupClientSecret,
    });
    await eventually(async () => (await t.http().get('/api/club/manage').query({ token: member.manageToken })).body.status === 'active');
    await settle(t);
  });
  afterAll(async () => {
    await t.close();
  });

  function post(path: string, body: object) {
    client += 1;
    return t.http().post(path).set('X-Forwarded-For', `192.0.2.${client}`).send(body);
  }

  const cart = () => [cartLine('members-early', early, '4pack', 1)];

  it('shows the early access on the beer', async () => {
    const listed = await t.http().get('/api/products/members-early');
    expect(listed.status).toBe(200);
    const all = await t.http().get('/api/products');
    const product = (all.body as { id: string; membersFrom?: string }[]).find((p) => p.id === 'members-early');
    expect(product?.membersFrom).toBe(new Date(t.clock.now.getTime() - HOUR).toISOString());
  });

  it('refuses everyone else until the release', async () => {
    const res = await post('/api/create-payment-intent', { cartItems: cart(), customerInfo: customer });
    expect([res.status, res.body.code]).toEqual([409, 'not_released']);
  });

  it('sells it to the member with their link and their own e-mail address', async () => {
    const res = await post('/api/create-payment-intent', {
      cartItems: cart(),
      customerInfo: { ...customer, email: 'MEMBER@example.com' },
      memberToken: member.manageToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.orderId).toEqual(expect.any(String));
  });

  it.each([
    ['another e-mail address with the member’s link', 'someone@example.com', () => member.manageToken, 409, 'member_email_mismatch'],
    ['a forged link', 'member@example.com', () => `${member.memberId}.AAAAAAAAAAAAAAAAAAAAAA`, 400, 'invalid_member_link'],
  ])('refuses %s', async (_what, email, token, status, code) => {
    const res = await post('/api/create-payment-intent', { cartItems: cart(), customerInfo: { ...customer, email }, memberToken: token() });
    expect([res.status, res.body.code]).toEqual([status, code]);
  });

  it('a stale link does not stand in the way of a beer on sale to everyone', async () => {
    await seedProduct(t, 'members-open', beer('Members Open Lager'));
    const res = await post('/api/create-payment-intent', {
      cartItems: [cartLine('members-open', beer('Members Open Lager'), '4pack', 1)],
      customerInfo: { ...customer, email: 'walk-in@example.com' },
      memberToken: 'not-a-link',
    });
    expect(res.status).toBe(200);
  });

  it('refuses an early access that is not before the release, naming the field', async () => {
    const token = await t.adminToken();
    const res = await t
      .http()
      .post('/api/admin/products')
      .set('Authorization', `Bearer ${token}`)
      .send({
        ...beer('Members Late Stout'),
        releaseAt: new Date(t.clock.now.getTime() + HOUR).toISOString(),
        membersFrom: new Date(t.clock.now.getTime() + 2 * HOUR).toISOString(),
      });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ membersFrom: expect.any(String) as string });
  });
});
