import type { DocumentStore, EventStore } from '@brewery/eventstore';
import sharp from 'sharp';
import type { PackSize } from '@brewery/shop-rules';
import { ReservationExpiry } from '../../backend/src/modules/checkout/reservation-expiry/reservation-expiry.service';
import { ClubRunSweep } from '../../backend/src/modules/club';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../../backend/src/modules/payments/gateway/payment-gateway.port';
import { DOCUMENT_STORE, EVENT_STORE } from '../../backend/src/platform/persistence/persistence.tokens';
import { ProjectionRunner } from '../../backend/src/platform/projections/projection-runner';
import {
  beer,
  cartLine,
  customer,
  payWithCard,
  type CheckoutAnswer,
  type ProductFields,
} from '../../backend/test/checkout/checkout-fixtures';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../backend/test/create-test-app';
import { confirmByEmail } from '../../backend/test/catalog/waitlist-fixtures';
import { byScale } from './support/fault-scale';
import { leakedLines } from './support/log-audit';
import { canonicalJson, dumpReadModels, firstDifference, readModelCollections, type ReadModelDump } from './support/read-model-dump';

/**
 * A rebuild replays the log into empty read models. It must give back exactly what the live projections
 * built, byte for byte: a field taken from the clock instead of the event, an array built in another
 * order, or a document the live path wrote and the replay does not, all show up as a difference.
 */

const JWT_SECRET = 'rebuild-fault-jwt-secret-that-is-long-enough-for-hs256';
const ORDERS = byScale(30, 500);
const PRODUCTS = byScale(6, 24);
/** Checkouts run this many at a time, as customers do. */
const CONCURRENCY = 4;

const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const NO_FUNDS = '4000 0000 0000 9995';

const CUSTOMERS = [
  customer,
  { ...customer, name: 'Grace Hopper', email: 'grace@example.com', addressLine2: 'Unit 4', suburb: 'Fremantle', postCode: '6160' },
  { ...customer, name: 'Katherine Johnson', email: 'katherine@example.com', suburb: 'Albany', postCode: '6330' },
  { ...customer, name: 'Edsger Dijkstra', email: 'edsger@example.com', suburb: 'Broome', postCode: '6725' },
];
const PACKS: PackSize[] = ['4pack', '8pack', '16pack', 'single'];

/** What happens to an order after checkout, chosen by its number so the workload is the same every run. */
type Journey = 'paid' | 'declined-then-paid' | 'declined' | 'no-funds-deleted' | 'recovered-by-operator' | 'abandoned';
const JOURNEYS: Journey[] = [
  'paid',
  'paid',
  'paid',
  'declined-then-paid',
  'paid',
  'declined',
  'paid',
  'no-funds-deleted',
  'recovered-by-operator',
  'abandoned',
  'paid',
];

interface Placed {
  answer: CheckoutAnswer;
  journey: Journey;
  /** Priced with the discount code. */
  coded: boolean;
}

describe('read-model dump: the comparison the rebuild test relies on', () => {
  const dump = (docs: Record<string, unknown>[]): ReadModelDump => {
    const documents = docs.map((d) => ({ id: String(d._id), json: canonicalJson(d) }));
    return { collections: [{ name: 'orders', documents }], text: documents.map((d) => d.json).join('\n'), documentCount: documents.length };
  };

  it.each<[string, 'equal' | 'different', unknown, unknown]>([
    ['keys in another order', 'equal', { _id: '1', b: 1, a: { d: 2, c: 3 } }, { a: { c: 3, d: 2 }, _id: '1', b: 1 }],
    ['an undefined field and a missing one', 'equal', { _id: '1', a: undefined }, { _id: '1' }],
    ['an array in another order', 'different', { _id: '1', history: ['pending', 'paid'] }, { _id: '1', history: ['paid', 'pending'] }],
    ['a timestamp a second apart', 'different', { _id: '1', at: '2026-11-23T01:00:00.000Z' }, { _id: '1', at: '2026-11-23T01:00:01.000Z' }],
  ])('given %s, then the serialisations are %s', (_, verdict, left, right) => {
    expect(canonicalJson(left) === canonicalJson(right) ? 'equal' : 'different').toBe(verdict);
  });

  it('names the first differing collection, document and field', () => {
    const before = dump([
      { _id: '1', status: 'paid' },
      { _id: '2', status: 'pending', updatedAt: 'a' },
    ]);
    const after = dump([
      { _id: '1', status: 'paid' },
      { _id: '2', status: 'pending', updatedAt: 'b' },
    ]);
    expect(firstDifference(before, before)).toBeNull();
    expect(firstDifference(before, after)).toContain('collection orders, document 2');
    expect(firstDifference(before, after)).toContain('first differing field: updatedAt: "a" vs "b"');
  });
});

