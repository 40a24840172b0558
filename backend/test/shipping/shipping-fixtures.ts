import type { Response, Test } from 'supertest';
import type { TestApp } from '../create-test-app';
import {
  beer,
  cartLine,
  checkOut,
  customer,
  eventStoreOf,
  eventually,
  orderView,
  payWithCard,
  seedProduct,
  streamEvents,
} from '../checkout/checkout-fixtures';

export const SUCCEEDS = '4242 4242 4242 4242';
export const WARNING = 'Contains alcohol: signature of a person over 18 required, no authority to leave';

let products = 0;

/** A fresh beer with plenty of cans, so every test file's orders are independent. */
async function freshBeer(t: TestApp) {
  products += 1;
  const id = `shipping-beer-${products}`;
  const fields = beer(`Shipping Beer ${products}`, { inventory: 400 });
  await seedProduct(t, id, fields);
  return { id, fields };
}

/** An order placed through the real checkout route, left pending (no payment). */
export async function pendingOrder(t: TestApp, info: Record<string, string> = customer, packs = 1): Promise<string> {
  const { id, fields } = await freshBeer(t);
  const answer = await checkOut(t, [cartLine(id, fields, '4pack', packs)], info);
  return answer.orderId;
}

/** An order placed and paid with the local test gateway's succeeding card, once the shop has recorded it paid. */
export async function paidOrder(t: TestApp, info: Record<string, string> = customer, packs = 1): Promise<string> {
  const { id, fields } = await freshBeer(t);
  const answer = await checkOut(t, [cartLine(id, fields, '4pack', packs)], info);
  const paid = await payWithCard(t, answer, SUCCEEDS);
  if (paid.status !== 200) throw new Error(`the test gateway answered ${paid.status}: ${JSON.stringify(paid.body)}`);
  await eventually(async () => (await orderView(t, answer.orderId))?.status === 'paid');
  return answer.orderId;
}

export async function admin(t: TestApp, method: 'get' | 'post' | 'put', path: string, body?: object): Promise<Response> {
  const agent = t.http();
  const req = agent[method](path).set('Authorization', `Bearer ${await t.adminToken()}`);
  return body === undefined ? req : req.send(body);
}

export interface Download {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Reads an answer as bytes (an error answer too, as its JSON bytes). */
export async function asBytes(request: Test): Promise<Download> {
  const res = await request.buffer(true).parse((stream, done) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => done(null, Buffer.concat(chunks)));
  });
  const body: unknown = res.body;
  if (!Buffer.isBuffer(body)) throw new Error('the answer was not read as bytes');
  return { status: res.status, headers: res.headers, body };
}

/** Downloads a label as bytes (an error answer too, as its JSON bytes). */
export async function downloadLabel(t: TestApp, orderId: string): Promise<Download> {
  return asBytes(
    t
      .http()
      .get(`/api/admin/orders/${orderId}/shipping-label`)
      .set('Authorization', `Bearer ${await t.adminToken()}`),
  );
}

export async function labelEvents(t: TestApp, orderId: string) {
  return streamEvents(t, `label-${orderId}`);
}

/**
 * Runs `act` and returns the label events appended meanwhile. Other streams are left out: the shop's
 * process managers (e-mail delivery) may append at any moment and are not what a refusal is about.
 */
export async function labelEventsDuring(t: TestApp, act: () => Promise<unknown>) {
  const store = eventStoreOf(t.app);
  const head = await store.headPosition();
  await act();
  return (await store.readAll({ after: head })).filter((event) => event.streamName.startsWith('label-'));
}
