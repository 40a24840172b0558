import { join } from 'node:path';
import { PgliteEventStore } from '@brewery/eventstore';
import { startShopServer, type ShopServer } from '../support/shop-server';
import {
  adminOrders,
  adminProducts,
  cansByProduct,
  cartLine,
  checkOut,
  createProduct,
  customerInfo,
  describe as describeAnswer,
  eventually,
  formatCount,
  outbox,
  payWithTestCard,
  type AdminOrder,
  type AdminProduct,
  type CartLine,
} from './support/checkout-load';
import { byScale } from './support/fault-scale';
import { leakedLines, testGatewaySecret } from './support/log-audit';

/**
 * kill -9 under checkout load. A few customers loop checkout -> payment intent -> pay with the test card
 * against the real server process; at a random moment the process is killed (SIGKILL: no shutdown hook)
 * and started again on the same data. After every restart: every acknowledged checkout (a 2xx answer) is
 * an order, every acknowledged payment ends as a paid order, nothing is doubled (order numbers, payments,
 * invoice numbers, confirmation e-mails), and the stock adds up.
 *
 * Customers whose payment was cut off by the crash pay again after the restart, as they would on the
 * checkout page; those retries count as payments too.
 */
const CYCLES = byScale(3, 20);
const CLIENTS = 4;
const INITIAL_STOCK = 1_000_000;
/**
 * The kill lands after a random number of acknowledged checkouts and payments in the cycle, then a random
 * few milliseconds more so it cuts requests at any stage. Counting answers rather than seconds keeps the
 * cycles comparable on a busy machine.
 */
const KILL_AFTER_ANSWERS: readonly [number, number] = byScale([4, 16], [4, 40]);
const KILL_JITTER_MS = 250;
/** The kill comes anyway after this long, even if the load is stuck. */
const KILL_DEADLINE_MS = 30_000;
/** How long the process managers may take to finish what the crash interrupted. */
const SETTLE_MS = 30_000;

const ADMIN_PASSWORD = 'crash-fault-admin-password';
const JWT_SECRET = 'crash-fault-jwt-secret-that-is-long-enough-for-hs256';

interface Acknowledged {
  orderId: string;
  paymentIntentId: string;
  clientSecret: string;
  customerName: string;
  cans: Map<string, number>;
  paid: boolean;
}

interface Tally {
  acknowledged: Map<string, Acknowledged>;
  /** Order ids a second checkout was also acknowledged with (must stay empty). */
  reusedOrderIds: string[];
  payments: number;
  retriedPayments: number;
  cutOffRequests: number;
  /** A non-2xx answer while the server was up, or a payment that did not succeed (must stay empty). */
  unexpected: string[];
  /** Answers (acknowledged checkouts and payments) each cycle's kill waited for. */
  killAfter: number[];
  restartMs: number[];
}

describe('crash: SIGKILL under checkout load, restart on the same data', () => {
  let server: ShopServer;
  let token: string;
  let gatewaySecret = '';
  const tally: Tally = {
    acknowledged: new Map(),
    reusedOrderIds: [],
    payments: 0,
    retriedPayments: 0,
    cutOffRequests: 0,
    unexpected: [],
    killAfter: [],
    restartMs: [],
  };

  beforeAll(async () => {
    server = await startShopServer({ name: 'crash-fault', env: { LOG_LEVEL: 'debug', ADMIN_PASSWORD, JWT_SECRET } });
    gatewaySecret = testGatewaySecret(server.dataDir);
  }, 90_000);

  afterAll(async () => {
    await server.stop();
  });

  it(
    `keeps every acknowledged order and payment through ${CYCLES} kills, with nothing doubled and the stock adding up`,
    async () => {
      token = await server.adminToken();
      const pale = await createProduct(server.url, token, 'Crash Pale Ale', INITIAL_STOCK);
      const lager = await createProduct(server.url, token, 'Crash Lager', INITIAL_STOCK);
      // Valid packs, single- and two-product, so reservations across products are cut off by the crash too.
      const carts: CartLine[][] = [
        [cartLine(pale, 'single', 4)],
        [cartLine(lager, '4pack', 1)],
        [cartLine(pale, '8pack', 1)],
        [cartLine(pale, '4pack', 1), cartLine(lager, 'single', 4)],
        [cartLine(lager, '16pack', 1)],
        [cartLine(pale, 'single', 2), cartLine(lager, 'single', 2)],
      ];

      for (let cycle = 1; cycle <= CYCLES; cycle++) {
        await runUntilKilled(server, cycle, carts, tally);
        // What the customers' bank had charged when the shop died (read while it is down: one writer at a time).
        const charged = await chargedIntents(server.dataDir);
        const restarting = Date.now();
        await server.restart();
        tally.restartMs.push(Date.now() - restarting);
        token = await server.adminToken();
        await expectAcknowledgedOrdersExist(server.url, token, tally);
        await payWhatTheCrashCutOff(server.url, tally);
        await expectPaymentsEndPaid(server.url, token, tally);
        await expectNothingDoubled(server.url, token, tally);
        await expectStockAddsUp(server.url, token, [pale, lager]);
        await expectEveryChargeIsAPaidOrder(server.url, token, charged);
      }

      expect(tally.unexpected).toEqual([]);
      expect(tally.reusedOrderIds).toEqual([]);
      const lost = [...tally.acknowledged.values()].filter((a) => !a.paid).length;
      console.log(
        `crash: ${CYCLES} cycles (SIGKILL after ${tally.killAfter.join(', ')} answers), ` +
          `${formatCount(tally.acknowledged.size)} acknowledged orders, ${formatCount(tally.payments)} payments ` +
          `(${formatCount(tally.retriedPayments)} paid again after a crash cut them off), ${tally.cutOffRequests} requests cut off, ` +
          `lost 0, doubled 0, unpaid ${lost}, all present and paid after restart, stock adds up; ` +
          `restarts took ${(Math.min(...tally.restartMs) / 1000).toFixed(1)}-${(Math.max(...tally.restartMs) / 1000).toFixed(1)} s`,
      );
    },
    byScale(120_000, 900_000),
  );

  it('writes no secret and no customer e-mail address to the server log', () => {
    const clientSecrets = [...tally.acknowledged.values()].map((a) => a.clientSecret);
    expect(leakedLines(server.output(), [ADMIN_PASSWORD, JWT_SECRET, gatewaySecret, ...clientSecrets], [])).toEqual([]);
  });
});

