import { TEST_ADMIN_PASSWORD, createTestApp, type TestApp, FIRST_OWNER } from '../create-test-app';
import { outbox } from '../admin-ops/admin-ops-fixtures';
import { eventually, settle, streamEvents } from '../checkout/checkout-fixtures';
import { NotifyMeAttempts } from '../../src/modules/waitlists/back-in-stock/back-in-stock.controller';
import { confirmByEmail, confirmationEmails, confirmationPath } from './waitlist-fixtures';

jest.setTimeout(60_000);

const HOUR = 3_600_000;

const form = {
  name: 'Sold Out Saison',
  style: 'Saison',
  description: 'Dry and peppery.',
  abv: 6.1,
  price: '8.00',
  price4Pack: '30.00',
  price8Pack: '',
  price16Pack: null,
  inventory: 0,
  imageUrl: '/cans/wild-ale.svg',
  enable4Pack: true,
  enable8Pack: false,
  enable16Pack: false,
  beerType: 'Limited Release',
  isActive: true,
  archived: false,
};

interface View {
  productId: string;
  name: string;
  entries: {
    email: string;
    askedAt: string;
    status: string;
    confirmedAt: string | null;
    notifiedAt: string | null;
    removedAt: string | null;
    reason: string | null;
  }[];
  counts: Record<string, number>;
  limit: number;
}

