import { createTestApp, type TestApp } from '../create-test-app';
import { adminGet, outbox } from '../admin-ops/admin-ops-fixtures';
import {
  cartLine,
  customer,
  eventStoreOf,
  eventually,
  payWithCard,
  paymentStatusOf,
  settle,
  streamEvents,
  type CheckoutAnswer,
  type ProductFields,
} from '../checkout/checkout-fixtures';
import { confirmByEmail } from './waitlist-fixtures';

jest.setTimeout(60_000);

// The test clock starts Monday 23 November 2026, 9 am in Perth; the release is that Saturday, 10 am.
const RELEASE = '2026-11-28T02:00:00.000Z';

const form = {
  name: 'Limited Wild Ale',
  style: 'Wild Ale',
  description: 'Barrel-aged, once a year.',
  abv: 7.2,
  price: '9.00',
  price4Pack: '34.00',
  price8Pack: '',
  price16Pack: null,
  inventory: 48,
  imageUrl: '/cans/wild-ale.svg',
  enable4Pack: true,
  enable8Pack: false,
  enable16Pack: false,
  beerType: 'Limited Release',
  isActive: true,
  archived: false,
  maxPerOrder: 8,
};

interface ShopProduct {
  id: string;
  name: string;
  inventory: number;
  releaseAt?: string | null;
}

