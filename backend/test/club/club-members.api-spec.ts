import type { ClubMemberView, ClubRunDetail, ClubRunList, ClubRunView, JoinClubResponse, TestSetupResult } from '@brewery/shop-rules';
import { ClubRunSweep } from '../../src/modules/club';
import { createTestApp, type TestApp } from '../create-test-app';
import { beer, customer, eventually, orderView, seedProduct, settle, streamEvents } from '../checkout/checkout-fixtures';
import { outbox } from '../admin-ops/admin-ops-fixtures';
import { signIn, staffMember } from '../admin-auth/staff-fixtures';

const SAVES = '4242 4242 4242 4242';
const DECLINES_LATER = '4000 0000 0000 0341';
const AUTHENTICATES_LATER = '4000 0027 6000 3184';
const DAY = 86_400_000;

/**
 * The beer club through the HTTP API: joining with a card saved for later, the operator's runs holding stock for every
 * member, the sweep charging each member once (paid orders like any other), declines retried 1, 3 and 7 days later and
 * then past due, a payment that needs the member to authenticate, and the member's own page.
 */
describe('club members and runs', () => {
  let t: TestApp;
  let planId: string;
  const pale = beer('Club Pale', { inventory: 200 });
  const stout = beer('Club Stout', { inventory: 200 });
  let client = 0;

  beforeAll(async () => {
    // The sweep is called by each test; its own timer would only race it.
    t = await createTestApp({ ADMIN_TOKEN_TTL_SECONDS: '2592000', CLUB_SWEEP_INTERVAL_MS: '3600000' });
    await seedProduct(t, 'club-pale', pale);
    await seedProduct(t, 'club-stout', stout);
    const plan = await admin('post', '/api/admin/club/plans', { name: 'Monthly Eight', cans: 8, every: 'month', price: '48.00' });
    expect(plan.status).toBe(201);
    planId = (plan.body as { planId: string }).planId;
    await settle(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function admin(method: 'get' | 'post', path: string, body?: object, token?: string) {
    const http = t.http();
    const req = http[method](path).set('Authorization', `Bearer ${token ?? (await t.adminToken())}`);
    return body === undefined ? req : req.send(body);
  }

  function post(path: string, body: object) {
    client += 1;
    return t
      .http()
      .post(path)
      .set('X-Forwarded-For', `198.51.100.${client % 250}`)
      .send(body);
  }

  /** Joins with the test card and waits until the membership is active (the card saved through the webhook). */
  async function join(email: string, card = SAVES, fulfilment: object = { method: 'delivery' }): Promise<JoinClubResponse> {
    const joined = await post('/api/club/join', { planId, customerInfo: { ...customer, email }, fulfilment });
    expect(joined.status).toBe(201);
    const answer = joined.body as JoinClubResponse;
    const saved = await post(`/api/test-gateway/setup-intents/${answer.setupIntentId}/confirm`, {
      cardNumber: card,
      clientSecret: answer.setupClientSecret,
    });
    expect(saved.status).toBe(200);
    expect((saved.body as TestSetupResult).setupIntent.status).toBe('succeeded');
    await eventually(async () => (await manage(answer.manageToken)).status === 'active');
    return answer;
  }

  async function manage(token: string): Promise<ClubMemberView> {
    const res = await t.http().get('/api/club/manage').query({ token });
    expect(res.status).toBe(200);
    return res.body as ClubMemberView;
  }

  async function available(productId: string): Promise<number> {
    const res = await t.http().get(`/api/products/${productId}`);
    return (res.body as { inventory: number }).inventory;
  }

  async function createRun(
    chargeInMs: number,
    items = [
      { productId: 'club-pale', quantity: 5 },
      { productId: 'club-stout', quantity: 3 },
    ],
  ) {
    const chargeAt = new Date(t.clock.now.getTime() + chargeInMs).toISOString();
    return admin('post', '/api/admin/club/runs', { planId, chargeAt, items });
  }

  async function share(token: string, runId: string) {
    const view = await manage(token);
    return view.runs.find((run) => run.runId === runId);
  }

  async function sweep(): Promise<void> {
    await t.app.get(ClubRunSweep).chargeDue();
    await settle(t);
  }

  it('a customer joins, saves a card and is active; a second join of the same e-mail is refused', async () => {
    const answer = await join('ruby@example.com');
    const view = await manage(answer.manageToken);
    expect(view).toMatchObject({ status: 'active', plan: { planId, name: 'Monthly Eight' }, card: { last4: '4242' } });
    expect(view.history.map((entry) => entry.what)).toEqual(['Joined the club: Monthly Eight, posted', 'Card saved: visa ending 4242']);
    const again = await post('/api/club/join', {
      planId,
      customerInfo: { ...customer, email: 'RUBY@example.com' },
      fulfilment: { method: 'delivery' },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_a_member');
    await settle(t);
    const mails = await outbox(t);
    expect(mails.some((mail) => mail.to === 'ruby@example.com' && mail.kind === 'club-welcome')).toBe(true);
  });

  it.each([
    [{ planId: 'nope', customerInfo: customer, fulfilment: { method: 'delivery' } }, 404, 'club_plan_not_found'],
    [{ customerInfo: { ...customer, email: 'not-an-email' }, fulfilment: { method: 'delivery' } }, 400, 'invalid_customer_info'],
    [{ customerInfo: { ...customer, email: 'x@example.com' }, fulfilment: { method: 'drone' } }, 400, 'invalid_club_member'],
  ])('a join %j is refused with %i %s', async (body, status, code) => {
    const res = await post('/api/club/join', { planId, ...body });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
  });

  it('a card that is declined is not saved, and the member stays waiting for a card', async () => {
    const joined = (
      await post('/api/club/join', { planId, customerInfo: { ...customer, email: 'nocard@example.com' }, fulfilment: { method: 'pickup' } })
    ).body as JoinClubResponse;
    const refused = await post(`/api/test-gateway/setup-intents/${joined.setupIntentId}/confirm`, {
      cardNumber: '4000 0000 0000 0002',
      clientSecret: joined.setupClientSecret,
    });
    expect((refused.body as TestSetupResult).error).toMatchObject({ code: 'card_declined' });
    const wrongSecret = await post(`/api/test-gateway/setup-intents/${joined.setupIntentId}/confirm`, {
      cardNumber: SAVES,
      clientSecret: 'nope',
    });
    expect(wrongSecret.status).toBeGreaterThanOrEqual(400);
    await settle(t);
    expect((await manage(joined.manageToken)).status).toBe('pending_card');
    const bad = await t
      .http()
      .get('/api/club/manage')
      .query({ token: `${joined.memberId}.AAAAAAAAAAAAAAAAAAAAAA` });
    expect(bad.status).toBe(404);
  });

  it('a run holds every active member’s cans at creation, charges each once at its time, and each charge is a paid order', async () => {
    const ada = await join('ada.club@example.com');
    const bob = await join('bob.club@example.com', SAVES, { method: 'pickup' });
    const cancelled = await join('gone@example.com');
    await post('/api/club/manage/cancel', { token: cancelled.manageToken });
    await settle(t);
    const before = await available('club-pale');
    const created = await createRun(DAY);
    expect(created.status).toBe(201);
    const run = created.body as ClubRunView;
    await settle(t);
    const members = 3; // ruby, ada and bob are active; the cancelled member is not in the run
    expect(await available('club-pale')).toBe(before - 5 * members);

    // Not yet due: nothing is charged.
    await sweep();
    expect((await share(ada.manageToken, run.runId))?.status).toBe('held');

    t.clock.advance(DAY + 1000);
    await sweep();
    await eventually(async () => (await share(ada.manageToken, run.runId))?.status === 'charged');
    await eventually(async () => (await share(bob.manageToken, run.runId))?.status === 'charged');
    const adaShare = await share(ada.manageToken, run.runId);
    const order = await orderView(t, adaShare?.orderId ?? '');
    expect(order).toMatchObject({ status: 'paid', totalAmount: '58.00' }); // $48 + $10 Perth metro delivery
    const bobOrder = await orderView(t, (await share(bob.manageToken, run.runId))?.orderId ?? '');
    expect(bobOrder).toMatchObject({ status: 'paid', totalAmount: '48.00' }); // collected at the cellar door
    // The held cans became the orders' and were sold: the shelf did not move again.
    expect(await available('club-pale')).toBe(before - 5 * members);

    // Sweeping again (a retry after a crash) charges nobody twice.
    await sweep();
    const payments = (await streamEvents(t, `clubmember-${ada.memberId}`)).filter((event) => event.type === 'ClubChargeAttempted');
    expect(payments).toHaveLength(1);
    const runs = (await admin('get', '/api/admin/club/runs')).body as ClubRunList;
    const listed = runs.runs.find((r) => r.runId === run.runId);
    expect(listed?.counts).toMatchObject({ charged: 3, held: 0 });
    expect(listed?.revenue).toBe('164.00');
    const detail = (await admin('get', `/api/admin/club/runs/${run.runId}`)).body as ClubRunDetail;
    expect(detail.members.map((member) => member.email).sort()).toEqual([
      'ada.club@example.com',
      'bob.club@example.com',
      'ruby@example.com',
    ]);
    // The staff trail names who made the run.
    const trail = (await admin('get', '/api/admin/activity')).body as { entries: { name: string; summary: string }[] };
    expect(trail.entries.map((entry) => `${entry.name}: ${entry.summary}`)).toContain(
      `Owner: Created a Monthly Eight club run for 3 members, charged ${run.chargeAt}`,
    );
  });

  it('a declined card is e-mailed and retried 1, 3 and 7 days later; after the last try the member is past due and the cans go back', async () => {
    const dee = await join('dee@example.com', DECLINES_LATER);
    await settle(t);
    const created = await createRun(60_000, [{ productId: 'club-stout', quantity: 8 }]);
    expect(created.status).toBe(201);
    const run = created.body as ClubRunView;
    await settle(t);
    const held = await available('club-stout');
    t.clock.advance(61_000);
    await sweep();
    expect(await share(dee.manageToken, run.runId)).toMatchObject({
      status: 'declined',
      attempts: 1,
      lastError: 'Your card was declined.',
    });
    for (const [days, attempts] of [
      [1, 2],
      [3, 3],
    ] as const) {
      t.clock.advance(days * DAY - (days === 1 ? 0 : DAY));
      await sweep();
      expect(await share(dee.manageToken, run.runId)).toMatchObject({ status: 'declined', attempts });
    }
    t.clock.advance(4 * DAY);
    await sweep();
    await eventually(async () => (await share(dee.manageToken, run.runId))?.status === 'past_due');
    expect((await manage(dee.manageToken)).status).toBe('past_due');
    const orderId = (await share(dee.manageToken, run.runId))?.orderId ?? '';
    await eventually(async () => (await streamEvents(t, `order-${orderId}`)).at(-1)?.type === 'OrderCancelled');
    // Every member in the run: ruby, ada and bob (8 each) and dee, whose 8 cans are back on sale.
    await eventually(async () => (await available('club-stout')) === held + 8);
    const mails = (await outbox(t)).filter((mail) => mail.to === 'dee@example.com');
    expect(mails.map((mail) => mail.kind).sort()).toEqual([
      'club-card-declined',
      'club-card-declined',
      'club-card-declined',
      'club-past-due',
      'club-welcome',
    ]);
  });

  it('a card that needs authentication is e-mailed a link; the member pays on-session and the run is charged', async () => {
    const ed = await join('ed@example.com', AUTHENTICATES_LATER);
    const created = await createRun(60_000, [{ productId: 'club-pale', quantity: 8 }]);
    const run = created.body as ClubRunView;
    t.clock.advance(61_000);
    await sweep();
    expect(await share(ed.manageToken, run.runId)).toMatchObject({ status: 'needs_authentication', attempts: 1 });
    const pay = await post('/api/club/manage/pay', { token: ed.manageToken, runId: run.runId });
    expect(pay.status).toBe(200);
    const paid = await post(`/api/test-gateway/payment-intents/${pay.body.paymentIntentId}/confirm`, {
      cardNumber: AUTHENTICATES_LATER,
      clientSecret: pay.body.clientSecret,
    });
    expect(paid.status).toBe(200);
    await eventually(async () => (await share(ed.manageToken, run.runId))?.status === 'charged');
    expect((await outbox(t)).some((mail) => mail.to === 'ed@example.com' && mail.kind === 'club-authentication-needed')).toBe(true);
  });

  it('members skip a run (its cans go back), pause, resume, change details and cancel through their link', async () => {
    const fay = await join('fay@example.com');
    const created = await createRun(DAY, [{ productId: 'club-pale', quantity: 8 }]);
    const run = created.body as ClubRunView;
    await settle(t);
    const held = await available('club-pale');
    const skipped = await post('/api/club/manage/skip', { token: fay.manageToken, runId: run.runId });
    expect(skipped.status).toBe(200);
    await eventually(async () => (await available('club-pale')) === held + 8);
    // Taken back before the charge: the cans are held again; then skipped for good.
    const unskipped = await post('/api/club/manage/unskip', { token: fay.manageToken, runId: run.runId });
    expect([unskipped.status, unskipped.body.runs[0]?.status]).toEqual([200, 'held']);
    await eventually(async () => (await available('club-pale')) === held);
    expect((await post('/api/club/manage/skip', { token: fay.manageToken, runId: run.runId })).status).toBe(200);
    await eventually(async () => (await available('club-pale')) === held + 8);
    expect((await post('/api/club/manage/skip', { token: fay.manageToken, runId: 'nope' })).status).toBe(404);
    expect((await post('/api/club/manage/pause', { token: fay.manageToken })).body.status).toBe('paused');
    expect((await post('/api/club/manage/pause', { token: 'forged' })).status).toBe(404);
    expect((await post('/api/club/manage/resume', { token: fay.manageToken })).body.status).toBe('active');
    const moved = await post('/api/club/manage/details', {
      token: fay.manageToken,
      customerInfo: { ...customer, email: 'someone-else@example.com', suburb: 'Fremantle', postCode: '6160' },
      fulfilment: { method: 'delivery' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.customer).toMatchObject({ suburb: 'Fremantle', email: 'fay@example.com' });
    const wrong = await post('/api/club/manage/details', { token: fay.manageToken, customerInfo: { ...customer, postCode: '' } });
    expect(wrong.status).toBe(400);
    expect((await post('/api/club/manage/cancel', { token: fay.manageToken })).body.status).toBe('cancelled');
    expect((await post('/api/club/manage/pause', { token: fay.manageToken })).status).toBe(409);
    t.clock.advance(DAY + 1000);
    await sweep();
    expect(await share(fay.manageToken, run.runId)).toMatchObject({ status: 'skipped', orderId: null });
  });

  it('refuses runs that do not fill the plan, that are not ahead, for an unknown plan, or beyond the stock; packers may not create runs', async () => {
    const cases: [object, number, string][] = [
      [
        { planId, chargeAt: new Date(t.clock.now.getTime() + DAY).toISOString(), items: [{ productId: 'club-pale', quantity: 7 }] },
        400,
        'invalid_club_run',
      ],
      [
        { planId, chargeAt: new Date(t.clock.now.getTime() - DAY).toISOString(), items: [{ productId: 'club-pale', quantity: 8 }] },
        400,
        'invalid_club_run',
      ],
      [{ planId, chargeAt: 'tomorrow', items: [{ productId: 'club-pale', quantity: 8 }] }, 400, 'invalid_club_run'],
      [
        { planId, chargeAt: new Date(t.clock.now.getTime() + DAY).toISOString(), items: [{ productId: 'nope', quantity: 8 }] },
        400,
        'invalid_club_run',
      ],
      [
        { planId: 'nope', chargeAt: new Date(t.clock.now.getTime() + DAY).toISOString(), items: [{ productId: 'club-pale', quantity: 8 }] },
        404,
        'club_plan_not_found',
      ],
    ];
    for (const [body, status, code] of cases) {
      const before = (await admin('get', '/api/admin/club/runs')).body as ClubRunList;
      const res = await admin('post', '/api/admin/club/runs', body);
      expect([res.status, res.body.code]).toEqual([status, code]);
      await settle(t);
      expect(((await admin('get', '/api/admin/club/runs')).body as ClubRunList).runs).toHaveLength(before.runs.length);
    }
    await seedProduct(t, 'club-scarce', beer('Club Scarce', { inventory: 3 }));
    const before = await available('club-pale');
    const short = await createRun(DAY, [
      { productId: 'club-pale', quantity: 4 },
      { productId: 'club-scarce', quantity: 4 },
    ]);
    expect([short.status, short.body.code]).toEqual([409, 'insufficient_stock']);
    await settle(t);
    expect(await available('club-pale')).toBe(before);

    await staffMember(t, { email: 'packer.club@example.com', name: 'Pat', role: 'packer' });
    const packer = await signIn(t, 'packer.club@example.com');
    for (const [method, path] of [
      ['post', '/api/admin/club/runs'],
      ['get', '/api/admin/club/runs'],
      ['get', '/api/admin/club/members'],
      ['get', '/api/admin/club/report'],
    ] as const) {
      const res = await admin(method, path, method === 'post' ? { planId } : undefined, packer);
      expect([path, res.status]).toEqual([path, 403]);
    }
    expect((await t.http().get('/api/admin/club/runs')).status).toBe(401);
  });

  it('reports members by status and club revenue per run and per month', async () => {
    await settle(t);
    const report = (await admin('get', '/api/admin/club/report')).body as {
      members: Record<string, number>;
      runs: { orders: number; revenue: string }[];
      months: { revenue: string }[];
    };
    expect(report.members).toMatchObject({ pending_card: 1, past_due: 1, cancelled: 2 });
    expect(report.members.active).toBeGreaterThanOrEqual(4);
    const total = report.runs.reduce((sum, run) => sum + Number(run.revenue), 0);
    expect(report.months.reduce((sum, month) => sum + Number(month.revenue), 0)).toBeCloseTo(total, 2);
    expect(total).toBeGreaterThan(0);
  });
});
