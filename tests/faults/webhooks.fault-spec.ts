import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Stripe from 'stripe';
import { PostgresEventStore } from '@brewery/eventstore';
import { createThrowawayDatabase, startThrowawayPostgres, type ThrowawayPostgres } from '@brewery/eventstore/testing';
import { TEST_CARDS } from '../../backend/src/modules/payments/domain/test-cards';
import { TestPaymentGateway, type SignedProviderEvent } from '../../backend/src/modules/payments/gateway/test-payment-gateway';
import {
  beer,
  cartLine,
  customer,
  signedPaymentEvent,
  type CheckoutAnswer,
  type OrderView,
} from '../../backend/test/checkout/checkout-fixtures';
import { BROWSER_ADMIN_PASSWORD, startShopServer, type ShopServer } from '../support/shop-server';
import { byScale } from './support/fault-scale';
import { leakedLines, testGatewaySecret } from './support/log-audit';

/**
 * Provider events arrive at least once, in any order, some at the same moment, and anyone can post to the
 * webhook. Whatever the schedule, the shop must end where an in-order, once-only delivery leaves it: one
 * payment per intent, stock taken once per paid order, forged deliveries refused and without effect.
 */

const JWT_SECRET = `webhook-fault-jwt-${randomBytes(16).toString('hex')}`;
const NUM_RUNS = byScale(15, 200);
/**
 * Runs stop starting after this long (a run under way finishes), so a busy machine shortens the run
 * instead of timing it out; fewer than MIN_RUNS completed fails the test.
 */
const TIME_LIMIT_MS = byScale(20_000, 400_000);
const MIN_RUNS = byScale(8, 60);
const SEED = Number(process.env.FAULT_SEED ?? Date.now() % 2 ** 31);
const INVENTORY = 100_000;

/** The cards tried on one intent, in the order the customer tried them (a success is always the last try). */
const SCENARIOS = {
  paid: [TEST_CARDS.success],
  declined: [TEST_CARDS.declined],
  'declined-then-paid': [TEST_CARDS.declined, TEST_CARDS.success],
  'two-declines': [TEST_CARDS.declined, TEST_CARDS.insufficientFunds],
  'declines-then-paid': [TEST_CARDS.insufficientFunds, TEST_CARDS.declined, TEST_CARDS.success],
} as const satisfies Record<string, readonly string[]>;
type Scenario = keyof typeof SCENARIOS;
const PACKS = ['single', '4pack', '8pack', '16pack'] as const;
type Pack = (typeof PACKS)[number];
const PACK_CANS: Record<Pack, number> = { single: 4, '4pack': 4, '8pack': 8, '16pack': 16 };

const FORGERIES = ['other-secret', 'tampered', 'stale', 'unsigned'] as const;
type Forgery = (typeof FORGERIES)[number];
const WEBHOOK_PATHS = ['/api/webhooks/stripe', '/api/stripe/webhook'] as const;

interface OrderPlan {
  scenario: Scenario;
  pack: Pack;
}

/** One POST to the webhook: a genuine event (by order and attempt) or a forgery aimed at an order. */
type Delivery =
  { kind: 'genuine'; order: number; attempt: number; path: number } | { kind: 'forged'; order: number; how: Forgery; path: number };

interface Plan {
  orders: OrderPlan[];
  /** Deliveries in wave order; every delivery of a wave is sent at the same time. */
  waves: Delivery[][];
}