describe("the back-in-stock list: double opt-in, a cap per client, and the operator's view, export and pruning", () => {
  let t: TestApp;
  let auth: { Authorization: string };
  /** A fresh admin session: the tests move the clock past a token's lifetime. */
  let logins = 0;
  const logIn = async () => {
    logins += 1;
    const res = await t
      .http()
      .post('/api/admin/login')
      .set('X-Forwarded-For', `10.1.1.${logins}`)
      .send({ password: TEST_ADMIN_PASSWORD })
      .expect(201);
    auth = { Authorization: `Bearer ${(res.body as { token: string }).token}` };
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(logIn);
  afterAll(async () => {
    await t.close();
  });

  let beers = 0;
  const soldOut = async (): Promise<string> => {
    beers += 1;
    const res = await t
      .http()
      .post('/api/admin/products')
      .set(auth)
      .send({ ...form, name: `${form.name} ${beers}` })
      .expect(201);
    await settle(t);
    const id = (res.body as { id: string }).id;
    names.set(id, `${form.name} ${beers}`);
    return id;
  };
  /** From a client address of its own unless `from` is given (X-Forwarded-For, from the test's loopback proxy). */
  const notifyMe = (
    productId: string,
    email: string,
    from = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  ) => t.http().post(`/api/products/${productId}/notify-me`).set('X-Forwarded-For', from).send({ email });
  const view = async (productId: string): Promise<View> =>
    (await t.http().get(`/api/admin/products/${productId}/waitlist`).set(auth).expect(200)).body as View;
  const names = new Map<string, string>();
  const restock = async (productId: string, inventory: number) => {
    await t
      .http()
      .put(`/api/admin/products/${productId}`)
      .set(auth)
      .send({ ...form, name: names.get(productId), inventory })
      .expect(200);
  };
  const told = async (to: string) => (await outbox(t)).filter((e) => e.to.toLowerCase() === to && e.kind === 'back-in-stock');
  const types = async (productId: string) => (await streamEvents(t, `waitlist-${productId}`)).map((e) => e.type);
  /** Forgets the minute's tries per client: these tests count sign-ups waiting to be confirmed, not tries a minute. */
  const newMinute = () => t.app.get(NotifyMeAttempts).onApplicationShutdown();

  it('a sign-up is pending and gets a link to confirm; a restock tells only a confirmed address; the operator sees each step', async () => {
    const id = await soldOut();
    const asked = await notifyMe(id, ' Ada@Example.com ');
    expect(asked.status).toBe(202);
    expect((asked.body as { message: string }).message).toMatch(/^Check your inbox to confirm, and we'll e-mail Ada@Example\.com when /);
    const path = await confirmationPath(t, id, 'ada@example.com');
    const [email] = await confirmationEmails(t, id, 'ada@example.com');
    expect(email?.data).toMatchObject({
      to: 'Ada@Example.com',
      kind: 'back-in-stock-confirm',
      subject: `Please confirm: e-mail me when ${form.name} ${beers} is on sale`,
    });
    expect(await view(id)).toMatchObject({
      productId: id,
      name: `${form.name} ${beers}`,
      limit: 500,
      entries: [{ email: 'Ada@Example.com', askedAt: '2026-11-23T01:00:00.000Z', status: 'pending', confirmedAt: null, notifiedAt: null }],
      counts: { pending: 1, confirmed: 0, notified: 0, unsubscribed: 0, removed: 0, lapsed: 0 },
    });

    // Pending: a restock tells no one
    await restock(id, 12);
    await settle(t);
    expect(await told('ada@example.com')).toEqual([]);
    await restock(id, 0);

    t.clock.advance(HOUR);
    // Opened (by its owner, or by a mail scanner fetching every link): a page with a button, nothing recorded.
    const opened = await t.http().get(path);
    expect([opened.status, opened.type]).toEqual([200, 'text/html']);
    expect(opened.text).toContain('<button type="submit">Confirm</button>');
    expect(await types(id)).toEqual(['BackInStockRequested']);
    const page = await t.http().post(path);
    expect([page.status, page.type]).toEqual([200, 'text/html']);
    expect(page.text).toContain('<h1>Confirmed</h1>');
    expect(page.text).toContain(`We&#39;ll e-mail Ada@Example.com once when ${form.name} ${beers} is on sale.`);
    // Used again: still confirmed, nothing more recorded
    expect((await t.http().post(path)).status).toBe(200);
    expect(await types(id)).toEqual(['BackInStockRequested', 'BackInStockConfirmed']);
    const products = (await t.http().get('/api/admin/products').set(auth).expect(200)).body as { id: string; waiting: number }[];
    expect(products.find((p) => p.id === id)?.waiting).toBe(1);

    await restock(id, 24);
    const sent = await eventually(async () => {
      const emails = await told('ada@example.com');
      return emails.length > 0 ? emails : null;
    });
    expect(sent).toHaveLength(1);
    await settle(t);
    expect((await view(id)).entries).toEqual([
      expect.objectContaining({
        email: 'Ada@Example.com',
        status: 'notified',
        confirmedAt: '2026-11-23T02:00:00.000Z',
        notifiedAt: '2026-11-23T02:00:00.000Z',
      }),
    ]);
  });

  it('a link works for 48 hours, only as sent: a changed one is 400, a late one 409, and a lapsed sign-up is counted but no longer listed', async () => {
    const id = await soldOut();
    expect((await notifyMe(id, 'late@example.com')).status).toBe(202);
    const path = await confirmationPath(t, id, 'late@example.com');
    const tampered = await t.http().post(path.replace('late%40example.com', 'other%40example.com'));
    expect([tampered.status, tampered.text]).toEqual([400, expect.stringContaining('This confirmation link is not one we sent.')]);
    expect((await t.http().post('/api/back-in-stock/confirm')).status).toBe(400);
    expect((await t.http().post(path.replace(/sent=\d+/, 'sent=1'))).status).toBe(400);

    t.clock.advance(48 * HOUR);
    await logIn();
    const late = await t.http().post(path);
    expect([late.status, late.text]).toEqual([409, expect.stringContaining('This link has expired.')]);
    expect(await types(id)).toEqual(['BackInStockRequested']);
    expect(await view(id)).toMatchObject({ entries: [], counts: { pending: 0, lapsed: 1 } });

    // Asking again starts a new sign-up with a new link
    expect((await notifyMe(id, 'late@example.com')).status).toBe(202);
    await confirmationPath(t, id, 'late@example.com', 1);
    await confirmByEmail(t, id, 'late@example.com');
    expect(await types(id)).toEqual(['BackInStockRequested', 'BackInStockRequested', 'BackInStockConfirmed']);
  });

  it('asking again while pending re-sends the link at most every 10 minutes and 3 times a day, whoever asks', async () => {
    const id = await soldOut();
    const mails = async () => (await confirmationEmails(t, id, 'keen@example.com')).length;
    expect((await notifyMe(id, 'keen@example.com')).status).toBe(202);
    await eventually(async () => (await mails()) === 1);
    expect((await notifyMe(id, 'KEEN@example.com')).status).toBe(202);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(10 * 60_000);
      expect((await notifyMe(id, 'keen@example.com')).status).toBe(202);
    }
    await settle(t);
    expect(await mails()).toBe(3);
    expect(await types(id)).toEqual(['BackInStockRequested', 'BackInStockConfirmationResent', 'BackInStockConfirmationResent']);
    // A day after the first, one more
    t.clock.advance(24 * HOUR - 30 * 60_000);
    expect((await notifyMe(id, 'keen@example.com')).status).toBe(202);
    await eventually(async () => (await mails()) === 4);
  });

  it('caps the sign-ups waiting to be confirmed per client address: 429 with Retry-After until one is confirmed or lapses', async () => {
    const id = await soldOut();
    const from = '10.6.6.6';
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) {
      if (i % 5 === 0) newMinute();
      answers.push((await notifyMe(id, `crowd${i}@example.com`, from)).status);
    }
    newMinute();
    const refused = await notifyMe(id, 'crowd10@example.com', from);
    expect(answers).toEqual(Array.from({ length: 10 }, () => 202));
    expect([refused.status, (refused.body as { code: string }).code, refused.headers['retry-after']]).toEqual([
      429,
      'too_many_pending',
      String(48 * 3600),
    ]);
    expect((await types(id)).filter((type) => type === 'BackInStockRequested')).toHaveLength(10);
    // Another client is not held back
    expect((await notifyMe(id, 'crowd10@example.com', '10.6.6.7')).status).toBe(202);
    // One confirmed: a place again
    await confirmByEmail(t, id, 'crowd3@example.com');
    expect((await notifyMe(id, 'crowd11@example.com', from)).status).toBe(202);
    expect((await notifyMe(id, 'crowd12@example.com', from)).status).toBe(429);
    // Their links lapse: places again
    t.clock.advance(48 * HOUR);
    newMinute();
    expect((await notifyMe(id, 'crowd12@example.com', from)).status).toBe(202);
  });

  it('parallel sign-ups from one client stop at the cap', async () => {
    const id = await soldOut();
    const from = '10.5.5.5';
    for (let i = 0; i < 8; i++) {
      if (i % 5 === 0) newMinute();
      expect((await notifyMe(id, `burst${i}@example.com`, from)).status).toBe(202);
    }
    newMinute();
    const burst = await Promise.all(Array.from({ length: 5 }, (_, i) => notifyMe(id, `burst${8 + i}@example.com`, from)));
    expect(burst.map((r) => r.status).sort()).toEqual([202, 202, 429, 429, 429]);
    expect((await types(id)).filter((type) => type === 'BackInStockRequested')).toHaveLength(10);
  });

  it('the operator exports the list as CSV, and removes addresses with a reason: recorded, never told, their links refused', async () => {
    const id = await soldOut();
    for (const email of ['real@example.com', 'typed1@example.com', 'typed2@example.com'])
      expect((await notifyMe(id, email)).status).toBe(202);
    await confirmByEmail(t, id, 'real@example.com');
    await confirmByEmail(t, id, 'typed2@example.com');

    const csv = await t.http().get(`/api/admin/products/${id}/waitlist.csv`).set(auth);
    expect([csv.status, csv.headers['content-type'], csv.headers['content-disposition']]).toEqual([
      200,
      'text/csv; charset=utf-8',
      `attachment; filename="waiting-list-sold-out-saison-${beers}.csv"`,
    ]);
    const rows = csv.text.split('\r\n');
    expect(rows[0]).toBe('\uFEFFEmail,Asked At,Status,Confirmed At,Notified At,Left At,Removed At,Reason');
    expect(rows.slice(1, -1).map((row) => row.split(',').slice(0, 3))).toEqual([
      ['real@example.com', expect.any(String), 'confirmed'],
      ['typed1@example.com', expect.any(String), 'pending'],
      ['typed2@example.com', expect.any(String), 'confirmed'],
    ]);

    const link = await confirmationPath(t, id, 'typed1@example.com');
    const removed = await t
      .http()
      .post(`/api/admin/products/${id}/waitlist/remove`)
      .set(auth)
      .send({ emails: ['TYPED1@example.com', 'typed2@example.com', 'nobody@example.com'], reason: ' Made-up addresses ' });
    expect([removed.status, removed.body]).toEqual([
      200,
      {
        message: `Removed 2 addresses from the waiting list for ${form.name} ${beers}`,
        removed: ['typed1@example.com', 'typed2@example.com'],
        notOnList: ['nobody@example.com'],
      },
    ]);
    const events = (await streamEvents(t, `waitlist-${id}`)).filter((e) => e.type === 'BackInStockRemoved');
    expect(events.map((e) => [e.data, e.metadata.actor])).toEqual([
      [{ email: 'typed1@example.com', removedAt: expect.any(String), reason: 'Made-up addresses' }, FIRST_OWNER],
      [{ email: 'typed2@example.com', removedAt: expect.any(String), reason: 'Made-up addresses' }, FIRST_OWNER],
    ]);
    expect((await view(id)).entries.map((e) => [e.email, e.status, e.reason])).toEqual([
      ['real@example.com', 'confirmed', null],
      ['typed1@example.com', 'removed', 'Made-up addresses'],
      ['typed2@example.com', 'removed', 'Made-up addresses'],
    ]);
    // Removing again changes nothing
    const again = await t
      .http()
      .post(`/api/admin/products/${id}/waitlist/remove`)
      .set(auth)
      .send({ emails: ['typed1@example.com'] });
    expect([again.status, (again.body as { removed: string[] }).removed]).toEqual([200, []]);

    const refused = await t.http().post(link);
    expect([refused.status, refused.text]).toEqual([409, expect.stringContaining('This sign-up was taken off the list')]);
    await restock(id, 24);
    await eventually(async () => (await told('real@example.com')).length === 1);
    await settle(t);
    expect(await told('typed2@example.com')).toEqual([]);
  });

  it.each([
    ['no emails', 'invalid_emails', {}],
    ['an empty list', 'invalid_emails', { emails: [] }],
    ['a list of numbers', 'invalid_emails', { emails: [1, 2] }],
    ['a reason too long', 'invalid_reason', { emails: ['a@example.com'], reason: 'x'.repeat(201) }],
    ['an unknown field', 'bad_request', { emails: ['a@example.com'], everyone: true }],
  ])('refuses a removal with %s (400 %s) and records nothing', async (_given, code, body) => {
    const id = await soldOut();
    expect((await notifyMe(id, 'a@example.com')).status).toBe(202);
    const res = await t.http().post(`/api/admin/products/${id}/waitlist/remove`).set(auth).send(body);
    expect([res.status, (res.body as { code: string }).code]).toEqual([400, code]);
    expect(await types(id)).toEqual(['BackInStockRequested']);
  });

  it('answers 404 for an unknown beer on every admin route', async () => {
    expect((await t.http().get('/api/admin/products/no-such-beer/waitlist').set(auth)).status).toBe(404);
    expect((await t.http().get('/api/admin/products/no-such-beer/waitlist.csv').set(auth)).status).toBe(404);
    const remove = await t
      .http()
      .post('/api/admin/products/no-such-beer/waitlist/remove')
      .set(auth)
      .send({ emails: ['a@example.com'] });
    expect([remove.status, (remove.body as { code: string }).code]).toEqual([404, 'product_not_found']);
    expect(await streamEvents(t, 'waitlist-no-such-beer')).toEqual([]);
  });

  it('answers 401 on every admin route without the admin token, and changes nothing', async () => {
    const id = await soldOut();
    expect((await notifyMe(id, 'ada@example.com')).status).toBe(202);
    const bad = { Authorization: 'Bearer not-a-token' };
    for (const headers of [{}, bad]) {
      expect((await t.http().get(`/api/admin/products/${id}/waitlist`).set(headers)).status).toBe(401);
      expect((await t.http().get(`/api/admin/products/${id}/waitlist.csv`).set(headers)).status).toBe(401);
      expect(
        (
          await t
            .http()
            .post(`/api/admin/products/${id}/waitlist/remove`)
            .set(headers)
            .send({ emails: ['ada@example.com'] })
        ).status,
      ).toBe(401);
    }
    expect(await types(id)).toEqual(['BackInStockRequested']);
  });
});
