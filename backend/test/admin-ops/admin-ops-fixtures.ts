import { TEST_ADMIN_PASSWORD, type TestApp } from '../create-test-app';
import {
  beer,
  cartLine,
  checkOut,
  eventually,
  payWithCard,
  seedProduct,
  type CheckoutAnswer,
  type ProductFields,
} from '../checkout/checkout-fixtures';

export const SUCCEEDS = '4242 4242 4242 4242';

/** A product of its own for each test, so stock figures never cross. */
export async function ownBeer(
  t: TestApp,
  id: string,
  changes: Partial<ProductFields> = {},
): Promise<{ id: string; fields: ProductFields }> {
  const fields = beer(`Beer ${id}`, changes);
  await seedProduct(t, id, fields);
  return { id, fields };
}

/** A checkout of one 4-pack, left pending (no payment yet). */
export async function pendingOrder(t: TestApp, productId: string): Promise<CheckoutAnswer> {
  const product = await ownBeer(t, productId);
  return checkOut(t, [cartLine(product.id, product.fields, '4pack', 1)]);
}

/** A checkout of one 4-pack paid with the succeeding test card, once it is paid with an invoice number. */
export async function paidOrder(t: TestApp, productId: string): Promise<CheckoutAnswer> {
  const answer = await pendingOrder(t, productId);
  const paid = await payWithCard(t, answer, SUCCEEDS);
  if (paid.status !== 200) throw new Error(`payment answered ${paid.status}: ${JSON.stringify(paid.body)}`);
  await eventually(async () => (await adminOrder(t, answer.orderId))?.invoiceNumber);
  return answer;
}

const tokens = new WeakMap<TestApp, { token: string; issuedAt: number }>();

/**
 * An admin token valid at the server's clock: tokens expire on that clock, so one from before a jump of days
 * is refused. Logs in again only after the clock has moved.
 */
export async function adminToken(t: TestApp): Promise<string> {
  const known = tokens.get(t);
  if (known && known.issuedAt === t.clock.now.getTime()) return known.token;
  const res = await t.http().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD });
  if (res.status !== 201) throw new Error(`login answered ${res.status}`);
  const token = (res.body as { token: string }).token;
  tokens.set(t, { token, issuedAt: t.clock.now.getTime() });
  return token;
}

export async function adminGet(t: TestApp, path: string) {
  return t
    .http()
    .get(path)
    .set('Authorization', `Bearer ${await adminToken(t)}`);
}

export async function adminPost(t: TestApp, path: string, body?: object) {
  const req = t
    .http()
    .post(path)
    .set('Authorization', `Bearer ${await adminToken(t)}`);
  return body === undefined ? req : req.send(body);
}

export async function putTracking(t: TestApp, orderId: string, body: object) {
  return t
    .http()
    .put(`/api/admin/orders/${orderId}/tracking`)
    .set('Authorization', `Bearer ${await adminToken(t)}`)
    .send(body);
}

export interface OutboxRow {
  _id: string;
  to: string;
  subject: string;
  kind: string;
  orderId: string | null;
  status: string;
}

export async function outbox(t: TestApp): Promise<OutboxRow[]> {
  return (await adminGet(t, '/api/admin/outbox')).body as OutboxRow[];
}

/** What `GET /api/admin/orders` says of one order, with the fields these tests read. */
export interface AdminOrderRow {
  id: string;
  status: string;
  invoiceNumber: string | null;
  needsReview: boolean;
  reservation: string;
  trackingReference: string | null;
  trackingUrl: string | null;
  statusHistory: { status: string; at: string; by: string }[];
  shippingLabel: { consignmentNumber: string; trackingUrl: string } | null;
}

export async function adminOrder(t: TestApp, orderId: string): Promise<AdminOrderRow | undefined> {
  return ((await adminGet(t, '/api/admin/orders')).body as AdminOrderRow[]).find((o) => o.id === orderId);
}
