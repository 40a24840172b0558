import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGLITE_IN_MEMORY, PgliteEventStore } from '@brewery/eventstore';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { DomainError } from '../../../shared-kernel/domain-error';
import { WebhookRecoveryService } from '../webhook-recovery/webhook-recovery.service';
import { PaymentWebhookService } from '../webhook/payment-webhook.service';
import { StripePaymentGateway } from './stripe-payment-gateway';

/** What the fake Stripe received: the form fields as Stripe's SDK encodes them, and the headers. */
interface ReceivedRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: IncomingMessage['headers'];
}

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { code: string; message: string } | null;
}

/** Answers like Stripe's PaymentIntents API, on 127.0.0.1 only; intents are whatever the test makes them. */
class FakeStripe {
  readonly requests: ReceivedRequest[] = [];
  readonly intents = new Map<string, FakeIntent>();
  private server: Server | null = null;
  private counter = 0;

  async start(): Promise<number> {
    this.server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    this.requests.push({ method: req.method ?? '', path: url.pathname, form, headers: req.headers });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${this.requests.length}` });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const id = `pi_fake${++this.counter}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match?.[1] !== undefined) metadata[match[1]] = value;
      }
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_fake`,
        metadata,
        last_payment_error: null,
      };
      this.intents.set(id, intent);
      return send(200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && retrieve?.[1] !== undefined) {
      const intent = this.intents.get(decodeURIComponent(retrieve[1]));
      if (intent === undefined) {
        return send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${retrieve[1]}'` },
        });
      }
      return send(200, intent);
    }
    if (req.method === 'GET' && url.pathname === '/v1/balance')
      return send(200, { object: 'balance', available: [], pending: [], livemode: false });
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method ?? ''}: ${url.pathname})` },
    });
  }
}

describe('Stripe payment gateway against a local Stripe', () => {
  const stripe = new FakeStripe();
  let gateway: StripePaymentGateway;
  let events: PgliteEventStore;
  let recovery: WebhookRecoveryService;

  beforeAll(async () => {
    const port = await stripe.start();
    gateway = new StripePaymentGateway({
      secretKey: 'sk_test_local',
      webhookSecret: 'whsec_local',
      host: '127.0.0.1',
      port,
      protocol: 'http',
    });
    events = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
    const pipeline = new CommandPipeline(events);
    const clock = { now: () => new Date('2026-11-23T01:00:00.000Z') };
    recovery = new WebhookRecoveryService(gateway, new PaymentWebhookService(pipeline, gateway, clock), clock);
  });
  afterAll(async () => {
    await stripe.stop();
    await events.close();
  });

  const create = (orderId: string, idempotencyKey: string) =>
    gateway.createPaymentIntent({
      orderId,
      amountCents: 3200,
      currency: 'aud',
      idempotencyKey,
      customerEmail: 'ada@example.com',
      description: `Order #${orderId}`,
    });

  it('creates an AUD intent with automatic payment methods, the order number in metadata and the idempotency key', async () => {
    const intent = await create('12', 'checkout-12');

    const request = stripe.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request?.form.get('amount')).toBe('3200');
    expect(request?.form.get('currency')).toBe('aud');
    expect(request?.form.get('automatic_payment_methods[enabled]')).toBe('true');
    expect(request?.form.get('metadata[orderId]')).toBe('12');
    expect(request?.form.get('receipt_email')).toBe('ada@example.com');
    expect(request?.headers['idempotency-key']).toBe('checkout-12');
    expect(request?.headers.authorization).toBe('Bearer sk_test_local');
    expect(intent).toEqual({
      id: intent.id,
      clientSecret: `${intent.id}_secret_fake`,
      amountCents: 3200,
      currency: 'aud',
      status: 'requires_payment_method',
      orderId: '12',
      lastError: null,
    });
  });

  it('retrieves an intent as Stripe reports it, and null for one Stripe does not know', async () => {
    const { id } = await create('13', 'checkout-13');
    const stored = stripe.intents.get(id);
    if (!stored) throw new Error('not stored');
    stored.status = 'succeeded';
    expect(await gateway.retrievePaymentIntent(id)).toMatchObject({ id, status: 'succeeded', orderId: '13', amountCents: 3200 });
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${id}` });
    expect(await gateway.retrievePaymentIntent('pi_unknown')).toBeNull();
  });

  it('reports itself healthy while Stripe answers', async () => {
    expect(await gateway.health()).toEqual({ ok: true, detail: 'Stripe API answers' });
  });

  describe('simulate-webhook with Stripe configured', () => {
    const paymentEvents = async (id: string) => (await events.readStream(`payment-${id}`)).map((e) => e.type);

    it.each(['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'])(
      'never records a success for an intent Stripe reports as %s',
      async (status) => {
        const { id } = await create('20', `checkout-20-${status}`);
        const stored = stripe.intents.get(id);
        if (!stored) throw new Error('not stored');
        stored.status = status;

        const attempt = recovery.simulate(id);

        await expect(attempt).rejects.toThrow(DomainError);
        await expect(attempt).rejects.toThrow(`The payment provider reports ${id} as ${status}: there is no payment to record yet`);
        expect(await paymentEvents(id)).toEqual([]);
      },
    );

    it('records an intent Stripe reports as canceled as cancelled, never as paid', async () => {
      const { id } = await create('23', 'checkout-23-canceled');
      const stored = stripe.intents.get(id);
      if (!stored) throw new Error('not stored');
      stored.status = 'canceled';
      expect(await recovery.simulate(id)).toEqual({ message: `Webhook processed: payment ${id} cancelled`, status: 'cancelled' });
      expect(await paymentEvents(id)).toEqual(['PaymentCancelled']);
    });

    it('records a declined intent as failed, never as paid', async () => {
      const { id } = await create('21', 'checkout-21');
      const stored = stripe.intents.get(id);
      if (!stored) throw new Error('not stored');
      stored.last_payment_error = { code: 'card_declined', message: 'Your card was declined.' };

      expect(await recovery.simulate(id)).toEqual({ message: `Webhook processed: payment ${id} failed`, status: 'failed' });
      expect(await paymentEvents(id)).toEqual(['PaymentFailed']);
    });

    it('records a success Stripe reports, once however often it is asked', async () => {
      const { id } = await create('22', 'checkout-22');
      const stored = stripe.intents.get(id);
      if (!stored) throw new Error('not stored');
      stored.status = 'succeeded';

      expect(await recovery.simulate(id)).toEqual({ message: `Webhook processed: payment ${id} succeeded`, status: 'succeeded' });
      await recovery.simulate(id);
      const recorded = await events.readStream(`payment-${id}`);
      expect(recorded.map((e) => e.type)).toEqual(['PaymentSucceeded']);
      expect(recorded[0]?.data).toMatchObject({ paymentIntentId: id, orderId: '22', amountCents: 3200, currency: 'aud' });
    });

    it('refuses an intent Stripe does not know', async () => {
      await expect(recovery.simulate('pi_never_created')).rejects.toThrow('No payment intent pi_never_created at the payment provider');
    });
  });

  it('reports itself unhealthy when Stripe does not answer', async () => {
    await stripe.stop();
    const health = await gateway.health();
    expect(health.ok).toBe(false);
  });
});