/** Loads the shop with CLIENTS looping customers, SIGKILLs it at a random moment, and waits for every client to notice. */
async function runUntilKilled(server: ShopServer, cycle: number, carts: readonly CartLine[][], tally: Tally): Promise<void> {
  const phase = { running: true, answers: 0 };
  const client = async (clientNo: number): Promise<void> => {
    for (let n = 1; phase.running; n++) {
      const label = `c${cycle} k${clientNo} n${n}`;
      const cart = carts[(clientNo + n) % carts.length] ?? [];
      const customer = customerInfo(label);
      const checkout = await checkOut(server.url, cart, customer);
      if (checkout.status === null) return void tally.cutOffRequests++;
      if (!checkout.ok) {
        // A refusal after the kill is impossible (no answer at all); before it, nothing should refuse this load.
        tally.unexpected.push(`checkout ${label}: ${describeAnswer(checkout)}`);
        continue;
      }
      const { orderId, paymentIntentId, clientSecret } = checkout.body;
      if (tally.acknowledged.has(orderId)) tally.reusedOrderIds.push(orderId);
      const ack: Acknowledged = {
        orderId,
        paymentIntentId,
        clientSecret,
        customerName: customer['name'] ?? '',
        cans: cansByProduct(cart),
        paid: false,
      };
      tally.acknowledged.set(orderId, ack);
      phase.answers++;
      const payment = await payWithTestCard(server.url, ack);
      if (payment.status === null) return void tally.cutOffRequests++;
      if (!payment.ok || payment.body.paymentIntent.status !== 'succeeded') {
        tally.unexpected.push(`payment of order ${orderId}: ${describeAnswer(payment)}`);
        continue;
      }
      ack.paid = true;
      tally.payments++;
      phase.answers++;
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, i) => client(i + 1));
  const [least, most] = KILL_AFTER_ANSWERS;
  const target = least + Math.floor(Math.random() * (most - least + 1));
  const deadline = Date.now() + KILL_DEADLINE_MS;
  while (phase.answers < target && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, Math.random() * KILL_JITTER_MS));
  tally.killAfter.push(phase.answers);
  phase.running = false;
  await server.kill();
  await Promise.all(clients);
}

async function expectAcknowledgedOrdersExist(url: string, token: string, tally: Tally): Promise<void> {
  const orders = await adminOrders(url, token);
  const byId = new Map(orders.map((o) => [o.id, o]));
  const missing = [...tally.acknowledged.values()].filter((a) => byId.get(a.orderId)?.customerName !== a.customerName);
  // Missing, or the number was handed to another checkout after the crash.
  expect(missing.map((a) => `order ${a.orderId} of ${a.customerName}: ${byId.get(a.orderId)?.customerName ?? 'missing'}`)).toEqual([]);
}

/** The customers whose payment the crash cut off (or never got to) pay again, as they would on the checkout page. */
async function payWhatTheCrashCutOff(url: string, tally: Tally): Promise<void> {
  for (const ack of tally.acknowledged.values()) {
    if (ack.paid) continue;
    const payment = await payWithTestCard(url, ack);
    if (!payment.ok || payment.body.paymentIntent.status !== 'succeeded') {
      tally.unexpected.push(`payment of order ${ack.orderId} after restart: ${describeAnswer(payment)}`);
      continue;
    }
    ack.paid = true;
    tally.payments++;
    tally.retriedPayments++;
  }
}

function isPaidAndComplete(order: AdminOrder | undefined): boolean {
  return order?.status === 'paid' && order.invoiceNumber !== null;
}