const planArbitrary: fc.Arbitrary<Plan> = fc
  .array(fc.record({ scenario: fc.constantFrom(...(Object.keys(SCENARIOS) as Scenario[])), pack: fc.constantFrom(...PACKS) }), {
    minLength: 3,
    maxLength: 6,
  })
  .chain((orders) => {
    const events = orders.flatMap((o, order) => SCENARIOS[o.scenario].map((_, attempt) => ({ order, attempt })));
    return fc
      .tuple(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: events.length, maxLength: events.length }),
        fc.array(fc.record({ order: fc.nat({ max: orders.length - 1 }), how: fc.constantFrom(...FORGERIES) }), { maxLength: 3 }),
      )
      .chain(([copies, forgeries]) => {
        const deliveries: Omit<Delivery, 'path'>[] = [
          ...events.flatMap((e, i) => Array.from({ length: copies[i] ?? 1 }, () => ({ kind: 'genuine' as const, ...e }))),
          ...forgeries.map((f) => ({ kind: 'forged' as const, ...f })),
        ];
        const n = deliveries.length;
        return fc.record({
          order: fc.shuffledSubarray(deliveries, { minLength: n, maxLength: n }),
          waveSizes: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: n, maxLength: n }),
          paths: fc.array(fc.nat({ max: WEBHOOK_PATHS.length - 1 }), { minLength: n, maxLength: n }),
        });
      })
      .map(({ order, waveSizes, paths }) => {
        const shuffled = order.map((d, i) => ({ ...d, path: paths[i] ?? 0 }) as Delivery);
        const waves: Delivery[][] = [];
        for (let at = 0, w = 0; at < shuffled.length; w += 1) {
          const size = waveSizes[w] ?? 1;
          waves.push(shuffled.slice(at, at + size));
          at += size;
        }
        return { orders, waves };
      });
  });

/** What an order comes to, without what legitimately differs between two orders (ids, numbers, times). */
interface FinalState {
  status: string;
  reservation: string;
  needsReview: boolean;
  reviewReasons: string[];
  invoiced: boolean;
  paymentStatus: string;
  paymentsSucceeded: number;
  stockSold: number;
  confirmationEmails: number;
}

interface TimelineEntry {
  type: string;
  stream: string;
}

interface PlacedOrder extends CheckoutAnswer {
  plan: OrderPlan;
  events: SignedProviderEvent[];
}

