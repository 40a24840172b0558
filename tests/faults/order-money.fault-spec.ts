import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { EventStore, RecordedEvent } from '@brewery/eventstore';
import type { OrderPlacedData } from '../../backend/src/modules/orders';
import { CatalogStock } from '../../backend/src/modules/catalog';
import { ReservationExpiry } from '../../backend/src/modules/checkout/reservation-expiry/reservation-expiry.service';
import { PAYMENT_GATEWAY } from '../../backend/src/modules/payments/gateway/payment-gateway.port';
import type { TestPaymentGateway } from '../../backend/src/modules/payments/gateway/test-payment-gateway';
import { EVENT_STORE } from '../../backend/src/platform/persistence/persistence.tokens';
import { ProjectionRunner } from '../../backend/src/platform/projections/projection-runner';
import {
  beer,
  cartLine,
  checkOut,
  customer,
  seedProduct,
  settle,
  type CheckoutAnswer,
} from '../../backend/test/checkout/checkout-fixtures';
import { createTestApp, type TestApp } from '../../backend/test/create-test-app';
import { byScale } from './support/fault-scale';

/**
 * Where an order meets its payment (docs/decisions/0003), as a property: random interleavings of checkout (some with a
 * discount code of 1 or 2 uses, a percentage or an amount off), card payment,
 * delete, cancel (with and without keeping the payment), a status by hand, refunds (keys repeated on purpose),
 * hold expiry and webhook redelivery, fired in concurrent waves with 0-6 ms between them, through the real
 * pipeline. After each run, whatever happened:
 *   - no money is kept for a deleted or cancelled order (unless the operator chose to keep it, with a reason);
 *   - no payment is refunded more than was paid, and one refund key is one refund;
 *   - stock adds up: on hand = start - cans of orders paid + cans returned, and nothing is held by an ended order;
 *   - every order whose money was taken is found by its number;
 *   - cents add up: total = lines + shipping - discount, GST one eleventh of it, a payment takes exactly the total;
 *   - a code's uses: none held once every order has ended, one per paid order with it, never more than its limit.
 * `npm test` runs it briefly with a seed of the day; `npm run test:faults` at length. FAULT_SEED replays one.
 */
const NUM_RUNS = byScale(40, 400);
const TIME_LIMIT_MS = byScale(30_000, 420_000);
const MIN_RUNS = byScale(10, 100);
const SEED = Number(process.env.FAULT_SEED ?? Date.now() % 2 ** 31);
const START = 400;
const SUCCEEDS = '4242 4242 4242 4242';

type StepKind = 'pay' | 'delete' | 'cancel' | 'cancelKeep' | 'pack' | 'refund' | 'expire' | 'redeliver';
interface Step {
  kind: StepKind;
  order: number;
  /** ms after the wave starts */
  after: number;
  /** for refunds: which of three keys (repeats on purpose) */
  key: number;
}
interface Plan {
  orders: ('4pack' | '8pack')[];
  /** Which orders ask for the run's discount code (it has `codeUses` uses: later ones check out without it). */
  withCode: boolean[];
  code: { kind: 'percent'; value: number } | { kind: 'amount'; value: number };
  codeUses: number;
  waves: Step[][];
}

const stepArbitrary = (orders: number): fc.Arbitrary<Step> =>
  fc.record({
    kind: fc.constantFrom<StepKind>(
      'pay',
      'pay',
      'pay',
      'pay',
      'delete',
      'cancel',
      'cancelKeep',
      'pack',
      'refund',
      'refund',
      'refund',
      'expire',
      'redeliver',
    ),
    order: fc.nat({ max: orders - 1 }),
    after: fc.nat({ max: 6 }),
    key: fc.nat({ max: 2 }),
  });
const planArbitrary: fc.Arbitrary<Plan> = fc
  .array(fc.constantFrom<'4pack' | '8pack'>('4pack', '8pack'), { minLength: 1, maxLength: 3 })
  .chain((orders) =>
    fc.record({
      orders: fc.constant(orders),
      withCode: fc.array(fc.boolean(), { minLength: orders.length, maxLength: orders.length }),
      code: fc.oneof(
        fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 100 }) }),
        fc.record({ kind: fc.constant('amount' as const), value: fc.integer({ min: 1, max: 9_999 }).map((c) => c / 100) }),
      ),
      codeUses: fc.integer({ min: 1, max: 2 }),
      waves: fc.array(fc.array(stepArbitrary(orders.length), { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 8 }),
    }),
  );

