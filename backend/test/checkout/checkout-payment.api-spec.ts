import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { DocumentStore } from '@brewery/eventstore';
import { CatalogStock } from '../../src/modules/catalog';
import { ORDERS, type OrderDoc } from '../../src/modules/order-desk/order-list/order-list.projection';
import { DOCUMENT_STORE } from '../../src/platform/persistence/persistence.tokens';
import { ReservationExpiry } from '../../src/modules/checkout/reservation-expiry/reservation-expiry.service';
import { createTestApp, type TestApp } from '../create-test-app';
import {
  adminGet,
  adminSend,
  allEvents,
  beer,
  cartLine,
  checkOut,
  customer,
  eventStoreOf,
  eventually,
  orderView,
  payWithCard,
  paymentStatusOf,
  seedProduct,
  settle,
  signedPaymentEvent,
  streamEvents,
  testGatewaySecret,
} from './checkout-fixtures';

const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const NO_FUNDS = '4000 0000 0000 9995';

describe('checkout: payment, webhook and recovery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const stock = async (productId: string) => {
    const snapshot = await t.app.get(CatalogStock).snapshot(productId);
    if (!snapshot) throw new Error(`no product ${productId}`);
    return snapshot;
  };
  /** The order's read-model document, hidden or not (cancelled checkouts leave the admin's lists). */
  const adminOrderOf = async (orderId: string) =>
    t.app.get<DocumentStore>(DOCUMENT_STORE).collection<OrderDoc>(ORDERS).findOne({ _id: orderId });
  const eventsOfOrder = async (orderId: string) =>
    (await allEvents(t)).filter(
      (e) => (e.data as { orderId?: unknown } | null)?.orderId === orderId || e.streamName === `order-${orderId}`,
    );

  /** A provider event as Stripe delivers one: its exact bytes and their signature. */
  const deliverWebhook = (payload: string, signature: string) =>
    t.http().post('/api/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);

  describe('webhook', () => {
    it('turns the same success five times and a failure after it into one payment, one sale, one invoice number and one e-mail', async () => {
      const fields = beer('Webhook Pale', { inventory: 20 });
      await seedProduct(t, 'webhook-pale', fields);
      const answer = await checkOut(t, [cartLine('webhook-pale', fields, '4pack', 1)]);
      const secret = testGatewaySecret(t);
      const success = () =>
        signedPaymentEvent(secret, {
          eventId: 'evt_dup_1',
          type: 'payment_intent.succeeded',
          paymentIntentId: answer.paymentIntentId,
          orderId: answer.orderId,
          amount: answer.amount,
        });
      const deliver = (path: string, event: { payload: string; signature: string }) =>
        t.http().post(path).set('Content-Type', 'application/json').set('Stripe-Signature', event.signature).send(event.payload);

      const concurrent = await Promise.all([1, 2, 3].map(() => deliver('/api/webhooks/stripe', success())));
      const later = [await deliver('/api/webhooks/stripe', success()), await deliver('/api/stripe/webhook', success())];
      for (const res of [...concurrent, ...later]) expect(res.status).toBe(200);
      const failure = signedPaymentEvent(secret, {
        eventId: 'evt_late_failure',
        type: 'payment_intent.payment_failed',
        paymentIntentId: answer.paymentIntentId,
        orderId: answer.orderId,
        amount: answer.amount,
      });
      expect((await deliver('/api/webhooks/stripe', failure)).status).toBe(200);

      await eventually(async () => (await orderView(t, answer.orderId))?.invoiceNumber);
      await settle(t);

      const payment = (await streamEvents(t, `payment-${answer.paymentIntentId}`)).map((e) => e.type);
      expect(payment).toEqual(['PaymentIntentCreated', 'PaymentSucceeded', 'ProviderEventIgnored']);
      const product = (await streamEvents(t, 'product-webhook-pale')).map((e) => e.type);
      expect(product).toEqual(['ProductCreated', 'StockReserved', 'StockSold']);
      expect((await stock('webhook-pale')).stock).toBe(16);
      const invoices = (await streamEvents(t, 'sequence-invoice')).filter(
        (e) => (e.data as { orderId: string }).orderId === answer.orderId,
      );
      expect(invoices).toHaveLength(1);
      const emails = (await allEvents(t)).filter(
        (e) => e.type === 'EmailQueued' && (e.data as { orderId?: string }).orderId === answer.orderId,
      );
      expect(emails).toHaveLength(1);
      expect(emails[0]?.streamName).toBe(`email-order-${answer.orderId}-confirmation`);
      const text = (emails[0]?.data as { text: string }).text;
      expect(text).toContain(`Invoice number: ${(await orderView(t, answer.orderId))?.invoiceNumber}`);
      expect(text).toContain('GST included $2.91');
      expect(text).toContain(`ABN ${t.config.shop.abn}`);
      const order = (await streamEvents(t, `order-${answer.orderId}`)).map((e) => e.type);
      expect(order).toEqual(['OrderPlaced', 'PaymentIntentAttached', 'OrderCaptureClaimed', 'OrderPaid', 'InvoiceNumberAssigned']);
      expect(await orderView(t, answer.orderId)).toMatchObject({
        status: 'paid',
        reservation: 'sold',
        needsReview: false,
        totalAmount: '32.00',
      });
    });

    it.each<[string, Record<string, string>, string]>([
      ['a forged signature', { 'Stripe-Signature': 't=1,v1=deadbeef' }, 'Webhook signature verification failed'],
      ['no signature', {}, 'Missing Stripe-Signature header'],
    ])('refuses %s with 400 and appends nothing', async (_, headers, message) => {
      const head = await eventStoreOf(t.app).headPosition();
      const { payload } = signedPaymentEvent('whsec_not_ours', {
        eventId: 'evt_forged',
        type: 'payment_intent.succeeded',
        paymentIntentId: 'pi_forged',
        orderId: '1',
        amount: 100,
      });
      const res = await t.http().post('/api/webhooks/stripe').set('Content-Type', 'application/json').set(headers).send(payload);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await eventStoreOf(t.app).headPosition()).toBe(head);
    });

    it.each([
      ['an hour in the future', 3600],
      ['six minutes in the future', 360],
      ['two minutes in the future (more than clock skew)', 120],
      ['an hour old', -3600],
    ])('refuses an event signed with our secret but dated %s, and appends nothing', async (_, offsetSeconds) => {
      const head = await eventStoreOf(t.app).headPosition();
      const { payload } = signedPaymentEvent(testGatewaySecret(t), {
        eventId: `evt_dated_${offsetSeconds}`,
        type: 'payment_intent.succeeded',
        paymentIntentId: 'pi_dated',
        orderId: '1',
        amount: 100,
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: testGatewaySecret(t),
        timestamp: Math.floor(Date.now() / 1000) + offsetSeconds,
      });
      const res = await deliverWebhook(payload, signature);
      expect({ status: res.status, message: (res.body as { message: string }).message }).toEqual({
        status: 400,
        message: 'Webhook signature verification failed',
      });
      expect(await eventStoreOf(t.app).headPosition()).toBe(head);
    });

    it('refuses a signed event without its time with 400, not a failure, and appends nothing', async () => {
      const head = await eventStoreOf(t.app).headPosition();
      const payload = JSON.stringify({
        id: 'evt_no_time',
        object: 'event',
        type: 'payment_intent.canceled',
        data: { object: { id: 'pi_no_time', object: 'payment_intent', amount: 100, currency: 'aud', metadata: { orderId: '1' } } },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: testGatewaySecret(t) });
      const res = await deliverWebhook(payload, signature);
      expect({ status: res.status, code: (res.body as { code: string }).code }).toEqual({ status: 400, code: 'webhook_event_malformed' });
      expect(await eventStoreOf(t.app).headPosition()).toBe(head);
    });

    it('refuses an event signed with another secret', async () => {
      const event = signedPaymentEvent('whsec_someone_else', {
        eventId: 'evt_other',
        type: 'payment_intent.succeeded',
        paymentIntentId: 'pi_other',
        orderId: '1',
        amount: 100,
      });
      const res = await t
        .http()
        .post('/api/webhooks/stripe')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', event.signature)
        .send(event.payload);
      expect(res.status).toBe(400);
      expect(await streamEvents(t, 'payment-pi_other')).toEqual([]);
    });
  });

  describe('test cards', () => {
    it('a declined card keeps the hold on the cans and leaves the order pending; the succeeding card then pays it', async () => {
      const fields = beer('Declined Lager', { inventory: 8 });
      await seedProduct(t, 'declined-lager', fields);
      const answer = await checkOut(t, [cartLine('declined-lager', fields, 'single', 8)]);
      expect((await stock('declined-lager')).available).toBe(0);
      expect((await paymentStatusOf(t, answer)).body).toEqual({
        status: 'open',
        orderId: answer.orderId,
        fulfilment: { method: 'delivery' },
      });

      const declined = await payWithCard(t, answer, DECLINED);
      expect(declined.status).toBe(200);
      expect(declined.body).toMatchObject({
        paymentIntent: { status: 'requires_payment_method' },
        error: { code: 'card_declined', message: 'Your card was declined.' },
      });
      // The customer may try another card for the same cans until the hold runs out.
      expect(await orderView(t, answer.orderId)).toMatchObject({ status: 'pending', invoiceNumber: null, reservation: 'held' });
      expect((await stock('declined-lager')).available).toBe(0);
      expect((await streamEvents(t, 'product-declined-lager')).some((e) => e.type === 'StockReservationReleased')).toBe(false);
      expect((await paymentStatusOf(t, answer)).body).toEqual({
        status: 'failed',
        orderId: answer.orderId,
        fulfilment: { method: 'delivery' },
      });

      const noFunds = await payWithCard(t, answer, NO_FUNDS);
      expect(noFunds.body.error).toMatchObject({ message: 'Your card has insufficient funds.' });

      expect((await payWithCard(t, answer, SUCCEEDS)).body).toMatchObject({ paymentIntent: { status: 'succeeded' }, error: null });
      await eventually(async () => (await orderView(t, answer.orderId))?.invoiceNumber);
      expect(await orderView(t, answer.orderId)).toMatchObject({ status: 'paid' });
      expect((await stock('declined-lager')).stock).toBe(0);
      expect((await paymentStatusOf(t, answer)).body).toEqual({
        status: 'succeeded',
        orderId: answer.orderId,
        statusUrl: expect.stringMatching(new RegExp(`^/order-status\\?t=${answer.orderId}\\.[A-Za-z0-9_-]{22}$`)),
        fulfilment: { method: 'delivery' },
      });
    });

    it('refuses a card number that is not a test card, charging nothing', async () => {
      const fields = beer('Odd Card Ale');
      await seedProduct(t, 'odd-card', fields);
      const answer = await checkOut(t, [cartLine('odd-card', fields, '4pack', 1)]);
      const res = await payWithCard(t, answer, '5555 5555 5555 4444');
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('Your card number is incorrect');
      expect((await streamEvents(t, `payment-${answer.paymentIntentId}`)).map((e) => e.type)).toEqual(['PaymentIntentCreated']);
    });

    it("refuses to confirm with a client secret that is not the intent's", async () => {
      const fields = beer('Secret Saison');
      await seedProduct(t, 'secret-saison', fields);
      const answer = await checkOut(t, [cartLine('secret-saison', fields, '4pack', 1)]);
      const res = await t
        .http()
        .post(`/api/test-gateway/payment-intents/${answer.paymentIntentId}/confirm`)
        .send({ cardNumber: SUCCEEDS, clientSecret: 'pi_x_secret_y' });
      expect(res.status).toBe(400);
    });

    it('refuses to confirm without the client secret: knowing the intent id is not enough', async () => {
      const fields = beer('Secretless Saison');
      await seedProduct(t, 'secretless-saison', fields);
      const answer = await checkOut(t, [cartLine('secretless-saison', fields, '4pack', 1)]);
      const res = await t.http().post(`/api/test-gateway/payment-intents/${answer.paymentIntentId}/confirm`).send({ cardNumber: SUCCEEDS });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('clientSecret is required');
      const status = await t
        .http()
        .get('/api/orders/payment-status')
        .query({ payment_intent: answer.paymentIntentId, client_secret: answer.clientSecret });
      expect(status.body).toEqual({ status: 'open', orderId: answer.orderId, fulfilment: { method: 'delivery' } });
    });
  });

  describe('payment status', () => {
    it.each([
      ['pi_never_heard_of', 'pi_never_heard_of_secret_x', 200, { status: 'unknown' }],
      ['not-a-payment-intent', 'x_secret_y', 400, undefined],
      ['pi_never_heard_of', undefined, 400, undefined],
      ['pi_never_heard_of', 'not a secret!', 400, undefined],
    ])('answers %s with the secret %s', async (id, secret, status, body) => {
      const res = await t
        .http()
        .get('/api/orders/payment-status')
        .query({ payment_intent: id, ...(secret === undefined ? {} : { client_secret: secret }) });
      expect(res.status).toBe(status);
      if (body) expect(res.body).toEqual(body);
    });

    it('tells only the browser holding the client secret, and the payment id reveals nothing of the order number', async () => {
      const fields = beer('Secret Status Stout');
      await seedProduct(t, 'secret-status-stout', fields);
      const answer = await checkOut(t, [cartLine('secret-status-stout', fields, '4pack', 1)]);
      expect((await payWithCard(t, answer, SUCCEEDS)).status).toBe(200);
      await settle(t);
      const asked = (clientSecret: string) =>
        t.http().get('/api/orders/payment-status').query({ payment_intent: answer.paymentIntentId, client_secret: clientSecret });
      expect((await asked(answer.clientSecret)).body).toEqual({
        status: 'succeeded',
        orderId: answer.orderId,
        statusUrl: expect.stringMatching(new RegExp(`^/order-status\\?t=${answer.orderId}\\.`)),
        fulfilment: { method: 'delivery' },
      });
      // A stranger who knows (or guesses) the intent id but not its secret hears what an unknown payment gets.
      for (const guess of [`${answer.paymentIntentId}_secret_guess`, answer.paymentIntentId, 'pi_x_secret_y']) {
        expect((await asked(guess)).body).toEqual({ status: 'unknown' });
      }
      // Ids were once sha256 of the order's idempotency key: anyone could work out order N's payment id from N.
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
      const digest = createHash('sha256').update(`test-gateway:order-${answer.orderId}`).digest().subarray(0, 24);
      expect(answer.paymentIntentId).not.toBe(`pi_test_${Array.from(digest, (b) => alphabet[b % alphabet.length]).join('')}`);
      // The shop's own streams keep a digest of the secret, never the secret (the gateway's, like Stripe, holds it).
      const shopEvents = (await allEvents(t)).filter((e) => !e.streamName.startsWith('test-gateway-'));
      expect(shopEvents.some((e) => JSON.stringify(e).includes(answer.clientSecret))).toBe(false);
    });
  });

  describe('deleting a pending order', () => {
    it('releases its cans and takes it off the list; a paid order cannot be deleted', async () => {
      const fields = beer('Deleted Dunkel', { inventory: 4 });
      await seedProduct(t, 'dunkel', fields);
      const answer = await checkOut(t, [cartLine('dunkel', fields, '4pack', 1)]);
      expect((await stock('dunkel')).available).toBe(0);

      expect((await t.http().delete(`/api/admin/orders/${answer.orderId}`)).status).toBe(401);
      const res = await adminSend(t, 'delete', `/api/admin/orders/${answer.orderId}`);
      expect(res.status).toBe(200);
      expect((await stock('dunkel')).available).toBe(4);
      const released = (await streamEvents(t, 'product-dunkel')).find((e) => e.type === 'StockReservationReleased');
      expect(released?.data).toMatchObject({ orderId: answer.orderId, reason: 'order_deleted' });
      expect(await orderView(t, answer.orderId)).toBeUndefined();

      const paid = await checkOut(t, [cartLine('dunkel', fields, '4pack', 1)]);
      await payWithCard(t, paid, SUCCEEDS);
      await eventually(async () => (await orderView(t, paid.orderId))?.status === 'paid');
      const refused = await adminSend(t, 'delete', `/api/admin/orders/${paid.orderId}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(`Only pending orders can be deleted: Order #${paid.orderId} is paid`);
      expect((await adminSend(t, 'delete', '/api/admin/orders/99999')).status).toBe(404);
    });
  });

  describe('holds that lapse, and cans that go', () => {
    it('an expired checkout is cancelled at the provider, its cans go back on sale, and it can never be paid', async () => {
      const fields = beer('Lapsed Lager', { inventory: 4 });
      await seedProduct(t, 'lapsed', fields);
      const first = await checkOut(t, [cartLine('lapsed', fields, 'single', 4)]);
      // Another shopper (another e-mail address) finds the cans held.
      const refused = await t
        .http()
        .post('/api/create-payment-intent')
        .send({ cartItems: [cartLine('lapsed', fields, 'single', 4)], customerInfo: { ...customer, email: 'grace@example.com' } });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Insufficient stock for Lapsed Lager. Available: 0, Requested: 4');

      const expiry = t.app.get(ReservationExpiry);
      expect((await expiry.releaseExpired()).released).not.toContain(first.orderId);
      t.clock.advance(10 * 60_000 + 1);
      expect((await expiry.releaseExpired()).released).toContain(first.orderId);
      expect((await expiry.releaseExpired()).released).toEqual([]);
      expect((await stock('lapsed')).available).toBe(4);
      const released = (await streamEvents(t, 'product-lapsed')).find((e) => e.type === 'StockReservationReleased');
      expect(released?.data).toMatchObject({ orderId: first.orderId, reason: 'expired' });
      expect(await adminOrderOf(first.orderId)).toMatchObject({ status: 'cancelled', cancelReason: 'expired', reservation: 'released' });
      expect((await paymentStatusOf(t, first)).body).toEqual({
        status: 'cancelled',
        orderId: first.orderId,
        fulfilment: { method: 'delivery' },
        message: 'This checkout expired before it was paid, so nothing was charged.',
      });

      const late = await payWithCard(t, first, SUCCEEDS);
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({
        code: 'payment_intent_unexpected_state',
        message: 'This checkout has ended (it expired or was replaced), so it can no longer be paid. Nothing was charged.',
      });
      await settle(t);
      expect((await streamEvents(t, `payment-${first.paymentIntentId}`)).map((e) => e.type)).toEqual([
        'PaymentIntentCreated',
        'PaymentCancelled',
      ]);
      expect((await stock('lapsed')).stock).toBe(4);
    });

    it('an authorisation that arrives after its cans were sold to someone else is cancelled: nothing is charged, nothing oversold', async () => {
      const fields = beer('Last Cans IPA', { inventory: 4 });
      await seedProduct(t, 'last-cans', fields);
      const late = await checkOut(t, [cartLine('last-cans', fields, '4pack', 1)]);
      // The hold lapses; before the sweep cancels the intent, another customer's checkout takes the cans.
      t.clock.advance(10 * 60_000 + 1);
      const prompt = await checkOut(t, [cartLine('last-cans', fields, '4pack', 1)]);
      expect((await payWithCard(t, prompt, SUCCEEDS)).body).toMatchObject({ paymentIntent: { status: 'succeeded' }, error: null });
      await eventually(async () => (await orderView(t, prompt.orderId))?.status === 'paid');

      const answer = await payWithCard(t, late, SUCCEEDS);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        paymentIntent: { status: 'canceled' },
        error: { code: 'sold_out', message: 'These cans sold out before your payment went through, so nothing was charged.' },
      });
      await settle(t);
      expect(await adminOrderOf(late.orderId)).toMatchObject({
        status: 'cancelled',
        cancelReason: 'sold_out',
        needsReview: false,
        invoiceNumber: null,
      });
      expect((await stock('last-cans')).stock).toBe(0);
      expect((await eventsOfOrder(late.orderId)).filter((e) => e.type === 'StockSold')).toHaveLength(0);
      const paymentEvents = (await streamEvents(t, `payment-${late.paymentIntentId}`)).map((e) => e.type);
      expect(paymentEvents).toEqual(['PaymentIntentCreated', 'PaymentAuthorised', 'PaymentCancelled']);
      const backups = await adminGet(t, '/api/admin/order-backups');
      const backup = (backups.body.backups as { paymentIntentId: string; paymentStatus: string }[]).find(
        (b) => b.paymentIntentId === late.paymentIntentId,
      );
      expect(backup?.paymentStatus).toBe('cancelled');
    });

    it('an authorisation whose hold lapsed while the cans are still there is held again, sold and captured', async () => {
      const fields = beer('Patient Porter', { inventory: 8 });
      await seedProduct(t, 'patient', fields);
      const slow = await checkOut(t, [cartLine('patient', fields, '4pack', 1)]);
      t.clock.advance(10 * 60_000 + 1);
      expect((await payWithCard(t, slow, SUCCEEDS)).body).toMatchObject({ paymentIntent: { status: 'succeeded' }, error: null });
      await eventually(async () => (await orderView(t, slow.orderId))?.invoiceNumber);
      expect(await orderView(t, slow.orderId)).toMatchObject({ status: 'paid', needsReview: false });
      expect((await stock('patient')).stock).toBe(4);
    });
  });

  describe('operator recovery', () => {
    it('simulate-webhook completes a test payment through the webhook path, once however often it is asked', async () => {
      const fields = beer('Missed Webhook Mild');
      await seedProduct(t, 'mild', fields);
      const answer = await checkOut(t, [cartLine('mild', fields, '8pack', 1)]);
      const first = await adminSend(t, 'post', '/api/admin/simulate-webhook', { paymentIntentId: answer.paymentIntentId });
      expect(first.status).toBe(200);
      // The card is authorised; the shop then captures it once the cans are sold.
      expect(first.body).toEqual({ message: `Webhook processed: payment ${answer.paymentIntentId} authorised`, status: 'authorised' });
      await eventually(async () => (await orderView(t, answer.orderId))?.invoiceNumber);
      // Asked again once the order is paid: the provider's latest event (its success) is known already.
      const second = await adminSend(t, 'post', '/api/admin/simulate-webhook', { paymentIntentId: answer.paymentIntentId });
      expect(second.status).toBe(200);
      await settle(t);
      expect((await streamEvents(t, `payment-${answer.paymentIntentId}`)).map((e) => e.type)).toEqual([
        'PaymentIntentCreated',
        'PaymentAuthorised',
        'PaymentSucceeded',
        // The second simulation redelivers the provider's own success event: recorded as already known, nothing else.
        'ProviderEventIgnored',
      ]);
      expect((await eventsOfOrder(answer.orderId)).filter((e) => e.type === 'StockSold')).toHaveLength(1);
    });

    it.each<[string, object, number, string]>([
      ['a blank id', { paymentIntentId: '  ' }, 400, 'Payment intent ID is required'],
      ['no id', {}, 400, 'Payment intent ID is required'],
      ['an unknown intent', { paymentIntentId: 'pi_test_unknown' }, 404, 'No payment intent pi_test_unknown at the payment provider'],
    ])('simulate-webhook refuses %s', async (_, body, status, message) => {
      const res = await adminSend(t, 'post', '/api/admin/simulate-webhook', body);
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
    });

    it('recover-order refuses what it cannot recover', async () => {
      const fields = beer('Unpaid Porter');
      await seedProduct(t, 'unpaid-porter', fields);
      const answer = await checkOut(t, [cartLine('unpaid-porter', fields, '4pack', 1)]);
      const cases: [object, number, string][] = [
        [{ paymentIntentId: '' }, 400, 'Payment intent ID is required'],
        [{}, 400, 'Payment intent ID is required'],
        [{ paymentIntentId: 'pi_nope' }, 404, 'No order backup for payment intent pi_nope'],
        [
          { paymentIntentId: answer.paymentIntentId },
          409,
          `Payment ${answer.paymentIntentId} has not succeeded (created; the payment provider reports requires_payment_method): there is no paid order to recover`,
        ],
      ];
      for (const [body, status, message] of cases) {
        const res = await adminSend(t, 'post', '/api/admin/recover-order', body);
        expect([res.status, res.body.message]).toEqual([status, message]);
      }
    });
  });
});