describe('webhooks: any delivery schedule ends as an in-order, once-only delivery', () => {
  let server: ShopServer;
  let gateway: TestPaymentGateway;
  let token: string;
  const references = new Map<string, FinalState>();
  const clientSecrets: string[] = [];
  let products = 0;

  let postgres: ThrowawayPostgres;
  let store: PostgresEventStore;

  beforeAll(async () => {
    // A PostgreSQL server, so the test is a second process on the shop's store, as another shop process is.
    postgres = await startThrowawayPostgres();
    const databaseUrl = await createThrowawayDatabase(postgres.url, 'webhooks');
    server = await startShopServer({ name: 'faults-webhooks', env: { LOG_LEVEL: 'debug', JWT_SECRET, DATABASE_URL: databaseUrl } });
    // The local gateway stands for Stripe and keeps its state in the shared store: a second handle on it
    // confirms payments without delivering their events, so this test owns the delivery.
    store = await PostgresEventStore.open({ url: databaseUrl });
    gateway = await TestPaymentGateway.open(store, join(server.dataDir, 'test-gateway'));
    token = await server.adminToken();
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await store?.close();
    await postgres?.stop();
  });

  const admin = <T>(method: string, path: string, body?: unknown) => server.api<T>(method, path, body, token);

  let placed = 0;

  async function newProduct(): Promise<{ id: string; fields: ReturnType<typeof beer> }> {
    products += 1;
    const fields = beer(`Schedule Ale ${products}`, { inventory: INVENTORY });
    const { id } = await admin<{ id: string }>('POST', '/api/admin/products', fields);
    return { id, fields };
  }

  /** Checks out, then has the gateway decide each card of the scenario; nothing is delivered yet. */
  async function placeOrder(product: { id: string; fields: ReturnType<typeof beer> }, plan: OrderPlan): Promise<PlacedOrder> {
    const line =
      plan.pack === 'single'
        ? cartLine(product.id, product.fields, 'single', PACK_CANS.single)
        : cartLine(product.id, product.fields, plan.pack, 1);
    // Each order its own shopper: a checkout with the same e-mail address from here would replace the one before.
    placed += 1;
    const answer = await server.api<CheckoutAnswer>('POST', '/api/create-payment-intent', {
      cartItems: [line],
      customerInfo: { ...customer, email: `webhooks.${placed}@example.com` },
    });
    clientSecrets.push(answer.clientSecret);
    const events: SignedProviderEvent[] = [];
    for (const card of SCENARIOS[plan.scenario]) {
      const event = (await gateway.confirm(answer.paymentIntentId, card))?.event;
      if (!event) throw new Error(`the gateway produced no event for ${card} on ${answer.paymentIntentId}`);
      events.push(event);
    }
    return { ...answer, plan, events };
  }

  async function deliver(path: string, payload: string, signature: string | null): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
      body: payload,
    });
    return { status: res.status, body: await res.json() };
  }

  /** A provider event nobody sent: a success for the order's intent, under an id the gateway never issued. */
  function forge(order: PlacedOrder, how: Forgery, n: number): { payload: string; signature: string | null } {
    const secret = testGatewaySecret(server.dataDir);
    const eventId = `evt_forged_${n}_${randomBytes(6).toString('hex')}`;
    const success = (key: string) =>
      signedPaymentEvent(key, {
        eventId,
        type: 'payment_intent.succeeded',
        paymentIntentId: order.paymentIntentId,
        orderId: order.orderId,
        amount: order.amount,
      });
    switch (how) {
      case 'other-secret':
        return success(`whsec_${randomBytes(24).toString('hex')}`);
      case 'tampered': {
        // A genuine event's bytes turned into a success, sent with the genuine signature.
        const genuine = order.events[0];
        if (!genuine) throw new Error('no genuine event to tamper with');
        const event = JSON.parse(genuine.payload) as { id: string; type: string; data: { object: Record<string, unknown> } };
        const payload = JSON.stringify({
          ...event,
          id: eventId,
          type: 'payment_intent.succeeded',
          data: { object: { ...event.data.object, status: 'succeeded', amount_received: order.amount, last_payment_error: null } },
        });
        return { payload, signature: genuine.signature };
      }
      case 'stale': {
        // The right secret, but signed an hour ago: a replay outside Stripe's five-minute tolerance.
        const { payload } = success(secret);
        return {
          payload,
          signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) - 3600 }),
        };
      }
      case 'unsigned':
        return { payload: success(secret).payload, signature: null };
      default:
        return how satisfies never;
    }
  }

  /** Waits until every subscriber (read models and process managers) has handled the whole log. */
  async function settle(): Promise<void> {
    const deadline = Date.now() + 30_000;
    let quiet = 0;
    while (quiet < 2) {
      const health = await server.api<{ projections: { lag: number | null; lastError: string | null }[] }>(
        'GET',
        '/api/health',
        undefined,
        token,
      );
      quiet = health.projections.every((p) => p.lag === 0) ? quiet + 1 : 0;
      if (Date.now() > deadline) throw new Error(`subscribers did not catch up: ${JSON.stringify(health.projections)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async function finalState(
    order: PlacedOrder,
    rows: OrderView[],
  ): Promise<{ state: FinalState; paymentEvents: string[]; totalAmount: string }> {
    const row = rows.find((o) => o.id === order.orderId);
    if (!row) throw new Error(`order ${order.orderId} is not on the admin list`);
    const history = await admin<TimelineEntry[]>('GET', `/api/admin/orders/${order.orderId}/history`);
    const payment = await server.api<{ status: string }>(
      'GET',
      `/api/orders/payment-status?${new URLSearchParams({ payment_intent: order.paymentIntentId, client_secret: order.clientSecret }).toString()}`,
    );
    const paymentEvents = history.filter((e) => e.stream === `payment-${order.paymentIntentId}`).map((e) => e.type);
    return {
      paymentEvents,
      totalAmount: row.totalAmount,
      state: {
        status: row.status,
        reservation: row.reservation,
        needsReview: row.needsReview,
        reviewReasons: row.reviewReasons,
        invoiced: row.invoiceNumber !== null,
        paymentStatus: payment.status,
        paymentsSucceeded: paymentEvents.filter((t) => t === 'PaymentSucceeded').length,
        stockSold: history.filter((e) => e.type === 'StockSold').length,
        confirmationEmails: history.filter((e) => e.type === 'EmailQueued' && e.stream.endsWith('-confirmation')).length,
      },
    };
  }

  /** Delivers each event of a fresh order of this plan once, in the order the gateway produced them. */
  async function deliverInOrder(plan: OrderPlan): Promise<FinalState> {
    const order = await placeOrder(await newProduct(), plan);
    for (const event of order.events) {
      const res = await deliver(WEBHOOK_PATHS[0], event.payload, event.signature);
      if (res.status !== 200) throw new Error(`in-order delivery answered ${res.status}: ${JSON.stringify(res.body)}`);
      // The next event only once the shop has fully handled this one, as when they arrive minutes apart.
      await settle();
    }
    return (await finalState(order, await admin<OrderView[]>('GET', '/api/admin/orders'))).state;
  }

  function reference(plan: OrderPlan): FinalState {
    const state = references.get(plan.scenario);
    if (!state) throw new Error(`no reference for ${plan.scenario}`);
    return state;
  }

  it('gives an in-order, once-only delivery the outcome the spec asks for (the reference the schedules are held to)', async () => {
    const paid = {
      status: 'paid',
      reservation: 'sold',
      invoiced: true,
      paymentStatus: 'succeeded',
      paymentsSucceeded: 1,
      stockSold: 1,
      confirmationEmails: 1,
    };
    const unpaid = {
      status: 'pending',
      // A declined card keeps its hold until the hold expires: the customer may try another card.
      reservation: 'held',
      invoiced: false,
      paymentStatus: 'failed',
      paymentsSucceeded: 0,
      stockSold: 0,
      confirmationEmails: 0,
    };
    const expectations: Record<Scenario, Partial<FinalState>> = {
      paid,
      declined: unpaid,
      'declined-then-paid': paid,
      'two-declines': unpaid,
      'declines-then-paid': paid,
    };
    // The cart only sets the amount (checked per order against checkout's own figure), not the outcome.
    const plans = (Object.keys(SCENARIOS) as Scenario[]).map((scenario, i) => ({ scenario, pack: PACKS[i % PACKS.length] ?? '4pack' }));
    // Plans are independent orders on their own products: worked out side by side, each in order.
    const states = await Promise.all(plans.map((plan) => deliverInOrder(plan)));
    for (const [i, plan] of plans.entries()) {
      const state = states[i];
      if (!state) throw new Error('missing state');
      expect({ plan, state }).toMatchObject({ plan, state: { ...expectations[plan.scenario], needsReview: false, reviewReasons: [] } });
      references.set(plan.scenario, state);
    }
  }, 60_000);

  it(
    'given shuffled, duplicated, concurrent and forged deliveries, then every order ends as the reference and stock moves once per paid order',
    async () => {
      const totals = { runs: 0, orders: 0, deliveries: 0, duplicates: 0, forged: 0, concurrentWaves: 0, paid: 0 };
      let forgedSeq = 0;
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(planArbitrary, async (plan) => {
          const product = await newProduct();
          // Given K customers checking out at once, each paying with the scenario's cards
          const orders = await Promise.all(plan.orders.map((orderPlan) => placeOrder(product, orderPlan)));
          const expected = plan.orders.map((p) => reference(p));

          // When the schedule is played, wave by wave, each wave's deliveries at once
          const answers: { delivery: Delivery; status: number; body: unknown }[] = [];
          for (const wave of plan.waves) {
            const results = await Promise.all(
              wave.map(async (delivery) => {
                const order = orders[delivery.order];
                if (!order) throw new Error(`no order ${delivery.order}`);
                const path = WEBHOOK_PATHS[delivery.path] ?? WEBHOOK_PATHS[0];
                if (delivery.kind === 'forged') {
                  forgedSeq += 1;
                  const forged = forge(order, delivery.how, forgedSeq);
                  return { delivery, ...(await deliver(path, forged.payload, forged.signature)) };
                }
                const event = order.events[delivery.attempt];
                if (!event) throw new Error(`no event ${delivery.attempt} for order ${delivery.order}`);
                return { delivery, ...(await deliver(path, event.payload, event.signature)) };
              }),
            );
            answers.push(...results);
          }
          await settle();

          // Then genuine events are acknowledged (2xx) and forged ones refused with 400
          for (const { delivery, status, body } of answers) {
            if (delivery.kind === 'genuine') expect([delivery, status]).toEqual([delivery, 200]);
            else {
              expect([delivery, status]).toEqual([delivery, 400]);
              expect((body as { message: string }).message).toBe(
                delivery.how === 'unsigned' ? 'Missing Stripe-Signature header' : 'Webhook signature verification failed',
              );
            }
          }

          // And each order ends as the in-order, once-only delivery left the same plan; each provider event
          // is on the payment's stream exactly once, a forged one never
          const rows = await admin<OrderView[]>('GET', '/api/admin/orders');
          let soldCans = 0;
          let heldCans = 0;
          for (const [i, order] of orders.entries()) {
            const { state, paymentEvents, totalAmount } = await finalState(order, rows);
            expect([order.orderId, totalAmount]).toEqual([order.orderId, (order.amount / 100).toFixed(2)]);
            expect({ order: order.orderId, plan: order.plan, state }).toEqual({
              order: order.orderId,
              plan: order.plan,
              state: expected[i],
            });
            // Plus, for a paid order, the shop's own record of its capture (the provider's events are authorisations and failures).
            expect(paymentEvents.filter((t) => t !== 'PaymentIntentCreated')).toHaveLength(
              order.events.length + (state.status === 'paid' ? 1 : 0),
            );
            if (state.status === 'paid') soldCans += PACK_CANS[order.plan.pack];
            if (state.reservation === 'held') heldCans += PACK_CANS[order.plan.pack];
          }

          // And the product's stock went down once per paid order; only the declined orders still hold cans (until their hold expires)
          const listed = (
            await admin<{ id: string; inventory: number; reserved: number; available: number }[]>('GET', '/api/admin/products')
          ).find((p) => p.id === product.id);
          expect(listed).toMatchObject({
            inventory: INVENTORY - soldCans,
            reserved: heldCans,
            available: INVENTORY - soldCans - heldCans,
          });

          const deliveries = plan.waves.flat();
          totals.runs += 1;
          totals.orders += orders.length;
          totals.deliveries += deliveries.length;
          totals.forged += deliveries.filter((d) => d.kind === 'forged').length;
          totals.duplicates += deliveries.filter((d) => d.kind === 'genuine').length - orders.reduce((n, o) => n + o.events.length, 0);
          totals.concurrentWaves += plan.waves.filter((w) => w.length > 1).length;
          totals.paid += orders.filter((o) => SCENARIOS[o.plan.scenario].at(-1) === TEST_CARDS.success).length;
        }),
        // The first counterexample is reported as it is: shrinking would replay schedules against a shop that
        // has moved on, and the seed reproduces the run.
        { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false },
      );
      expect(totals.runs).toBeGreaterThanOrEqual(MIN_RUNS);
      console.log(
        `webhooks: seed ${SEED}, ${totals.runs} of ${NUM_RUNS} runs, ${totals.orders} orders (${totals.paid} paid), ` +
          `${totals.deliveries} deliveries (${totals.duplicates} duplicates, ${totals.forged} forged, ${totals.concurrentWaves} concurrent waves), ` +
          `every order as its in-order reference, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    },
    byScale(60_000, 480_000),
  );

  it('wrote no secret and no customer e-mail address to the log', () => {
    const secrets = [BROWSER_ADMIN_PASSWORD, JWT_SECRET, testGatewaySecret(server.dataDir), token, ...clientSecrets];
    expect(leakedLines(server.output(), secrets, [])).toEqual([]);
  });
});
