import { createTestApp, FIRST_OWNER, TEST_ADMIN_PASSWORD, type TestApp } from '../create-test-app';
import { adminToken, outbox, paidOrder } from '../admin-ops/admin-ops-fixtures';
import { eventStoreOf } from '../checkout/checkout-fixtures';
import { totpCode, totpStepAt } from '../../src/modules/admin-auth/credentials/totp';
import { mailedToken, publicPost, signIn, STAFF_PASSWORD, staffMember, staffList } from './staff-fixtures';

const OWNER_EMAIL = 'owner@swanandsand.beer';

describe('staff accounts over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OWNER_EMAIL });
  });
  afterAll(() => t.close());

  const as = (token: string) => ({
    get: (path: string) => t.http().get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string, body: object = {}) => t.http().post(path).set('Authorization', `Bearer ${token}`).send(body),
    put: (path: string, body: object = {}) => t.http().put(path).set('Authorization', `Bearer ${token}`).send(body),
    patch: (path: string, body: object = {}) => t.http().patch(path).set('Authorization', `Bearer ${token}`).send(body),
    delete: (path: string) => t.http().delete(path).set('Authorization', `Bearer ${token}`),
  });
  const owner = async () => as(await adminToken(t));

  describe('the first owner', () => {
    it('exists from the first start: the admin password alone signs in as them, and so does OWNER_EMAIL with it', async () => {
      const me = await (await owner()).get('/api/admin/me').expect(200);
      expect(me.body).toMatchObject({
        id: 'owner',
        name: 'Owner',
        email: OWNER_EMAIL,
        role: 'owner',
        twoFactor: { enabled: false, required: false },
      });
      expect(me.body.permissions).toEqual(expect.arrayContaining(['staff', 'orders.money', 'recovery']));
      const byEmail = await signIn(t, OWNER_EMAIL.toUpperCase(), TEST_ADMIN_PASSWORD);
      expect((await as(byEmail).get('/api/admin/me').expect(200)).body.id).toBe('owner');
    });

    it('cannot be demoted or removed while they are the last owner (409 last_owner), and nothing is written', async () => {
      const o = await owner();
      const before = (await eventStoreOf(t.app).readStream('staff-roster')).length;
      expect((await o.patch('/api/admin/staff/owner', { role: 'manager' }).expect(409)).body.code).toBe('last_owner');
      expect((await o.delete('/api/admin/staff/owner').expect(409)).body.code).toBe('last_owner');
      expect((await eventStoreOf(t.app).readStream('staff-roster')).length).toBe(before);
    });
  });

  describe('invitations', () => {
    it('POST /api/admin/staff invites (201, invited, an e-mail with a link for 72 hours); the link sets the password once', async () => {
      const o = await owner();
      const invited = await o.post('/api/admin/staff', { email: 'Pat@Example.com', name: 'Pat Packer', role: 'packer' }).expect(201);
      expect(invited.body).toMatchObject({
        name: 'Pat Packer',
        email: 'Pat@Example.com',
        role: 'packer',
        status: 'invited',
        lastSignInAt: null,
      });
      expect(invited.body.invitationExpiresAt).toBe(new Date(t.clock.now.getTime() + 72 * 3_600_000).toISOString());
      const token = await mailedToken(t, 'pat@example.com', 'staff-invitation');

      // The outbox shows the e-mail, never the working link; nor does the log hold it (only the e-mail sent).
      const row = (await outbox(t)).find((e) => e.kind === 'staff-invitation' && e.to === 'Pat@Example.com');
      const shown = await o.get(`/api/admin/outbox/${encodeURIComponent(row?._id ?? '')}`).expect(200);
      expect(shown.body.text).toContain('[link hidden: it works once, for the person it was sent to]');
      expect(shown.body.text).not.toContain(token.split('.')[1]);
      const logged = JSON.stringify(await eventStoreOf(t.app).readAll());
      expect(logged).not.toContain(token.split('.')[1]);
      expect(logged).not.toContain('accept-invite?token=');

      const short = await publicPost(t, '/api/admin/invites/accept').send({ token, password: 'short' }).expect(400);
      expect(short.body).toMatchObject({ code: 'weak_password', fields: { password: 'Choose a password of at least 12 characters' } });
      const common = await publicPost(t, '/api/admin/invites/accept').send({ token, password: 'password1234' }).expect(400);
      expect(common.body.code).toBe('weak_password');

      await publicPost(t, '/api/admin/invites/accept').send({ token, password: STAFF_PASSWORD }).expect(200, { accepted: true });
      const again = await publicPost(t, '/api/admin/invites/accept').send({ token, password: STAFF_PASSWORD }).expect(404);
      expect(again.body.code).toBe('invitation_not_found');

      const pat = as(await signIn(t, 'pat@example.com'));
      expect((await pat.get('/api/admin/me').expect(200)).body).toMatchObject({
        name: 'Pat Packer',
        role: 'packer',
        permissions: ['self', 'orders.view', 'orders.fulfil', 'products.view'],
      });
      const listed = (await staffList(t)).staff.find((s) => s.email === 'Pat@Example.com');
      expect(listed).toMatchObject({ status: 'active', role: 'packer', lastSignInAt: t.clock.now.toISOString() });
    });

    it('answers unknown, forged and expired invitations alike (404), and changes nothing', async () => {
      const o = await owner();
      await o.post('/api/admin/staff', { email: 'late@example.com', name: 'Late Larry', role: 'packer' }).expect(201);
      const token = await mailedToken(t, 'late@example.com', 'staff-invitation');
      const [id] = token.split('.');
      const answers = [];
      for (const bad of ['nonsense', `${id ?? ''}.${'A'.repeat(43)}`, `${'0'.repeat(36)}.${'A'.repeat(43)}`]) {
        answers.push((await publicPost(t, '/api/admin/invites/accept').send({ token: bad, password: STAFF_PASSWORD }).expect(404)).body);
      }
      t.clock.advance(72 * 3_600_000 + 1);
      try {
        answers.push((await publicPost(t, '/api/admin/invites/accept').send({ token, password: STAFF_PASSWORD }).expect(404)).body);
      } finally {
        t.clock.advance(-(72 * 3_600_000 + 1));
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect((await staffList(t)).staff.find((s) => s.email === 'late@example.com')?.status).toBe('invited');
    });

    it('refuses an e-mail that belongs to someone on the staff (409 email_taken), whatever its case', async () => {
      const o = await owner();
      await staffMember(t, { email: 'taken@example.com', name: 'Tess Taken', role: 'packer' });
      expect((await o.post('/api/admin/staff', { email: 'TAKEN@example.com', name: 'Other', role: 'manager' }).expect(409)).body.code).toBe(
        'email_taken',
      );
      expect((await o.post('/api/admin/staff', { email: OWNER_EMAIL, name: 'Other', role: 'manager' }).expect(409)).body.code).toBe(
        'email_taken',
      );
    });

    it.each([
      [{ email: 'not-an-email', name: 'X', role: 'packer' }, 'E-mail must be an e-mail address'],
      [{ email: 'x@example.com', name: '   ', role: 'packer' }, 'Name is required'],
      [{ email: 'x@example.com', name: 'X', role: 'admin' }, 'Role must be one of owner, manager, packer'],
      [{ email: 'x@example.com', name: 'X', role: 'packer', isOwner: true }, 'property isOwner should not exist'],
    ])('refuses a malformed invitation %j with 400 and its reason', async (body, message) => {
      const res = await (await owner()).post('/api/admin/staff', body).expect(400);
      expect(res.body.message).toContain(message);
    });
  });

  describe('roles on the server', () => {
    it('a packer sees and packs orders, labels them, but cannot refund, manage staff, export or raise their own role (403 forbidden_for_role)', async () => {
      const packerId = await staffMember(t, { email: 'pack@example.com', name: 'Paula Pack', role: 'packer' });
      const packer = as(await signIn(t, 'pack@example.com'));
      const { orderId } = await paidOrder(t, 'staff-packed');

      await packer.get('/api/admin/orders').expect(200);
      await packer.get(`/api/admin/orders/${orderId}/packing-slip`).expect(200);
      await packer
        .put(`/api/admin/orders/${orderId}/tracking`, { status: 'packed_awaiting_pickup', trackingReference: 'PK 1' })
        .expect(200);

      for (const [call, path] of [
        [() => packer.post(`/api/admin/orders/${orderId}/refund`, { amountCents: 100, reason: 'x' }), 'refund'],
        [() => packer.patch(`/api/admin/staff/${packerId}`, { role: 'owner' }), 'own role'],
        [() => packer.get('/api/admin/staff'), 'staff'],
        [() => packer.post('/api/admin/orders/export', {}), 'export'],
        [() => packer.post('/api/admin/products', {}), 'products'],
        [
          () => packer.put(`/api/admin/orders/${orderId}/tracking`, { status: 'cancelled', trackingReference: 'PK 1' }),
          'cancel with money',
        ],
      ] as const) {
        const res = await call();
        expect([path, res.status, res.body.code]).toEqual([path, 403, 'forbidden_for_role']);
      }
      expect((await (await owner()).get(`/api/admin/staff/${packerId}`).expect(200)).body.role).toBe('packer');

      // The order's history and list name the packer, stamped from their token.
      const history = await (await owner()).get(`/api/admin/orders/${orderId}/history`).expect(200);
      const packed = (history.body as { type: string; actor: unknown }[]).find((e) => e.type === 'OrderStatusChanged');
      expect(packed?.actor).toEqual({ id: packerId, name: 'Paula Pack', role: 'packer' });
    });

    it('PATCH changes a role at once (the next request is judged by it); a packer made manager can refund-level routes', async () => {
      const id = await staffMember(t, { email: 'grow@example.com', name: 'Gus Grow', role: 'packer' });
      const gus = as(await signIn(t, 'grow@example.com'));
      await gus.get('/api/admin/sales-report').expect(404);
      expect((await gus.post('/api/admin/sales-report', {})).status).toBe(403);
      await (await owner()).patch(`/api/admin/staff/${id}`, { role: 'manager' }).expect(200);
      expect((await gus.post('/api/admin/sales-report', {})).status).not.toBe(403);
      expect((await gus.get('/api/admin/staff')).body.code).toBe('forbidden_for_role');
      expect((await (await owner()).patch(`/api/admin/staff/${id}`, { role: 'boss' }).expect(400)).body.message).toContain('Role must be');
      await (await owner()).patch('/api/admin/staff/no-such-person', { role: 'packer' }).expect(404);
    });

    it('a second owner lets the first be demoted; then the last owner is again protected', async () => {
      const id = await staffMember(t, { email: 'co@example.com', name: 'Cora Owner', role: 'owner' });
      const cora = as(await signIn(t, 'co@example.com'));
      await cora.patch('/api/admin/staff/owner', { role: 'manager' }).expect(200);
      expect((await cora.delete(`/api/admin/staff/${id}`).expect(409)).body.code).toBe('last_owner');
      await cora.patch('/api/admin/staff/owner', { role: 'owner' }).expect(200);
    });
  });

  describe('deactivation', () => {
    it('DELETE ends every session of the person at once (401 on every route), keeps their history, and refuses their sign-in', async () => {
      const id = await staffMember(t, { email: 'leaver@example.com', name: 'Lee Leaver', role: 'packer' });
      const phone = await signIn(t, 'leaver@example.com');
      const laptop = await signIn(t, 'leaver@example.com');
      await as(phone).get('/api/admin/orders').expect(200);
      const gone = await (await owner()).delete(`/api/admin/staff/${id}`).expect(200);
      expect(gone.body.status).toBe('deactivated');
      for (const token of [phone, laptop]) {
        await as(token).get('/api/admin/orders').expect(401);
        await as(token).get('/api/admin/me').expect(401);
      }
      const refused = await publicPost(t, '/api/admin/login').send({ email: 'leaver@example.com', password: STAFF_PASSWORD }).expect(401);
      expect(refused.body).toMatchObject({ code: 'invalid_credentials', message: 'Invalid e-mail or password' });
      const events = await eventStoreOf(t.app).readStream(`staff-${id}`);
      expect(events.map((e) => e.type)).toEqual(['StaffSignedIn', 'StaffSignedIn']);
    });
  });

  describe('coming back', () => {
    it('a person who left and is invited again starts afresh: nothing of before (a reset password, a token) counts', async () => {
      const id = await staffMember(t, { email: 'back@example.com', name: 'Bo Back', role: 'packer' });
      await publicPost(t, '/api/admin/password-reset').send({ email: 'back@example.com' }).expect(202);
      const reset = await mailedToken(t, 'back@example.com', 'staff-password-reset');
      await publicPost(t, '/api/admin/password-reset/complete').send({ token: reset, password: 'the old reset password' }).expect(200);
      const oldToken = await signIn(t, 'back@example.com', 'the old reset password');
      const o = await owner();
      await o.delete(`/api/admin/staff/${id}`).expect(200);
      // A moment later (the outbox lists the newest e-mail first).
      t.clock.advance(1000);
      const again = await o.post('/api/admin/staff', { email: 'back@example.com', name: 'Bo Back', role: 'packer' }).expect(201);
      expect(again.body.id).toBe(id);
      const invitation = await mailedToken(t, 'back@example.com', 'staff-invitation');
      await publicPost(t, '/api/admin/invites/accept').send({ token: invitation, password: 'a fresh start password' }).expect(200);
      await as(oldToken).get('/api/admin/me').expect(401);
      await publicPost(t, '/api/admin/login').send({ email: 'back@example.com', password: 'the old reset password' }).expect(401);
      await as(await signIn(t, 'back@example.com', 'a fresh start password'))
        .get('/api/admin/me')
        .expect(200);
    });
  });

  describe('sign-in', () => {
    it('refuses a wrong e-mail and a wrong password alike (401), and unknown fields (400)', async () => {
      const a = await publicPost(t, '/api/admin/login').send({ email: 'nobody@example.com', password: STAFF_PASSWORD }).expect(401);
      await staffMember(t, { email: 'wrong@example.com', name: 'Wren', role: 'packer' });
      const b = await publicPost(t, '/api/admin/login').send({ email: 'wrong@example.com', password: 'not the password!' }).expect(401);
      expect(a.body).toEqual(b.body);
      await publicPost(t, '/api/admin/login').send({ email: 'wrong@example.com', password: STAFF_PASSWORD, role: 'owner' }).expect(400);
    });

    it('limits wrong sign-ins per account across client addresses: the 21st in 15 minutes answers 429, then it opens again', async () => {
      await staffMember(t, { email: 'target@example.com', name: 'Tara', role: 'manager' });
      for (let i = 0; i < 20; i += 1) {
        await publicPost(t, '/api/admin/login')
          .set('X-Forwarded-For', `198.18.0.${i}`)
          .send({ email: 'target@example.com', password: `guess number ${i}` })
          .expect(401);
      }
      const locked = await publicPost(t, '/api/admin/login')
        .set('X-Forwarded-For', '198.18.1.1')
        .send({ email: 'Target@example.com', password: STAFF_PASSWORD });
      expect([locked.status, locked.body.code]).toEqual([429, 'too_many_failed_sign_ins']);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      t.clock.advance(15 * 60_000 + 1);
      await signIn(t, 'target@example.com');
    });
  });

  describe('sessions', () => {
    it('lists my live sessions (newest first, this one marked) and ends one; the owner sees and ends anyone’s', async () => {
      await staffMember(t, { email: 'sess@example.com', name: 'Sid Sessions', role: 'packer' });
      const first = await signIn(t, 'sess@example.com');
      const second = await signIn(t, 'sess@example.com');
      const mine = await as(second).get('/api/admin/me/sessions').expect(200);
      expect(mine.body).toHaveLength(2);
      expect(mine.body[0].current).toBe(true);
      const firstId = mine.body[1].id as string;
      await as(second).delete(`/api/admin/me/sessions/${firstId}`).expect(200);
      await as(first).get('/api/admin/me').expect(401);
      await as(second).get('/api/admin/me').expect(200);
      await as(second).delete('/api/admin/me/sessions/not-a-session').expect(404);

      const id = (await staffList(t)).staff.find((s) => s.email === 'sess@example.com')?.id ?? '';
      const listed = await (await owner()).get(`/api/admin/staff/${id}/sessions`).expect(200);
      expect((listed.body as { id: string }[]).map((s) => s.id)).toEqual([mine.body[0].id]);
      await (await owner()).delete(`/api/admin/staff/${id}/sessions/${mine.body[0].id as string}`).expect(200);
      await as(second).get('/api/admin/me').expect(401);
    });
  });

  describe('password reset', () => {
    it('e-mails a link (same answer for any address), sets a new password once, and ends the sessions opened before', async () => {
      await staffMember(t, { email: 'forgot@example.com', name: 'Fran Forgot', role: 'packer' });
      const before = await signIn(t, 'forgot@example.com');
      const known = await publicPost(t, '/api/admin/password-reset').send({ email: 'forgot@example.com' }).expect(202);
      const unknown = await publicPost(t, '/api/admin/password-reset').send({ email: 'stranger@example.com' }).expect(202);
      expect(unknown.body).toEqual(known.body);
      const token = await mailedToken(t, 'forgot@example.com', 'staff-password-reset');
      expect((await outbox(t)).some((e) => e.to === 'stranger@example.com')).toBe(false);

      await publicPost(t, '/api/admin/password-reset/complete').send({ token, password: 'a brand new password here' }).expect(200);
      await publicPost(t, '/api/admin/password-reset/complete').send({ token, password: 'another new password here' }).expect(404);
      await as(before).get('/api/admin/me').expect(401);
      await publicPost(t, '/api/admin/login').send({ email: 'forgot@example.com', password: STAFF_PASSWORD }).expect(401);
      await signIn(t, 'forgot@example.com', 'a brand new password here');
    });

    it('refuses an expired link (30 minutes) like an unknown one', async () => {
      await staffMember(t, { email: 'slow@example.com', name: 'Sol Slow', role: 'packer' });
      await publicPost(t, '/api/admin/password-reset').send({ email: 'slow@example.com' }).expect(202);
      const token = await mailedToken(t, 'slow@example.com', 'staff-password-reset');
      t.clock.advance(30 * 60_000 + 1);
      const res = await publicPost(t, '/api/admin/password-reset/complete')
        .send({ token, password: 'a brand new password here' })
        .expect(404);
      expect(res.body.code).toBe('reset_link_not_found');
    });
  });

  describe('two-factor codes', () => {
    it('set up with the app’s code; then sign-in needs a code, takes each code once, and takes each recovery code once', async () => {
      await staffMember(t, { email: 'totp@example.com', name: 'Toni Totp', role: 'manager' });
      const toni = as(await signIn(t, 'totp@example.com'));
      const { secret, otpauthUrl } = (await toni.post('/api/admin/me/two-factor').expect(201)).body as {
        secret: string;
        otpauthUrl: string;
      };
      expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
      const wrong = await toni.post('/api/admin/me/two-factor/confirm', { code: '000000' });
      expect([wrong.status, wrong.body.code]).toEqual([400, 'wrong_setup_code']);
      const step = totpStepAt(t.clock.now);
      const confirmed = await toni.post('/api/admin/me/two-factor/confirm', { code: totpCode(secret, step) }).expect(201);
      const recoveryCodes = confirmed.body.recoveryCodes as string[];
      expect(recoveryCodes).toHaveLength(10);

      const noCode = await publicPost(t, '/api/admin/login').send({ email: 'totp@example.com', password: STAFF_PASSWORD }).expect(401);
      expect(noCode.body.code).toBe('two_factor_code_required');
      // The code used to confirm is spent; the next step's works once.
      await publicPost(t, '/api/admin/login')
        .send({ email: 'totp@example.com', password: STAFF_PASSWORD, code: totpCode(secret, step) })
        .expect(401);
      t.clock.advance(30_000);
      const next = totpCode(secret, step + 1);
      await signIn(t, 'totp@example.com', STAFF_PASSWORD, next);
      await publicPost(t, '/api/admin/login').send({ email: 'totp@example.com', password: STAFF_PASSWORD, code: next }).expect(401);
      await signIn(t, 'totp@example.com', STAFF_PASSWORD, recoveryCodes[0]);
      await publicPost(t, '/api/admin/login')
        .send({ email: 'totp@example.com', password: STAFF_PASSWORD, code: recoveryCodes[0] })
        .expect(401);

      const events = await eventStoreOf(t.app).readAll();
      const text = JSON.stringify(events.filter((e) => e.streamName.startsWith('staff-')));
      expect(text).not.toContain(secret);
      for (const code of recoveryCodes) expect(text).not.toContain(code);
    });

    it('when an owner requires codes (their own on first), a manager without them may only set them up (403 two_factor_setup_required elsewhere)', async () => {
      const refused = await (await owner()).put('/api/admin/settings/two-factor', { required: true }).expect(409);
      expect(refused.body.code).toBe('own_two_factor_first');
      await staffMember(t, { email: 'strict@example.com', name: 'Stella Strict', role: 'owner' });
      await staffMember(t, { email: 'req@example.com', name: 'Rae Required', role: 'manager' });
      await staffMember(t, { email: 'req-packer@example.com', name: 'Rex Packer', role: 'packer' });
      const stella = as(await signIn(t, 'strict@example.com'));
      const own = (await stella.post('/api/admin/me/two-factor').expect(201)).body as { secret: string };
      await stella.post('/api/admin/me/two-factor/confirm', { code: totpCode(own.secret, totpStepAt(t.clock.now)) }).expect(201);
      const rae = as(await signIn(t, 'req@example.com'));
      const rex = as(await signIn(t, 'req-packer@example.com'));
      await stella.put('/api/admin/settings/two-factor', { required: true }).expect(200, { twoFactorRequired: true });
      try {
        expect((await rae.get('/api/admin/orders').expect(403)).body.code).toBe('two_factor_setup_required');
        expect((await rae.get('/api/admin/me').expect(200)).body.twoFactor).toEqual({ enabled: false, required: true });
        expect((await (await owner()).get('/api/admin/orders').expect(403)).body.code).toBe('two_factor_setup_required');
        await rex.get('/api/admin/orders').expect(200);
        await stella.get('/api/admin/orders').expect(200);
        const { secret } = (await rae.post('/api/admin/me/two-factor').expect(201)).body as { secret: string };
        await rae.post('/api/admin/me/two-factor/confirm', { code: totpCode(secret, totpStepAt(t.clock.now)) }).expect(201);
        await rae.get('/api/admin/orders').expect(200);
      } finally {
        await stella.put('/api/admin/settings/two-factor', { required: false }).expect(200, { twoFactorRequired: false });
      }
    });
  });

  describe('the trail', () => {
    it('GET /api/admin/activity lists what each person did, newest first, by person and day, paged, and as CSV', async () => {
      const id = await staffMember(t, { email: 'trail@example.com', name: 'Tim Trail', role: 'packer' });
      const tim = as(await signIn(t, 'trail@example.com'));
      const { orderId } = await paidOrder(t, 'staff-trail');
      await tim.post(`/api/admin/orders/${orderId}/notes`, { note: 'Box by the door' }).expect(201);
      await tim.put(`/api/admin/orders/${orderId}/tracking`, { status: 'packed_awaiting_pickup', trackingReference: 'TT 1' }).expect(200);

      const o = await owner();
      const mine = await o.get(`/api/admin/activity?staffId=${id}`).expect(200);
      expect((mine.body.entries as { type: string }[]).map((e) => e.type)).toEqual([
        'TrackingReferenceSet',
        'OrderStatusChanged',
        'OrderNoteAdded',
        'StaffSignedIn',
        'StaffJoined',
      ]);
      expect(mine.body.entries[0]).toMatchObject({ staffId: id, name: 'Tim Trail', role: 'packer', orderId });
      const paged = await o.get(`/api/admin/activity?staffId=${id}&limit=4`).expect(200);
      expect(paged.body.entries).toHaveLength(4);
      const rest = await o.get(`/api/admin/activity?staffId=${id}&limit=4&before=${paged.body.nextBefore as number}`).expect(200);
      expect(rest.body).toMatchObject({ entries: [{ type: 'StaffJoined' }], nextBefore: null });

      const today = new Date(t.clock.now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
      await o.get(`/api/admin/activity?staffId=${id}&from=${today}&to=${today}`).expect(200);
      expect((await o.get(`/api/admin/activity?staffId=${id}&to=2020-01-01`).expect(200)).body.entries).toEqual([]);
      await o.get('/api/admin/activity?from=yesterday').expect(400);
      await o.get('/api/admin/activity?limit=500').expect(400);

      const csv = await o.get(`/api/admin/activity?staffId=${id}&format=csv`).expect(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.text).toContain('Tim Trail');
      expect(csv.text.split('\r\n').filter((line) => line.includes('Tim Trail'))).toHaveLength(5);
    });

    it('is a read model rebuilt from the log like every other', async () => {
      const o = await owner();
      const before = (await o.get('/api/admin/activity?limit=200').expect(200)).body.entries as unknown[];
      await o.post('/api/admin/rebuild-read-models', {}).expect(200);
      const after = (await o.get('/api/admin/activity?limit=200').expect(200)).body.entries as unknown[];
      expect(after.length).toBeGreaterThanOrEqual(before.length);
      expect(after.slice(-before.length)).toEqual(before);
    });

    it('names the first owner on what their password-only token wrote', async () => {
      const o = await owner();
      await o.post('/api/admin/staff', { email: 'stamp@example.com', name: 'Stamp', role: 'packer' }).expect(201);
      const events = await eventStoreOf(t.app).readStream('staff-roster');
      expect(events.at(-1)?.metadata.actor).toEqual(FIRST_OWNER);
    });
  });
});
