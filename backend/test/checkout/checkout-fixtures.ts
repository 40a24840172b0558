import type { NestExpressApplication } from '@nestjs/platform-express';
import { type EventStore, type RecordedEvent } from '@brewery/eventstore';
import { PACK_QUANTITY, type PackSize, type Product } from '@brewery/shop-rules';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Stripe from 'stripe';
import { EVENT_STORE } from '../../src/platform/persistence/persistence.tokens';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import type { TestApp } from '../create-test-app';

export type ProductFields = Omit<Product, 'id'>;

export function beer(name: string, changes: Partial<ProductFields> = {}): ProductFields {
  return {
    name,
    style: 'Pale Ale',
    description: `${name}, brewed in Perth`,
    abv: 5.2,
    beerType: null,
    imageUrl: '/images/beer.png',
    inventory: 100,
    isActive: true,
    archived: false,
    price: '6.00',
    price4Pack: '22.00',
    price8Pack: '42.00',
    price16Pack: '80.00',
    enable4Pack: true,
    enable8Pack: true,
    enable16Pack: true,
    maxPerOrder: null,
    ...changes,
  };
}

export function eventStoreOf(app: NestExpressApplication): EventStore {
  return app.get<EventStore>(EVENT_STORE);
}

/** Seeds a product as the catalog records one: a ProductCreated event on its stream. */
export async function seedProduct(t: TestApp, id: string, fields: ProductFields): Promise<string> {
  await eventStoreOf(t.app).append(
    `product-${id}`,
    [
      {
        type: 'ProductCreated',
        data: fields,
        metadata: { correlationId: 'seed', causationId: null, actor: 'admin', occurredAt: t.clock.now.toISOString() },
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  return id;
}

export const customer = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '0412 345 678',
  addressLine1: '1 Hay Street',
  addressLine2: '',
  suburb: 'Perth',
  postCode: '6000',
  state: 'WA',
};

/** A cart line as the browser sends it: the price per can for singles, the whole line for packs. */
export function cartLine(productId: string, product: ProductFields, packSize: PackSize, packs: number) {
  const unit =
    packSize === 'single'
      ? product.price
      : { '4pack': product.price4Pack, '8pack': product.price8Pack, '16pack': product.price16Pack }[packSize];
  const unitCents = Math.round(Number(unit ?? Number(product.price) * PACK_QUANTITY[packSize]) * 100);
  return {
    productId,
    name: product.name,
    quantity: packs * PACK_QUANTITY[packSize],
    price: packSize === 'single' ? unitCents / 100 : (unitCents * packs) / 100,
    packSize,
    packQuantity: PACK_QUANTITY[packSize],
  };
}

export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 15000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function streamEvents(t: TestApp, streamName: string): Promise<RecordedEvent[]> {
  return eventStoreOf(t.app).readStream(streamName);
}

export async function allEvents(t: TestApp): Promise<RecordedEvent[]> {
  return eventStoreOf(t.app).readAll();
}

/** The local gateway's webhook secret, as it generated it into DATA_DIR. */
export function testGatewaySecret(t: TestApp): string {
  return readFileSync(join(t.config.dataDir, 'test-gateway', 'webhook-secret'), 'utf8').trim();
}

/** A provider event for an intent, as Stripe would send it, and its signature. */
export function signedPaymentEvent(
  secret: string,
  input: {
    eventId: string;
    type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.amount_capturable_updated';
    paymentIntentId: string;
    orderId: string;
    amount: number;
  },
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: input.eventId,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: input.type,
    data: {
      object: {
        id: input.paymentIntentId,
        object: 'payment_intent',
        amount: input.amount,
        amount_received: input.type === 'payment_intent.succeeded' ? input.amount : 0,
        amount_capturable: input.type === 'payment_intent.amount_capturable_updated' ? input.amount : 0,
        currency: 'aud',
        status: {
          'payment_intent.succeeded': 'succeeded',
          'payment_intent.amount_capturable_updated': 'requires_capture',
          'payment_intent.payment_failed': 'requires_payment_method',
        }[input.type],
        metadata: { orderId: input.orderId },
        last_payment_error:
          input.type === 'payment_intent.payment_failed' ? { code: 'card_declined', message: 'Your card was declined.' } : null,
      },
    },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** Waits until the read models and every process manager have handled everything in the log so far. */
export async function settle(t: TestApp): Promise<void> {
  const runner = t.app.get(ProjectionRunner);
  const head = await eventStoreOf(t.app).headPosition();
  await eventually(async () => runner.statuses().every((s) => s.position >= head), 20000);
}

export interface CheckoutAnswer {
  clientSecret: string;
  paymentIntentId: string;
  orderId: string;
  amount: number;
}

export async function checkOut(t: TestApp, cartItems: unknown[], info: Record<string, string> = customer): Promise<CheckoutAnswer> {
  const res = await t.http().post('/api/create-payment-intent').send({ cartItems, customerInfo: info });
  if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as CheckoutAnswer;
}

export async function payWithCard(t: TestApp, answer: CheckoutAnswer, cardNumber: string) {
  return t
    .http()
    .post(`/api/test-gateway/payment-intents/${answer.paymentIntentId}/confirm`)
    .send({ cardNumber, clientSecret: answer.clientSecret });
}

/** How the order result page asks about a payment: its id and the client secret checkout gave the browser. */
export async function paymentStatusOf(t: TestApp, answer: Pick<CheckoutAnswer, 'paymentIntentId' | 'clientSecret'>) {
  return t.http().get('/api/orders/payment-status').query({ payment_intent: answer.paymentIntentId, client_secret: answer.clientSecret });
}

export async function adminGet(t: TestApp, path: string) {
  return t
    .http()
    .get(path)
    .set('Authorization', `Bearer ${await t.adminToken()}`);
}

export async function adminSend(t: TestApp, method: 'post' | 'delete', path: string, body?: object) {
  const http = t.http();
  const req = http[method](path).set('Authorization', `Bearer ${await t.adminToken()}`);
  return body === undefined ? req : req.send(body);
}

export interface OrderView {
  id: string;
  status: string;
  invoiceNumber: string | null;
  reservation: string;
  needsReview: boolean;
  reviewReasons: string[];
  totalAmount: string;
}

export async function orderView(t: TestApp, orderId: string): Promise<OrderView | undefined> {
  const res = await adminGet(t, '/api/admin/orders');
  return (res.body as OrderView[]).find((o) => o.id === orderId);
}