describe('an order and its money, under random interleavings', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN_TTL_SECONDS: String(30 * 24 * 3600) });
    // The runs decide when holds expire.
    await t.app.get(ReservationExpiry).onApplicationShutdown();
    token = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
  });

  const store = () => t.app.get<EventStore>(EVENT_STORE);
  const events = (stream: string) => store().readStream(stream);
  const admin = (method: 'get' | 'post' | 'put' | 'delete', path: string) => t.http()[method](path).set('Authorization', `Bearer ${token}`);

  async function run(step: Step, order: CheckoutAnswer): Promise<void> {
    switch (step.kind) {
      case 'pay':
        await t
          .http()
          .post(`/api/test-gateway/payment-intents/${order.paymentIntentId}/confirm`)
          .send({ cardNumber: SUCCEEDS, clientSecret: order.clientSecret });
        return;
      case 'delete':
        await admin('delete', `/api/admin/orders/${order.orderId}`);
        return;
      case 'cancel':
        await admin('put', `/api/admin/orders/${order.orderId}/tracking`).send({ status: 'cancelled', trackingReference: 'TBA' });
        return;
      case 'cancelKeep':
        await admin('put', `/api/admin/orders/${order.orderId}/tracking`).send({
          status: 'cancelled',
          trackingReference: 'TBA',
          keepPaymentReason: 'Kept by the property test',
        });
        return;
      case 'pack':
        await admin('put', `/api/admin/orders/${order.orderId}/tracking`).send({
          status: 'packed_awaiting_pickup',
          trackingReference: 'TBA',
        });
        return;
      case 'refund':
        await admin('post', `/api/admin/orders/${order.orderId}/refund`)
          .set('Idempotency-Key', `property-${order.orderId}-${step.key}`)
          .send({ amount: '1.00' });
        return;
      case 'expire':
        t.clock.advance(11 * 60_000);
        await t.app.get(ReservationExpiry).releaseExpired();
        return;
      case 'redeliver': {
        const latest = await t.app.get<TestPaymentGateway>(PAYMENT_GATEWAY).latestEvent(order.paymentIntentId);
        if (latest === null) return;
        await t
          .http()
          .post('/api/webhooks/stripe')
          .set('Content-Type', 'application/json')
          .set('Stripe-Signature', latest.signature)
          .send(latest.payload);
        return;
      }
    }
  }

  /** Every read model and process manager caught up; when one is stuck, its error is the failure. */
  async function settledOrSaid(): Promise<void> {
    try {
      await settle(t);
    } catch (error) {
      const stuck = t.app
        .get(ProjectionRunner)
        .statuses()
        .filter((s) => s.lastError !== null)
        .map((s) => `${s.name}: ${String(s.lastError)}`);
      throw new Error(`not settled (${String(error)}): ${stuck.join('; ') || 'no subscriber reports an error'}`, { cause: error });
    }
  }

  const sum = (list: readonly RecordedEvent[], type: string) =>
    list.filter((e) => e.type === type).reduce((n, e) => n + ((e.data as { amountCents?: number }).amountCents ?? 0), 0);

  it(
    'keeps no money for a deleted or cancelled order, refunds once per key and never more than paid, and stock adds up',
    async () => {
      const started = Date.now();
      const totals = { runs: 0, orders: 0, steps: 0, paid: 0, deletedOrCancelled: 0, refunds: 0, coded: 0, paidWithCode: 0 };
      await fc.assert(
        fc.asyncProperty(planArbitrary, async (plan) => {
          const productId = `property-${totals.runs}-${Date.now().toString(36)}`;
          const fields = beer(`Property ${totals.runs}`, { inventory: START });
          await seedProduct(t, productId, fields);
          const code = `MONEY-${totals.runs}-${Date.now().toString(36)}`;
          await admin('post', '/api/admin/discount-codes')
            .send({ code, ...plan.code, maxUses: plan.codeUses })
            .expect(201);
          const orders: CheckoutAnswer[] = [];
          // Each order its own shopper: a checkout with the same e-mail address from here would replace the one before.
          for (const [n, pack] of plan.orders.entries()) {
            const cartItems = [cartLine(productId, fields, pack, 1)];
            const info = { ...customer, email: `money.${totals.runs}.${n}@example.com` };
            const coded =
              plan.withCode[n] === true
                ? await t.http().post('/api/create-payment-intent').send({ cartItems, customerInfo: info, discountCode: code })
                : null;
            if (coded !== null && coded.status !== 200)
              expect({ n, refused: coded.body }).toMatchObject({ n, refused: { code: 'code_used_up' } });
            orders.push(coded?.status === 200 ? (coded.body as CheckoutAnswer) : await checkOut(t, cartItems, info));
          }
          for (const wave of plan.waves) {
            await Promise.all(
              wave.map(async (step) => {
                await new Promise((resolve) => setTimeout(resolve, step.after));
                const order = orders[step.order];
                if (order !== undefined) await run(step, order);
              }),
            );
          }
          await settledOrSaid();

          let soldCans = 0;
          const withCodePaid: { orderId: string; paid: boolean }[] = [];
          for (const [index, order] of orders.entries()) {
            const orderEvents = await events(`order-${order.orderId}`);
            const paymentEvents = await events(`payment-${order.paymentIntentId}`);
            const paid = sum(paymentEvents, 'PaymentSucceeded');
            const refunded = paymentEvents
              .filter((e) => e.type === 'PaymentRefunded')
              .reduce((n, e) => n + (e.data as { amountCents: number }).amountCents, 0);
            const deleted = orderEvents.some((e) => e.type === 'OrderDeleted');
            const lastStatus = [...orderEvents]
              .reverse()
              .find((e) => e.type === 'OrderStatusChanged' || e.type === 'OrderCancelled' || e.type === 'OrderPaid');
            const cancelled =
              lastStatus?.type === 'OrderCancelled' ||
              (lastStatus?.type === 'OrderStatusChanged' && (lastStatus.data as { to: string }).to === 'cancelled');
            const keptOnPurpose = orderEvents.some(
              (e) => e.type === 'PaidOrderCancelled' && (e.data as { keptReason: string | null }).keptReason !== null,
            );
            const story = {
              run: totals.runs,
              order: index,
              plan,
              orderEvents: orderEvents.map((e) => e.type),
              paymentEvents: paymentEvents.map((e) => e.type),
            };

            // Refunded never more than paid
            expect({ ...story, overRefunded: refunded > paid }).toEqual({ ...story, overRefunded: false });
            // Money adds up to the cent: the total is the lines and shipping less the discount, the GST one eleventh of it,
            // and a payment takes exactly the total
            const placed = orderEvents.find((e) => e.type === 'OrderPlaced')?.data as OrderPlacedData;
            const off = placed.discount?.cents ?? 0;
            expect({ ...story, total: placed.totalCents, gst: placed.gstCents, charged: paid === 0 ? placed.totalCents : paid }).toEqual({
              ...story,
              total: placed.subtotalCents + placed.shippingCents - off,
              gst: Math.round(placed.totalCents / 11),
              charged: placed.totalCents,
            });
            expect({ ...story, offOk: off >= 0 && placed.totalCents >= 50 }).toEqual({ ...story, offOk: true });
            if (placed.discount !== undefined)
              withCodePaid.push({ orderId: order.orderId, paid: orderEvents.some((e) => e.type === 'OrderPaid') });
            // No money kept for an order deleted or cancelled, unless the operator kept it with a reason
            if ((deleted || cancelled) && !keptOnPurpose) {
              expect({ ...story, kept: paid - refunded }).toEqual({ ...story, kept: 0 });
            }
            // One refund per key: the provider's refunds on the payment are as many as the distinct keys that made one
            const keysUsed = (
              await Promise.all([0, 1, 2].map((k) => events(`refund-${order.orderId}-${refundStreamDigest(order.orderId, k)}`)))
            ).filter((s) => s.some((e) => e.type === 'RefundMade')).length;
            const byOperator = paymentEvents.filter(
              (e) => e.type === 'PaymentRefunded' && (e.data as { note: string }).note !== 'The order was cancelled',
            );
            expect({ ...story, operatorRefunds: byOperator.length }).toEqual({ ...story, operatorRefunds: keysUsed });

            // Every order whose money was taken is found by its number
            if (paid > 0) {
              const found = (await admin('get', `/api/admin/orders/search?q=${order.orderId}`)).body as { items: { id: string }[] };
              expect({ ...story, found: found.items.some((o) => o.id === order.orderId) }).toEqual({ ...story, found: true });
              totals.paid += 1;
            }
            if (deleted || cancelled) totals.deletedOrCancelled += 1;
            totals.refunds += paymentEvents.filter((e) => e.type === 'PaymentRefunded').length;
            const cans = plan.orders[index] === '8pack' ? 8 : 4;
            const sold = orderEvents.some((e) => e.type === 'OrderPaid');
            const productEvents = await events(`product-${productId}`);
            const returned = productEvents.some(
              (e) => e.type === 'StockReturned' && (e.data as { orderId: string }).orderId === order.orderId,
            );
            if (sold && !returned) soldCans += cans;
          }
          // Stock adds up, from the orders' side: start less the cans of orders paid and not returned
          const snapshot = await t.app.get(CatalogStock).snapshot(productId, t.clock.now.toISOString());
          expect({ plan, stock: snapshot?.stock }).toEqual({ plan, stock: START - soldCans });
          // Nothing held once every order has ended or expired
          t.clock.advance(11 * 60_000);
          await t.app.get(ReservationExpiry).releaseExpired();
          await settledOrSaid();
          expect({ plan, reserved: (await t.app.get(CatalogStock).snapshot(productId, t.clock.now.toISOString()))?.reserved }).toEqual({
            plan,
            reserved: 0,
          });
          // The code's uses, like the cans: none held once every order has ended, one taken by each paid order with the
          // code, and never more than its limit
          const uses = await events(`discount-code-${code.toUpperCase()}`);
          const held = new Set<string>();
          const redeemed: string[] = [];
          for (const e of uses) {
            const data = e.data as { orderId: string; replaced?: string[] };
            if (e.type === 'DiscountUseHeld') held.add(data.orderId);
            if (e.type === 'DiscountUseReleased') held.delete(data.orderId);
            if (e.type === 'DiscountUseRedeemed') {
              held.delete(data.orderId);
              redeemed.push(data.orderId);
            }
          }
          const paidWithCode = withCodePaid.filter((o) => o.paid).map((o) => o.orderId);
          expect({ plan, held: [...held], redeemed: redeemed.sort(), withinLimit: redeemed.length <= plan.codeUses }).toEqual({
            plan,
            held: [],
            redeemed: paidWithCode.sort(),
            withinLimit: true,
          });
          totals.coded += withCodePaid.length;
          totals.paidWithCode += paidWithCode.length;

          totals.runs += 1;
          totals.orders += orders.length;
          totals.steps += plan.waves.flat().length;
        }),
        // The first counterexample is reported as it is: shrinking would replay schedules against a shop that has
        // moved on, and the seed reproduces the run.
        { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false },
      );
      expect(totals.runs).toBeGreaterThanOrEqual(MIN_RUNS);
      console.log(
        `order money: seed ${SEED}, ${totals.runs} runs, ${totals.orders} orders, ${totals.steps} steps, ${totals.paid} paid, ` +
          `${totals.deletedOrCancelled} deleted or cancelled, ${totals.refunds} refunds, ${totals.coded} with a code (${totals.paidWithCode} paid), ` +
          `no money kept, stock and code uses add up, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    },
    byScale(120_000, 900_000),
  );
});

/** The refund stream of an operator's key, as the shop names it (sha256 of the key, base64url, 22 characters). */
function refundStreamDigest(orderId: string, key: number): string {
  return createHash('sha256').update(`property-${orderId}-${key}`).digest('base64url').slice(0, 22);
}
