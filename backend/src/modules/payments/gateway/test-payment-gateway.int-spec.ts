import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { PGLITE_IN_MEMORY, PgliteEventStore } from '@brewery/eventstore';
import { TEST_CARDS } from '../domain/test-cards';
import { testIntentStreamName } from '../domain/test-intent';
import { TestPaymentGateway } from './test-payment-gateway';

jest.setTimeout(60_000);

/**
 * The local gateway keeps its state in the shop's event store, so two shop processes are two handles on one
 * store: each with its own turn-taking, kept honest across them by the store's expected revision.
 */
describe('TestPaymentGateway on the shared store', () => {
  let store: PgliteEventStore;
  let dirs: string[] = [];
  const dir = (): string => {
    const made = mkdtempSync(join(tmpdir(), 'test-gateway-'));
    dirs.push(made);
    return made;
  };

  beforeEach(async () => {
    store = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
  });
  afterEach(async () => {
    await store.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    dirs = [];
  });

  const input = (key: string) => ({
    orderId: 'ord_1',
    amountCents: 2400,
    currency: 'aud' as const,
    idempotencyKey: key,
    customerEmail: 'ada@example.com',
    description: 'Order',
  });

  it('given two processes, they share one webhook secret, also written to each data directory for tools', async () => {
    const [a, b] = [dir(), dir()];
    const first = await TestPaymentGateway.open(store, a);
    const second = await TestPaymentGateway.open(store, b);
    expect(second.webhookSecret).toBe(first.webhookSecret);
    expect(first.webhookSecret).toMatch(/^whsec_/);
    expect(readFileSync(join(b, 'webhook-secret'), 'utf8').trim()).toBe(first.webhookSecret);
  });

  it('given an older data directory, its kept secret becomes the store’s', async () => {
    const old = dir();
    writeFileSync(join(old, 'webhook-secret'), 'whsec_kept_from_before\n');
    expect((await TestPaymentGateway.open(store, old)).webhookSecret).toBe('whsec_kept_from_before');
    expect((await TestPaymentGateway.open(store, dir())).webhookSecret).toBe('whsec_kept_from_before');
  });

  it('when an intent is created through one process, the same key through another finds it, and it is paid and captured there', async () => {
    const a = await TestPaymentGateway.open(store, dir());
    const b = await TestPaymentGateway.open(store, dir());
    const created = await a.createPaymentIntent(input('checkout-1'));
    const again = await b.createPaymentIntent(input('checkout-1'));
    expect(again).toEqual(created);
    const confirmed = await b.confirm(created.id, TEST_CARDS.success, created.clientSecret);
    expect(confirmed?.intent.status).toBe('requires_capture');
    // The delivered event verifies with the shared secret, in Stripe's own way.
    const event = Stripe.webhooks.constructEvent(confirmed?.event?.payload ?? '', confirmed?.event?.signature ?? '', a.webhookSecret);
    expect(event.type).toBe('payment_intent.amount_capturable_updated');
    expect((await a.capturePaymentIntent(created.id)).status).toBe('succeeded');
    expect((await b.retrievePaymentIntent(created.id))?.amountReceivedCents).toBe(2400);
    expect((await b.latestEvent(created.id))?.eventId).not.toBe(confirmed?.event?.eventId);
  });

  it('when two processes capture and cancel the same intent at once, exactly one wins and one event records it', async () => {
    const a = await TestPaymentGateway.open(store, dir());
    const b = await TestPaymentGateway.open(store, dir());
    const created = await a.createPaymentIntent(input('checkout-2'));
    await a.confirm(created.id, TEST_CARDS.success);
    const outcomes = await Promise.allSettled([
      a.capturePaymentIntent(created.id),
      b.capturePaymentIntent(created.id),
      b.cancelPaymentIntent(created.id),
      a.capturePaymentIntent(created.id),
    ]);
    const final = await a.retrievePaymentIntent(created.id);
    const types = (await store.readStream(testIntentStreamName(created.id))).map((e) => e.type);
    expect(types.filter((t) => t === 'TestIntentCaptured' || t === 'TestIntentCancelled')).toHaveLength(1);
    if (final?.status === 'succeeded') expect(outcomes[2]?.status).toBe('rejected');
    else expect(final?.status).toBe('canceled');
  });

  it('when two processes refund with the same key at once, one refund is made', async () => {
    const a = await TestPaymentGateway.open(store, dir());
    const b = await TestPaymentGateway.open(store, dir());
    const created = await a.createPaymentIntent(input('checkout-3'));
    await a.confirm(created.id, TEST_CARDS.success);
    await a.capturePaymentIntent(created.id);
    const [one, two] = await Promise.all([
      a.refundPaymentIntent(created.id, 1000, 'refund-1'),
      b.refundPaymentIntent(created.id, 1000, 'refund-1'),
    ]);
    expect(two.id).toBe(one.id);
    await expect(b.refundPaymentIntent(created.id, 1500, 'refund-2')).rejects.toThrow(/greater than the unrefunded amount/);
  });

  it('given an intent an older data directory kept as a file, it is read once into the store and goes on from there', async () => {
    const old = dir();
    mkdirSync(join(old, 'intents'));
    mkdirSync(join(old, 'events'));
    const id = 'pi_test_keptFromBefore';
    writeFileSync(join(old, 'events', 'evt_old.json'), '{"id":"evt_old"}');
    writeFileSync(
      join(old, 'intents', `${id}.json`),
      JSON.stringify({
        id,
        object: 'payment_intent',
        amount: 900,
        amount_received: 0,
        currency: 'aud',
        status: 'requires_capture',
        capture_method: 'manual',
        amount_capturable: 900,
        cancellation_reason: null,
        client_secret: `${id}_secret_x`,
        metadata: { orderId: 'ord_old', orderNumber: 'ord_old' },
        description: 'Order',
        receipt_email: 'ada@example.com',
        created: 1,
        livemode: false,
        automatic_payment_methods: { enabled: true },
        last_payment_error: null,
        events: ['evt_old'],
      }),
    );
    const gateway = await TestPaymentGateway.open(store, old);
    expect((await gateway.latestEvent(id))?.payload).toBe('{"id":"evt_old"}');
    expect((await gateway.capturePaymentIntent(id)).status).toBe('succeeded');
    expect((await store.readStream(testIntentStreamName(id))).map((e) => e.type)).toEqual(['TestIntentImported', 'TestIntentCaptured']);
  });

  it('an id that is not an intent id is unknown, never a stream lookup', async () => {
    const gateway = await TestPaymentGateway.open(store, dir());
    expect(await gateway.retrievePaymentIntent('../../etc/passwd')).toBeNull();
    expect(await gateway.confirm('pi_test_missing', TEST_CARDS.success)).toBeNull();
  });
});
