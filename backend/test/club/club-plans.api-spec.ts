import type { ClubPlanList, ClubPlanView } from '@brewery/shop-rules';
import { createTestApp, type TestApp } from '../create-test-app';
import { settle, streamEvents } from '../checkout/checkout-fixtures';
import { signIn, staffMember } from '../admin-auth/staff-fixtures';

describe('club plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function post(body: object, token?: string) {
    return t
      .http()
      .post('/api/admin/club/plans')
      .set('Authorization', `Bearer ${token ?? (await t.adminToken())}`)
      .send(body);
  }

  it('an owner creates plans; the admin and the public list show them, oldest first', async () => {
    const monthly = await post({ name: 'Brewer’s Dozen', cans: 16, every: 'month', price: '79.00', description: 'Sixteen cans a month' });
    expect(monthly.status).toBe(201);
    expect(monthly.body).toMatchObject({
      name: 'Brewer’s Dozen',
      cans: 16,
      every: 'month',
      price: '79.00',
      description: 'Sixteen cans a month',
    });
    const quarterly = await post({ name: 'Quarterly 8', cans: 8, every: 'quarter', price: 42 });
    expect(quarterly.status).toBe(201);
    await settle(t);
    const admin = await t
      .http()
      .get('/api/admin/club/plans')
      .set('Authorization', `Bearer ${await t.adminToken()}`);
    const open = await t.http().get('/api/club/plans');
    expect(open.status).toBe(200);
    expect((open.body as ClubPlanList).plans.map((plan: ClubPlanView) => [plan.name, plan.price])).toEqual([
      ['Brewer’s Dozen', '79.00'],
      ['Quarterly 8', '42.00'],
    ]);
    expect(admin.body).toEqual(open.body);
    const history = await streamEvents(t, 'clubplans-all');
    expect(history.map((event) => [event.type, event.metadata.actor])).toEqual([
      ['ClubPlanCreated', { id: 'owner', name: 'Owner', role: 'owner' }],
      ['ClubPlanCreated', { id: 'owner', name: 'Owner', role: 'owner' }],
    ]);
  });

  it.each([
    [{ name: 'brewer’s dozen', cans: 8, every: 'month', price: 40 }, 409, 'club_plan_name_taken'],
    [{ name: 'Weekly', cans: 8, every: 'week', price: 40 }, 400, 'invalid_club_plan'],
    [{ name: 'Four', cans: 4, every: 'month', price: 40 }, 400, 'invalid_club_plan'],
    [{ name: 'Nothing', cans: 8, every: 'month', price: '0.10' }, 400, 'invalid_club_plan'],
  ])('refuses %j with %i %s and writes nothing', async (body, status, code) => {
    const before = (await streamEvents(t, 'clubplans-all')).length;
    const res = await post(body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code });
    expect((await streamEvents(t, 'clubplans-all')).length).toBe(before);
  });

  it('answers 401 without a token and 403 to a packer', async () => {
    expect((await t.http().post('/api/admin/club/plans').send({ name: 'X', cans: 8, every: 'month', price: 40 })).status).toBe(401);
    await staffMember(t, { email: 'pip.packer@example.com', name: 'Pip', role: 'packer' });
    const packer = await signIn(t, 'pip.packer@example.com');
    const refused = await post({ name: 'Packer plan', cans: 8, every: 'month', price: 40 }, packer);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden_for_role' });
  });
});