describe('release day: scheduled releases and "Tell me when it\'s back"', () => {
  let t: TestApp;
  let auth: { Authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(async () => {
    await t.close();
  });
  const START = '2026-11-23T01:00:00.000Z';
  afterEach(() => {
    t.clock.advance(Date.parse(START) - t.clock.now.getTime());
  });

  const create = async (body: object): Promise<string> =>
    (await t.http().post('/api/admin/products').set(auth).send(body).expect(201)).body.id as string;
  const update = (id: string, body: object) => t.http().put(`/api/admin/products/${id}`).set(auth).send(body);
  const shop = async (): Promise<ShopProduct[]> => (await t.http().get('/api/products').expect(200)).body as ShopProduct[];
  const fields = (price4Pack: string): ProductFields => ({ ...(form as unknown as ProductFields), price4Pack });
  const checkout = (productId: string, email: string) =>
    t
      .http()
      .post('/api/create-payment-intent')
      .set('X-Forwarded-For', `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`)
      .send({ cartItems: [cartLine(productId, fields('34.00'), '4pack', 1)], customerInfo: { ...customer, email } });
  /** Each request from a client address of its own (X-Forwarded-For, from the test's loopback proxy) unless `from` is given. */
  const notifyMe = (
    productId: string,
    email: unknown,
    from = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  ) => t.http().post(`/api/products/${productId}/notify-me`).set('X-Forwarded-For', from).send({ email });
  const told = async (to: string) => (await outbox(t)).filter((e) => e.to.toLowerCase() === to && e.kind === 'back-in-stock');

  it('given a beer scheduled for Saturday 10 am, the shop lists it with releaseAt, refuses its checkout (409 not_released) and keeps a waiting list; at 10 am it sells and the list is e-mailed once', async () => {
    const id = await create({ ...form, releaseAt: RELEASE });
    await settle(t);
    expect((await shop()).find((p) => p.id === id)).toMatchObject({ releaseAt: RELEASE, inventory: 48 });

    const early = await checkout(id, 'early@example.com');
    expect([early.status, (early.body as { code: string }).code]).toEqual([409, 'not_released']);

    const asked = await notifyMe(id, ' Waiting@Example.com ');
    expect([asked.status, asked.body]).toEqual([
      202,
      {
        message: "Check your inbox to confirm, and we'll e-mail Waiting@Example.com when Limited Wild Ale is released.",
      },
    ]);
    expect((await notifyMe(id, 'waiting@example.com')).status).toBe(202);
    expect((await streamEvents(t, `waitlist-${id}`)).map((e) => e.type)).toEqual(['BackInStockRequested']);
    await confirmByEmail(t, id, 'waiting@example.com');
    expect((await streamEvents(t, `waitlist-${id}`)).map((e) => e.type)).toEqual(['BackInStockRequested', 'BackInStockConfirmed']);
    await settle(t);
    const admin = (await t.http().get('/api/admin/products').set(auth).expect(200)).body as { id: string; waiting: number }[];
    expect(admin.find((p) => p.id === id)?.waiting).toBe(1);

    // One millisecond before: still refused; at the time: sold, with no one touching the shop
    t.clock.advance(Date.parse(RELEASE) - t.clock.now.getTime() - 1);
    expect((await checkout(id, 'almost@example.com')).status).toBe(409);
    t.clock.advance(1);
    const first = await checkout(id, 'first@example.com');
    expect(first.status).toBe(200);

    // The sweep records the release, and the list hears it once
    await eventually(async () => (await streamEvents(t, `product-${id}`)).some((e) => e.type === 'ProductReleased'), 10_000);
    await settle(t);
    const emails = await eventually(async () => {
      const sent = await told('waiting@example.com');
      return sent.length > 0 ? sent : null;
    });
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe('Limited Wild Ale is out now');
    const history = (await adminGet(t, `/api/admin/products/${id}/history`)).body as { summary: string }[];
    expect(history.map((e) => e.summary)).toEqual(
      expect.arrayContaining([expect.stringContaining('Released: on sale from Sat, 28 Nov 2026, 10:00 am')]),
    );
  });

  it('given cans held before a release was scheduled, then the checkout is neither resumed nor paid before releaseAt: the card is refused and nothing is charged', async () => {
    const id = await create({ ...form, name: 'Rescheduled Wild Ale' });
    const client = '10.7.0.1';
    const cartItems = [cartLine(id, fields('34.00'), '4pack', 1)];
    const held = await t
      .http()
      .post('/api/create-payment-intent')
      .set('X-Forwarded-For', client)
      .send({ cartItems, customerInfo: customer });
    expect(held.status).toBe(200);
    const cookie = String(held.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    const answer = held.body as CheckoutAnswer;
    expect((await update(id, { ...form, name: 'Rescheduled Wild Ale', releaseAt: RELEASE })).status).toBe(200);
    // A reload at the payment step: not resumed, and refused as the shop refuses any checkout before the release.
    const reloaded = await t
      .http()
      .post('/api/create-payment-intent')
      .set('X-Forwarded-For', client)
      .set('Cookie', cookie)
      .send({ cartItems, customerInfo: customer });
    expect(reloaded.status).toBe(409);
    expect((reloaded.body as { code: string }).code).toBe('not_released');
    // The older tab pays: the card is authorised, and the shop refuses it.
    const paid = await payWithCard(t, answer, '4242 4242 4242 4242');
    expect((paid.body as { paymentIntent: { status: string } }).paymentIntent.status).toBe('canceled');
    await settle(t);
    expect((await paymentStatusOf(t, answer)).body).toMatchObject({
      status: 'cancelled',
      message: 'A beer in this order is not on sale yet, so nothing was charged.',
    });
  });

  it('moves and cancels a release from the form, each in the product history; absent releaseAt leaves it; a bad one is 400', async () => {
    const id = await create({ ...form, name: 'Moved Release Ale', releaseAt: RELEASE });
    expect((await update(id, { ...form, name: 'Moved Release Ale', releaseAt: '2026-12-05T02:00:00.000Z' })).status).toBe(200);
    expect((await update(id, { ...form, name: 'Moved Release Ale' })).status).toBe(200);
    expect((await update(id, { ...form, name: 'Moved Release Ale', releaseAt: 'next Saturday' })).status).toBe(400);
    expect((await update(id, { ...form, name: 'Moved Release Ale', releaseAt: null })).status).toBe(200);
    const events = (await streamEvents(t, `product-${id}`)).map((e) => [e.type, e.data]);
    expect(events.filter(([type]) => String(type).startsWith('ProductRelease'))).toEqual([
      ['ProductReleaseScheduled', { releaseAt: '2026-12-05T02:00:00.000Z', previous: RELEASE }],
      ['ProductReleaseCancelled', { previous: '2026-12-05T02:00:00.000Z' }],
    ]);
    await settle(t);
    expect((await shop()).find((p) => p.id === id)?.releaseAt).toBeNull();
  });

  it('given a sold-out beer, an address that confirmed waits; a restock e-mails it once with the beer and an unsubscribe link that works without logging in', async () => {
    const id = await create({ ...form, name: 'Sold Out Stout', inventory: 0 });
    await settle(t);
    expect((await notifyMe(id, 'stout@example.com')).status).toBe(202);
    expect((await notifyMe(id, 'other@example.com')).status).toBe(202);
    const other = await create({ ...form, name: 'Another Sold Out', inventory: 0 });
    await settle(t);
    expect((await notifyMe(other, 'stout@example.com')).status).toBe(202);
    await confirmByEmail(t, id, 'stout@example.com');
    await confirmByEmail(t, id, 'other@example.com');
    await confirmByEmail(t, other, 'stout@example.com');

    expect((await update(id, { ...form, name: 'Sold Out Stout', inventory: 24 })).status).toBe(200);
    const sent = await eventually(async () => {
      const emails = await told('stout@example.com');
      return emails.length > 0 ? emails : null;
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Sold Out Stout is back in stock');
    await settle(t);
    // Told once: a second restock tells no one again
    expect((await update(id, { ...form, name: 'Sold Out Stout', inventory: 30 })).status).toBe(200);
    await settle(t);
    expect(await told('stout@example.com')).toHaveLength(1);

    // The link in the e-mail takes the address off its other lists
    // The list's stream: two sign-ups, two confirmations, then the two told (revisions 4 and 5)
    const queued = await eventStoreOf(t.app).readStream(`email-back-in-stock-${id}-4`);
    expect(queued[0]?.data).toMatchObject({ to: 'stout@example.com', subject: 'Sold Out Stout is back in stock' });
    const text = String((queued[0]?.data as { text?: string }).text);
    const link = /Stop all back-in-stock e-mails to this address: (\S+)/.exec(text)?.[1] ?? '';
    expect(link).toContain('/api/back-in-stock/unsubscribe?');
    const path = link.slice(link.indexOf('/api/'));
    const page = await t.http().get(path);
    expect([page.status, page.text]).toEqual([200, expect.stringContaining('will get no more back-in-stock e-mails')]);
    expect((await streamEvents(t, `waitlist-${other}`)).map((e) => e.type)).toEqual([
      'BackInStockRequested',
      'BackInStockConfirmed',
      'BackInStockLeft',
    ]);
    // A link with another signature changes nothing
    expect((await t.http().get('/api/back-in-stock/unsubscribe?email=other%40example.com&sig=AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(400);
  });

  it.each([
    ['no address', undefined, 400, 'invalid_email'],
    ['a bad address', 'not an address', 400, 'invalid_email'],
    ['a number', 12, 400, 'invalid_email'],
  ])('refuses %s (400 invalid_email) and records nothing', async (_given, email, status, code) => {
    const id = await create({ ...form, name: `Refused ${String(email)}`, inventory: 0 });
    const res = await notifyMe(id, email);
    expect([res.status, (res.body as { code: string }).code]).toEqual([status, code]);
    expect(await streamEvents(t, `waitlist-${id}`)).toEqual([]);
  });

  it('answers 409 on_sale for a beer a customer can buy now, 404 for an unknown one, and 429 past five a minute from one client', async () => {
    const id = await create({ ...form, name: 'On Sale Lager' });
    const onSale = await notifyMe(id, 'ada@example.com');
    expect([onSale.status, (onSale.body as { code: string }).code]).toEqual([409, 'on_sale']);
    expect((await notifyMe('no-such-beer', 'ada@example.com')).status).toBe(404);
    const soldOut = await create({ ...form, name: 'Busy Sold Out', inventory: 0 });
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await notifyMe(soldOut, `busy${i}@example.com`, '10.7.7.7')).status);
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
