import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { PACK_QUANTITY, type PackSize } from '@brewery/shop-rules';
import type { ShopServer } from '../../support/shop-server';
import type { OpenApiDocument } from './openapi-requests';

/** Requests the hostile-input and security specs send to a real shop process, and the shop they set up first. */

export interface RawRequest {
  method: string;
  /** Sent byte for byte (node:http does not normalise `..` or re-encode it, unlike fetch). */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

// A fresh connection each time: a reused idle one can be closed by the server just as a request starts on it.
const agent = new Agent({ keepAlive: false, maxSockets: 16 });

/**
 * Sends one request as given. A server may answer before it has read a body it refuses (413) and close the
 * connection; the answer then counts even if the upload fails. No answer at all rejects.
 */
export function sendRaw(baseUrl: string, req: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : Buffer.from(req.body, 'utf8');
    let answered: RawAnswer | null = null;
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        agent,
        headers: { ...(req.headers ?? {}), ...(body === undefined ? {} : { 'content-length': String(body.length) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        answered = { status: res.statusCode ?? 0, headers: res.headers, text: '' };
        const done = () => resolve({ ...(answered as RawAnswer), text: Buffer.concat(chunks).toString('utf8') });
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', done);
        res.on('error', done);
        res.on('aborted', done);
      },
    );
    outgoing.on('error', (error) => (answered === null ? reject(error) : resolve(answered)));
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error(`${req.method} ${req.path.slice(0, 120)}: no answer within 30 s`)));
    outgoing.end(body);
  });
}

/** Runs `work` over `items` with at most `limit` at once, answers in order. */
export async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface Health {
  status: string;
  reasons: string[];
  headPosition: number | null;
  projections: { name: string; caughtUp: boolean; lag: number | null; lastError: string | null }[];
}

export async function health(server: ShopServer): Promise<{ status: number; body: Health }> {
  // The detail is the operator's: it needs the admin token.
  const res = await sendRaw(server.url, {
    method: 'GET',
    path: '/api/health',
    headers: { authorization: `Bearer ${await server.adminToken()}` },
  });
  return { status: res.status, body: JSON.parse(res.text) as Health };
}

/** The event store's global head, as /api/health reports it (-1 when empty). */
export async function headPosition(server: ShopServer): Promise<number> {
  const { body } = await health(server);
  if (body.headPosition === null) throw new Error('health did not report the event store head');
  return body.headPosition;
}

/** Waits until every subscriber has handled the whole log and the head has stood still for a moment. */
export async function settle(server: ShopServer, timeoutMs = 20_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = Number.NaN;
  // A process manager may still be between its read and its append when every subscriber says it is
  // caught up: the head must stay put over three looks (most of a second), not two.
  let stillFor = 0;
  for (;;) {
    const { body } = await health(server);
    const quiet = body.projections.every((p) => p.caughtUp && p.lag === 0 && p.lastError === null);
    stillFor = quiet && body.headPosition === last ? stillFor + 1 : 0;
    if (stillFor >= 2) return last;
    last = body.headPosition ?? Number.NaN;
    if (Date.now() > deadline) throw new Error(`shop did not settle: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

export async function openApiDocument(server: ShopServer): Promise<OpenApiDocument> {
  const res = await sendRaw(server.url, { method: 'GET', path: '/api/docs/openapi.json' });
  if (res.status !== 200) throw new Error(`OpenAPI document answered ${res.status}`);
  return JSON.parse(res.text) as OpenApiDocument;
}

export interface AdminProductRow {
  id: string;
  name: string;
  price: string;
  price4Pack: string | null;
  price8Pack: string | null;
  price16Pack: string | null;
  inventory: number;
}

export interface PlacedOrder {
  orderId: string;
  paymentIntentId: string;
  clientSecret: string;
  amount: number;
  paid: boolean;
}

export interface ShopFixture {
  products: AdminProductRow[];
  orders: PlacedOrder[];
  outboxKeys: string[];
}

export const SUCCEEDS = '4242 4242 4242 4242';

/** A Perth metro customer, as the checkout form sends one. */
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

/** A cart line as the shop's browser code sends it: price per can for singles, the whole line for packs. */
export function cartLineFor(product: AdminProductRow, packSize: PackSize, packs: number): Record<string, unknown> {
  const packPrice = { single: product.price, '4pack': product.price4Pack, '8pack': product.price8Pack, '16pack': product.price16Pack }[
    packSize
  ];
  const unitCents = Math.round(Number(packPrice ?? Number(product.price) * PACK_QUANTITY[packSize]) * 100);
  return {
    productId: product.id,
    name: product.name,
    quantity: packs * PACK_QUANTITY[packSize],
    price: packSize === 'single' ? unitCents / 100 : (unitCents * packs) / 100,
    packSize,
    packQuantity: PACK_QUANTITY[packSize],
  };
}

export function checkoutBody(product: AdminProductRow, email = customer.email): Record<string, unknown> {
  return { cartItems: [cartLineFor(product, '4pack', 1)], customerInfo: { ...customer, email } };
}

/** Places an order over HTTP and, when asked, pays it with the succeeding test card. */
export async function placeOrder(server: ShopServer, product: AdminProductRow, pay: boolean, email?: string): Promise<PlacedOrder> {
  const answer = await server.api<{ orderId: string; paymentIntentId: string; clientSecret: string; amount: number }>(
    'POST',
    '/api/create-payment-intent',
    checkoutBody(product, email),
  );
  if (pay) {
    await server.api('POST', `/api/test-gateway/payment-intents/${answer.paymentIntentId}/confirm`, {
      cardNumber: SUCCEEDS,
      clientSecret: answer.clientSecret,
    });
  }
  return { ...answer, paid: pay };
}

/** The starter range, and `orders` checkouts of which all but the last are paid; settled before it answers. */
export async function seedShop(server: ShopServer, token: string, orders: number): Promise<ShopFixture> {
  await server.api('POST', '/api/admin/seed-products', undefined, token);
  const products = (await server.api<AdminProductRow[]>('GET', '/api/admin/products', undefined, token)).filter((p) => p.inventory > 20);
  if (products.length === 0) throw new Error('seeding left no product in stock');
  const placed: PlacedOrder[] = [];
  for (let i = 0; i < orders; i++) {
    placed.push(await placeOrder(server, products[i % products.length] as AdminProductRow, i < orders - 1, `buyer${i}@example.com`));
  }
  await settle(server);
  const outbox = await server.api<{ _id: string }[]>('GET', '/api/admin/outbox', undefined, token);
  return { products, orders: placed, outboxKeys: outbox.map((e) => e._id) };
}

/**
 * The server's output with every run of one short unit repeated 100 times or more (the 10 kB garbage paths
 * the log records) cut to two units: the e-mail pattern of the log audit is quadratic on such runs (about 30 s
 * for 6,000 requests). Two units keep whatever spans a boundary; a secret or an address cannot hide in the rest.
 */
export function auditableOutput(output: string): string {
  return output.replace(/(.{1,6}?)\1{99,}/g, '$1$1…');
}