async function expectPaymentsEndPaid(url: string, token: string, tally: Tally): Promise<void> {
  const paid = [...tally.acknowledged.values()].filter((a) => a.paid);
  const orders = await eventually(
    'every paid checkout to be a paid order with an invoice number and its confirmation e-mail',
    async () => {
      const list = await adminOrders(url, token);
      const byId = new Map(list.map((o) => [o.id, o]));
      if (!paid.every((a) => isPaidAndComplete(byId.get(a.orderId)))) return undefined;
      const mailed = new Set((await outbox(url, token)).map((e) => e.orderId));
      return paid.every((a) => mailed.has(a.orderId)) ? byId : undefined;
    },
    SETTLE_MS,
  ).catch(async (error: unknown) => {
    const byId = new Map((await adminOrders(url, token)).map((o) => [o.id, o]));
    const stuck = paid
      .filter((a) => !isPaidAndComplete(byId.get(a.orderId)))
      .map((a) => `${a.orderId}: ${JSON.stringify(byId.get(a.orderId)?.status)}`);
    throw new Error(`${error instanceof Error ? error.message : String(error)}; not complete: ${stuck.slice(0, 10).join(', ')}`);
  });
  for (const ack of paid) expect(orders.get(ack.orderId)?.paymentIntentId).toBe(ack.paymentIntentId);
}

async function expectNothingDoubled(url: string, token: string, tally: Tally): Promise<void> {
  const orders = await adminOrders(url, token);
  const duplicates = (values: readonly (string | number | null)[]): (string | number)[] => {
    const seen = new Set<string | number>();
    return values.filter((v): v is string | number => v !== null && (seen.has(v) || (seen.add(v), false)));
  };
  expect(duplicates(orders.map((o) => o.id))).toEqual([]);
  expect(duplicates(orders.map((o) => o.number))).toEqual([]);
  expect(duplicates(orders.map((o) => o.invoiceNumber))).toEqual([]);
  expect(duplicates(orders.map((o) => o.paymentIntentId))).toEqual([]);
  const ours = orders.filter((o) => tally.acknowledged.has(o.id));
  // Paid once, never flagged (a second payment of one order is flagged "Paid twice" for review).
  expect(ours.filter((o) => o.statusHistory.filter((h) => h.status === 'paid').length > 1).map((o) => o.id)).toEqual([]);
  expect(ours.filter((o) => o.needsReview).map((o) => `${o.id}: ${o.reviewReasons.join('; ')}`)).toEqual([]);
  const mails = (await outbox(url, token)).filter((e) => e.orderId !== null && tally.acknowledged.has(e.orderId));
  expect(duplicates(mails.map((e) => e.orderId))).toEqual([]);
}

/** The stock figure falls only by what paid orders sold; the cans held are those of pending checkouts. */
async function expectStockAddsUp(url: string, token: string, products: readonly AdminProduct[]): Promise<void> {
  const [orders, current] = await Promise.all([adminOrders(url, token), adminProducts(url, token)]);
  const cans = (status: string, productId: string): number =>
    orders
      .filter((o) => o.status === status)
      .flatMap((o) => o.items)
      .filter((item) => item.productId === productId)
      .reduce((sum, item) => sum + item.quantity, 0);
  for (const product of products) {
    const now = current.find((p) => p.id === product.id);
    expect(now).toBeDefined();
    if (now === undefined) continue;
    expect({ product: now.name, stockPlusSold: now.inventory + cans('paid', product.id) }).toEqual({
      product: now.name,
      stockPlusSold: product.inventory,
    });
    // A checkout cut off by the crash may hold its cans (until its reservation lapses) or not have reserved yet.
    expect(now.reserved).toBeGreaterThanOrEqual(0);
    expect(now.reserved).toBeLessThanOrEqual(cans('pending', product.id));
    expect(now.available).toBe(now.inventory - now.reserved);
  }
}

interface ChargedIntent {
  id: string;
  status: string;
  metadata: { orderId?: string };
}

/** The intents the local gateway had captured, read from the shop's event store (the server must be down). */
async function chargedIntents(dataDir: string): Promise<ChargedIntent[]> {
  const store = await PgliteEventStore.open({ dataDir: join(dataDir, 'eventstore') });
  try {
    const latest = new Map<string, ChargedIntent>();
    for (const event of await store.readAll()) {
      if (!event.streamName.startsWith('test-gateway-intent-')) continue;
      latest.set(event.streamName, (event.data as { intent: ChargedIntent }).intent);
    }
    return [...latest.values()].filter((intent) => intent.status === 'succeeded');
  } finally {
    await store.close();
  }
}

/** The local gateway is the customer's bank: every intent it charged belongs to a paid order. */
async function expectEveryChargeIsAPaidOrder(url: string, token: string, charged: readonly ChargedIntent[]): Promise<void> {
  const orders = new Map((await adminOrders(url, token)).map((o) => [o.id, o]));
  const unpaid = charged.filter((intent) => {
    const order = orders.get(intent.metadata.orderId ?? '');
    return order?.status !== 'paid' || order.paymentIntentId !== intent.id;
  });
  expect(
    unpaid.map(
      (intent) =>
        `${intent.id} (order ${intent.metadata.orderId ?? '?'}): ${orders.get(intent.metadata.orderId ?? '')?.status ?? 'missing'}`,
    ),
  ).toEqual([]);
}
