import type { TestApp } from '../create-test-app';
import { adminGet, beer, cartLine, checkOut, eventually, orderView, payWithCard, seedProduct, type CheckoutAnswer, type ProductFields } from '../checkout/checkout-fixtures';

export const SUCCEEDS = '4242 4242 4242 4242';

/** A product of its own for each test, so stock figures never cross. */
export async function ownBeer(t: TestApp, id: string, changes: Partial<ProductFields> = {}): Promise<{ id: string; fields: ProductFields }> {
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
  await eventually(async () => (await orderView(t, answer.orderId))?.invoiceNumber);
  return answer;
}

export async function putTracking(t: TestApp, orderId: string, body: object) {
  return t.http().put(`/api/admin/orders/${orderId}/tracking`).set('Authorization', `Bearer ${await t.adminToken()}`).send(body);
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
  trackingReference: string | null;
  trackingUrl: string | null;
  statusHistory: { status: string; at: string; by: string }[];
  shippingLabel: { consignmentNumber: string; trackingUrl: string } | null;
}

export async function adminOrder(t: TestApp, orderId: string): Promise<AdminOrderRow | undefined> {
  return ((await adminGet(t, '/api/admin/orders')).body as AdminOrderRow[]).find((o) => o.id === orderId);
}