describe('rebuild: replaying the log gives back the live read models byte for byte', () => {
  let t: TestApp;
  let logged = '';
  const clientSecrets: string[] = [];
  const restore: (() => void)[] = [];

  beforeAll(async () => {
    // The app logs to this process's stdout and stderr; keep the lines for the audit instead of printing them.
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      const spy = jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
        const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
        if (text.startsWith('{"time"')) {
          logged += text;
          return true;
        }
        return write(chunk);
      });
      restore.push(() => spy.mockRestore());
    }
    // Tokens last 30 days of the shop's clock: the long workload moves it days on, and logins are rate-limited per real minute.
    t = await createTestApp({ LOG_LEVEL: 'debug', JWT_SECRET, ADMIN_TOKEN_TTL_SECONDS: String(30 * 24 * 3600) });
  }, 60_000);

  afterAll(async () => {
    await t.close();
    for (const undo of restore) undo();
  });

  const events = () => t.app.get<EventStore>(EVENT_STORE);

  let session: { token: string; issuedAt: number } | null = null;
  /** An admin token valid at the shop's clock: logs in again only once the clock has moved 29 days on (logins are rate-limited). */
  async function adminToken(): Promise<string> {
    const now = t.clock.now.getTime();
    if (session && now - session.issuedAt < 29 * 24 * 3600_000) return session.token;
    const res = await t.http().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD });
    if (res.status !== 201) throw new Error(`login answered ${res.status}`);
    session = { token: (res.body as { token: string }).token, issuedAt: now };
    return session.token;
  }

  async function admin(method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) {
    const http = t.http();
    const req = http[method](path).set('Authorization', `Bearer ${await adminToken()}`);
    return body === undefined ? req : req.send(body);
  }
  const adminPost = (path: string, body?: object) => admin('post', path, body);
  const putTracking = (orderId: string, body: object) => admin('put', `/api/admin/orders/${orderId}/tracking`, body);

  async function expectOk(res: Promise<{ status: number; body: unknown }>, what: string): Promise<unknown> {
    const { status, body } = await res;
    if (status < 200 || status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
    return body;
  }

  /** Waits until every subscriber has handled the whole log and nothing new was appended meanwhile. */
  async function quiesce(): Promise<void> {
    const runner = t.app.get(ProjectionRunner);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const head = await events().headPosition();
      if (runner.statuses().every((s) => s.position >= head) && (await events().headPosition()) === head) {
        await new Promise((r) => setTimeout(r, 20));
        if ((await events().headPosition()) === head) return;
      }
      if (Date.now() > deadline) throw new Error(`subscribers did not catch up: ${JSON.stringify(runner.statuses())}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** A picture of a can, uploaded as the operator does; its address. */
  async function uploadPicture(colour: string): Promise<string> {
    const png = await sharp({ create: { width: 300, height: 500, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const res = t
      .http()
      .post('/api/admin/product-images')
      .set('Authorization', `Bearer ${await adminToken()}`)
      .set('Content-Type', 'image/png')
      .send(png);
    return ((await expectOk(res, 'upload picture')) as { url: string }).url;
  }

  async function createProducts(): Promise<{ id: string; fields: ProductFields }[]> {
    const products: { id: string; fields: ProductFields }[] = [];
    const pictures = [await uploadPicture('#0b4f5c'), await uploadPicture('#f0ae3a')];
    for (let i = 0; i < PRODUCTS; i += 1) {
      const fields = beer(`Rebuild Beer ${i}`, {
        inventory: ORDERS * 40,
        abv: 4 + (i % 5) / 2,
        style: ['Pale Ale', 'Lager', 'IPA', 'Stout'][i % 4] ?? 'Pale Ale',
        ...(i < pictures.length ? { imageUrl: pictures[i] } : {}),
      });
      const created = (await expectOk(adminPost('/api/admin/products', fields), 'create product')) as { id: string };
      products.push({ id: created.id, fields });
      t.clock.advance(60_000);
    }
    // The operator edits some: a new price (with the form's revision), out of the shop and back in.
    for (const [i, product] of products.entries()) {
      if (i % 2 === 0) {
        product.fields = { ...product.fields, price: '6.50', price4Pack: '24.00' };
        await expectOk(admin('put', `/api/admin/products/${product.id}`, { ...product.fields, revision: 0 }), 'edit product');
      }
      if (i % 3 === 1) {
        await expectOk(admin('put', `/api/admin/products/${product.id}`, { isActive: false }), 'remove from shop');
        await expectOk(admin('put', `/api/admin/products/${product.id}`, { isActive: true }), 'include in shop');
      }
      t.clock.advance(60_000);
    }
    // And counts the stock from the brewery's e-mail.
    const emailContent = [
      'UPDATE STOCK',
      ...products.slice(0, 3).map((p, i) => `${p.fields.name}: ${ORDERS * 40 + 10 * (i + 1)}`),
      'Unknown Beer: 5',
    ].join('\n');
    await expectOk(adminPost('/api/admin/parse-stock-email', { emailContent }), 'stock e-mail');
    // A limited release in a minute, with customers waiting to hear it is out; one more waits for the next release
    const release = beer('Rebuild Release Stout', { inventory: 48, maxPerOrder: 8 });
    const releaseAt = t.clock.now.getTime() + 60_000;
    const limited = (await expectOk(
      adminPost('/api/admin/products', { ...release, releaseAt: new Date(releaseAt).toISOString() }),
      'schedule a release',
    )) as { id: string };
    const later = (await expectOk(
      adminPost('/api/admin/products', {
        ...beer('Rebuild Next Release'),
        releaseAt: new Date(releaseAt + 365 * 86_400_000).toISOString(),
      }),
      'schedule the next release',
    )) as { id: string };
    for (const [productId, email] of [
      [limited.id, 'first@example.com'],
      [limited.id, 'second@example.com'],
      [limited.id, 'FIRST@example.com'],
      [later.id, 'next@example.com'],
    ] as const) {
      const asked = await t.http().post(`/api/products/${productId}/notify-me`).send({ email });
      if (asked.status !== 202) throw new Error(`notify-me answered ${asked.status}: ${JSON.stringify(asked.body)}`);
    }
    // Each address confirms by the link e-mailed to it; one more signs up and never confirms
    await confirmByEmail(t, limited.id, 'first@example.com');
    await confirmByEmail(t, limited.id, 'second@example.com');
    await confirmByEmail(t, later.id, 'next@example.com');
    const unconfirmed = await t.http().post(`/api/products/${limited.id}/notify-me`).send({ email: 'never@example.com' });
    if (unconfirmed.status !== 202) throw new Error(`notify-me answered ${unconfirmed.status}: ${JSON.stringify(unconfirmed.body)}`);
    // The release comes: the sweep records it (within half a second) and its list is told
    t.clock.advance(2 * 60_000);
    const deadline = Date.now() + 10_000;
    while (!(await events().readStream(`product-${limited.id}`)).some((e) => e.type === 'ProductReleased')) {
      if (Date.now() > deadline) throw new Error('the release was not recorded');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return products;
  }

  async function place(n: number, products: { id: string; fields: ProductFields }[]): Promise<Placed> {
    const lines = Array.from({ length: 1 + (n % 3) }, (_, k) => {
      const product = products[(n + k * 5) % products.length];
      if (!product) throw new Error('no product');
      const pack = PACKS[(n + k) % PACKS.length] ?? '4pack';
      return pack === 'single'
        ? cartLine(product.id, product.fields, 'single', 4 * (1 + (n % 2)))
        : cartLine(product.id, product.fields, pack, 1 + (k % 2));
    });
    const info = CUSTOMERS[n % CUSTOMERS.length] ?? customer;
    // Every third checkout with the operator's discount code.
    const code = n % 3 === 0 ? { discountCode: 'rebuild10' } : {};
    const res = await t
      .http()
      .post('/api/create-payment-intent')
      .send({ cartItems: lines, customerInfo: info, ...code });
    if (res.status !== 200) throw new Error(`checkout ${n} answered ${res.status}: ${JSON.stringify(res.body)}`);
    const answer = res.body as CheckoutAnswer;
    clientSecrets.push(answer.clientSecret);
    return { answer, journey: JOURNEYS[n % JOURNEYS.length] ?? 'paid', coded: n % 3 === 0 };
  }

  async function pay({ answer, journey }: Placed): Promise<void> {
    const card = async (number: string) => expectOk(payWithCard(t, answer, number), `payment of ${answer.orderId}`);
    switch (journey) {
      case 'paid':
        await card(SUCCEEDS);
        return;
      case 'declined-then-paid':
        await card(DECLINED);
        await card(SUCCEEDS);
        return;
      case 'declined':
        await card(DECLINED);
        return;
      case 'no-funds-deleted':
        await card(NO_FUNDS);
        await expectOk(admin('delete', `/api/admin/orders/${answer.orderId}`), `delete ${answer.orderId}`);
        return;
      case 'recovered-by-operator':
        await expectOk(
          adminPost('/api/admin/simulate-webhook', { paymentIntentId: answer.paymentIntentId }),
          `simulate webhook ${answer.orderId}`,
        );
        return;
      case 'abandoned':
        return;
      default:
        return journey satisfies never;
    }
  }

  /** Packs, ships and delivers paid orders, with tracking references and labels, as the operator does. */
  async function fulfil(paid: Placed[]): Promise<void> {
    for (const [i, { answer }] of paid.entries()) {
      const id = answer.orderId;
      switch (i % 5) {
        case 0:
          await expectOk(putTracking(id, { status: 'packed_awaiting_pickup', trackingReference: `33REB${1000 + i}` }), 'pack');
          break;
        case 1:
          await expectOk(putTracking(id, { status: 'packed_awaiting_pickup', trackingReference: `33OLD${1000 + i}` }), 'pack');
          await expectOk(putTracking(id, { status: 'shipped', trackingReference: `33REB${1000 + i}` }), 'ship');
          break;
        case 2:
          await expectOk(adminPost(`/api/admin/orders/${id}/create-shipping-label`), 'label');
          await expectOk(putTracking(id, { status: 'shipped', trackingReference: `33REB${1000 + i}` }), 'ship');
          await expectOk(putTracking(id, { status: 'delivered', trackingReference: `33REB${1000 + i}` }), 'deliver');
          break;
        case 3:
          await expectOk(adminPost(`/api/admin/orders/${id}/create-shipping-label`), 'label');
          break;
        default:
          break;
      }
      t.clock.advance(30_000);
    }
  }

  /** Members joined with their cards saved, a run held for them and charged by the sweep, one run order packed. */
  async function clubWorkload(planId: string, productId: string): Promise<void> {
    const tokens: string[] = [];
    for (const [n, card] of ['4242424242424242', '4000000000000341', '4242424242424242'].entries()) {
      const joined = (await expectOk(
        t
          .http()
          .post('/api/club/join')
          .send({
            planId,
            customerInfo: { ...customer, email: `rebuild.member.${n}@example.com` },
            fulfilment: { method: n === 2 ? 'pickup' : 'delivery' },
          }),
        'club join',
      )) as { setupIntentId: string; setupClientSecret: string; manageToken: string };
      await expectOk(
        t
          .http()
          .post(`/api/test-gateway/setup-intents/${joined.setupIntentId}/confirm`)
          .send({ cardNumber: card, clientSecret: joined.setupClientSecret }),
        'club card',
      );
      tokens.push(joined.manageToken);
    }
    await quiesce();
    await expectOk(t.http().post('/api/club/manage/cancel').send({ token: tokens[2] }), 'club cancel');
    const chargeAt = new Date(t.clock.now.getTime() + 60_000).toISOString();
    const run = (await expectOk(
      adminPost('/api/admin/club/runs', { planId, chargeAt, items: [{ productId, quantity: 8 }] }),
      'club run',
    )) as {
      runId: string;
    };
    t.clock.advance(61_000);
    await t.app.get(ClubRunSweep).chargeDue();
    await quiesce();
    const detail = (await expectOk(admin('get', `/api/admin/club/runs/${run.runId}`), 'club run detail')) as {
      members: { status: string; orderId: string | null }[];
    };
    const charged = detail.members.find((member) => member.status === 'charged');
    if (charged?.orderId == null) throw new Error(`no club member was charged: ${JSON.stringify(detail.members)}`);
    await expectOk(putTracking(charged.orderId, { status: 'packed_awaiting_pickup', trackingReference: '33CLUB1000' }), 'pack club order');
    await quiesce();
  }

  async function rebuildOverHttp(): Promise<void> {
    const body = (await expectOk(adminPost('/api/admin/rebuild-read-models'), 'rebuild')) as { events: number };
    expect(body.events).toBeGreaterThan(0);
    await quiesce();
  }

  it(
    'given a realistic workload, when the read models are rebuilt (twice), then every collection is the same bytes as live',
    async () => {
      const started = Date.now();
      // Given products created, edited and counted, and orders through every payment journey
      const products = await createProducts();
      // The operator's discount codes (one stopped at once) and the club's plans
      await expectOk(adminPost('/api/admin/discount-codes', { code: 'REBUILD10', kind: 'percent', value: 10, maxUses: 1000 }), 'code');
      await expectOk(adminPost('/api/admin/discount-codes', { code: 'STOPPED', kind: 'free_shipping' }), 'code');
      await expectOk(adminPost('/api/admin/discount-codes/STOPPED/disable'), 'disable code');
      await expectOk(adminPost('/api/admin/club/plans', { name: 'Monthly 16', cans: 16, every: 'month', price: '79.00' }), 'club plan');
      const quarterly = (await expectOk(
        adminPost('/api/admin/club/plans', { name: 'Quarterly 8', cans: 8, every: 'quarter', price: 42 }),
        'club plan',
      )) as { planId: string };
      const placed: Placed[] = [];
      for (let n = 0; n < ORDERS; n += CONCURRENCY) {
        const batch = await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ORDERS - n) }, (_, k) => place(n + k, products)));
        await Promise.all(batch.map((p) => pay(p)));
        placed.push(...batch);
        t.clock.advance(7 * 60_000);
      }
      await quiesce();
      const paid = placed.filter((p) => ['paid', 'declined-then-paid', 'recovered-by-operator'].includes(p.journey));
      await fulfil(paid);
      // Club members (a card that charges, one declined, one who cancels) and a run charged by the sweep, one order packed
      await clubWorkload(quarterly.planId, products[0]?.id ?? '');
      // A refund of a paid order priced with the code: the code's revenue counts it
      const coded = paid.find((p) => p.coded);
      if (coded === undefined) throw new Error('no paid order with the code');
      await expectOk(
        t
          .http()
          .post(`/api/admin/orders/${coded.answer.orderId}/refund`)
          .set('Authorization', `Bearer ${await adminToken()}`)
          .set('Idempotency-Key', 'rebuild-refund-1')
          .send({ amount: '1.00' }),
        'refund a coded order',
      );

      // And the operator's reports and checks, and the reservations of abandoned checkouts lapsing
      const today = t.clock.now.toISOString().slice(0, 10);
      await expectOk(adminPost('/api/admin/sales-report', { startDate: '2026-01-01', endDate: today }), 'sales report');
      await expectOk(adminPost('/api/admin/sales-report/summary', { startDate: '2026-01-01', endDate: today }), 'sales summary');
      await expectOk(admin('get', '/api/admin/stock-levels'), 'stock levels');
      t.clock.advance(24 * 3600_000);
      await t.app.get(ReservationExpiry).releaseExpired();
      await expectOk(adminPost('/api/admin/analytics/send-daily-email'), 'daily analytics');
      await expectOk(adminPost('/api/admin/auto-fix'), 'auto-fix');
      // And an operator who logs out of one session (another stays open for the checks below)
      const leaving = await t.http().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD });
      await t
        .http()
        .post('/api/admin/logout')
        .set('Authorization', `Bearer ${(leaving.body as { token: string }).token}`)
        .expect(200);
      await quiesce();
      const workloadSeconds = (Date.now() - started) / 1000;

      // When the live read models are dumped, the clock moves on two days, and they are rebuilt from the log
      const live = await dumpReadModels(t.app);
      for (const name of readModelCollections(t.app)) {
        expect([name, live.collections.find((c) => c.name === name)?.documents.length ?? 0]).not.toEqual([name, 0]);
      }
      // And nothing in the store lies outside those collections (a document no projection owns would survive a
      // rebuild unchecked, or be lost by one)
      const health = await t.app.get<DocumentStore>(DOCUMENT_STORE).health();
      expect(health.detail).toMatch(new RegExp(`, ${live.documentCount} documents$`));
      t.clock.advance(2 * 24 * 3600_000);
      const rebuildStarted = Date.now();
      await rebuildOverHttp();
      const rebuildSeconds = (Date.now() - rebuildStarted) / 1000;
      const rebuilt = await dumpReadModels(t.app);

      // Then the rebuilt read models are the live ones, byte for byte
      expectSame(live, rebuilt, 'live vs rebuilt');

      // And a second rebuild (through the runner itself) gives the same bytes again
      t.clock.advance(3600_000);
      await t.app.get(ProjectionRunner).rebuildReadModels();
      await quiesce();
      expectSame(rebuilt, await dumpReadModels(t.app), 'first vs second rebuild');

      const orders = live.collections.find((c) => c.name === 'orders')?.documents.length ?? 0;
      const head = await events().headPosition();
      console.log(
        `rebuild: ${placed.length} checkouts (${paid.length} paid, ${orders} orders listed), ${products.length} products, ${head + 1} events, ` +
          `${live.collections.length} collections with ${live.documentCount} documents (${live.text.length.toLocaleString('en-AU')} bytes); ` +
          `workload ${workloadSeconds.toFixed(1)} s, rebuild ${rebuildSeconds.toFixed(1)} s; live = rebuilt = rebuilt again`,
      );
    },
    byScale(90_000, 480_000),
  );

  it('wrote no secret and no customer e-mail address to the log', async () => {
    expect(logged.length).toBeGreaterThan(0);
    const secrets = [
      TEST_ADMIN_PASSWORD,
      JWT_SECRET,
      t.app.get<PaymentGateway>(PAYMENT_GATEWAY).webhookSecret,
      await adminToken(),
      ...clientSecrets,
    ];
    expect(leakedLines(logged, secrets, [])).toEqual([]);
  });
});

function expectSame(before: ReadModelDump, after: ReadModelDump, what: string): void {
  const difference = firstDifference(before, after);
  if (difference !== null) throw new Error(`${what}: the read models differ at ${difference}`);
  expect(after.text).toBe(before.text);
}
