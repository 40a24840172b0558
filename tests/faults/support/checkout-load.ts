/**
 * Checkout traffic against a running shop over plain HTTP, for the crash and oversell fault tests: a
 * customer's checkout body, the local gateway's test card, and the admin views the checks read.
 *
 * The supertest helpers in backend/test/checkout drive an in-process app; these speak to a real process,
 * and they never throw on an HTTP error, because a refusal or a failed request is what the tests count.
 */

export const SUCCEEDING_CARD = '4242 4242 4242 4242';

export type PackSize = 'single' | '4pack' | '8pack' | '16pack';

const CANS_PER_UNIT: Readonly<Record<PackSize, number>> = { single: 1, '4pack': 4, '8pack': 8, '16pack': 16 };

/** A product as the admin list shows it: `inventory` is the stock figure, `reserved` what pending checkouts hold. */
export interface AdminProduct {
  id: string;
  name: string;
  price: string;
  price4Pack: string | null;
  price8Pack: string | null;
  price16Pack: string | null;
  inventory: number;
  reserved: number;
  available: number;
}

export interface AdminOrder {
  id: string;
  number: number;
  status: string;
  customerName: string;
  totalCans: number;
  invoiceNumber: string | null;
  paymentIntentId: string | null;
  reservation: 'held' | 'released' | 'sold';
  needsReview: boolean;
  reviewReasons: string[];
  items: { productId: string; quantity: number }[];
  statusHistory: { status: string }[];
}

export interface OutboxEmail {
  orderId: string | null;
  kind: string;
  to: string;
}

export interface CheckoutAnswer {
  clientSecret: string;
  paymentIntentId: string;
  orderId: string;
  amount: number;
}

export interface PaymentAnswer {
  paymentIntent: { id: string; status: string };
}

export interface ErrorBody {
  statusCode: number;
  message: string;
  code: string;
}

/** What came back: an HTTP status and body, or `status: null` when the request never got an answer. */
export type Answer<T> =
  | { status: number; ok: true; body: T; /** X-Shop-Position: where the request's writes are in the log. */ position: string | null }
  | { status: number; ok: false; body: ErrorBody }
  | { status: null; ok: false; error: string };

/**
 * One API request. `position` is the X-Shop-Position a client presents after a write, as the browser does: the
 * process that answers (any of them, behind the balancer) then reads what that write made.
 */
export async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  position?: string | null,
): Promise<Answer<T>> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(position == null ? {} : { 'x-shop-position': position }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    text = await res.text();
  } catch (error) {
    // The server died under the request (or refused the connection): no answer, so nothing was acknowledged.
    return { status: null, ok: false, error: failureOf(error) };
  }
  let parsed: unknown;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    // Not the shop's answer: a load balancer's error page.
    return { status: res.status, ok: false, body: { statusCode: res.status, message: text.slice(0, 200), code: 'not_json' } };
  }
  return res.ok
    ? { status: res.status, ok: true, body: parsed as T, position: res.headers.get('x-shop-position') }
    : { status: res.status, ok: false, body: parsed as ErrorBody };
}

/** fetch's error and its cause (the socket's code), read by shape: they come from another realm than Jest's `Error`. */
function failureOf(error: unknown): string {
  const { message, cause } = (error ?? {}) as { message?: unknown; cause?: { code?: unknown; message?: unknown } };
  const detail = [cause?.code, cause?.message].filter((part) => typeof part === 'string' && part !== '').join(' ');
  return `${typeof message === 'string' ? message : String(error)}${detail === '' ? '' : ` (${detail})`}`;
}

/** The admin's Add Product form for a beer with every pack enabled. */
export function productForm(name: string, inventory: number): Record<string, unknown> {
  return {
    name,
    style: 'Pale Ale',
    description: `${name}, brewed in Perth for the fault tests`,
    abv: 5.2,
    price: '6.00',
    price4Pack: '22.00',
    price8Pack: '42.00',
    price16Pack: '80.00',
    inventory,
    imageUrl: '/images/beer.png',
    enable4Pack: true,
    enable8Pack: true,
    enable16Pack: true,
    beerType: null,
    isActive: true,
    archived: false,
  };
}

export async function createProduct(baseUrl: string, token: string, name: string, inventory: number): Promise<AdminProduct> {
  const created = await call<{ id: string }>(baseUrl, 'POST', '/api/admin/products', productForm(name, inventory), token);
  if (!created.ok) throw new Error(`creating ${name} answered ${describe(created)}`);
  const product = (await adminProducts(baseUrl, token, created.position)).find((p) => p.id === created.body.id);
  if (product === undefined) throw new Error(`${name} is missing from the admin list after it was created`);
  return product;
}

export async function adminProducts(baseUrl: string, token: string, position?: string | null): Promise<AdminProduct[]> {
  return adminGet<AdminProduct[]>(baseUrl, '/api/admin/products', token, position);
}

export async function adminOrders(baseUrl: string, token: string): Promise<AdminOrder[]> {
  return adminGet<AdminOrder[]>(baseUrl, '/api/admin/orders', token);
}

export async function outbox(baseUrl: string, token: string): Promise<OutboxEmail[]> {
  return adminGet<OutboxEmail[]>(baseUrl, '/api/admin/outbox', token);
}

async function adminGet<T>(baseUrl: string, path: string, token: string, position?: string | null): Promise<T> {
  const answer = await call<T>(baseUrl, 'GET', path, undefined, token, position);
  if (!answer.ok) throw new Error(`GET ${path} answered ${describe(answer)}`);
  return answer.body;
}

export interface CartLine {
  productId: string;
  name: string;
  quantity: number;
  price: number;
  packSize: PackSize;
  packQuantity: number;
}

/** A cart line as the browser sends it: the price per can for singles, the whole line for packs. */
export function cartLine(product: AdminProduct, packSize: PackSize, units: number): CartLine {
  const packPrice = { single: product.price, '4pack': product.price4Pack, '8pack': product.price8Pack, '16pack': product.price16Pack }[
    packSize
  ];
  const unitCents = Math.round(Number(packPrice ?? Number(product.price) * CANS_PER_UNIT[packSize]) * 100);
  return {
    productId: product.id,
    name: product.name,
    quantity: units * CANS_PER_UNIT[packSize],
    price: packSize === 'single' ? unitCents / 100 : (unitCents * units) / 100,
    packSize,
    packQuantity: CANS_PER_UNIT[packSize],
  };
}

/** Cans per product in a cart. */
export function cansByProduct(lines: readonly CartLine[]): Map<string, number> {
  const cans = new Map<string, number>();
  for (const line of lines) cans.set(line.productId, (cans.get(line.productId) ?? 0) + line.quantity);
  return cans;
}

/** A Perth customer; `label` makes the name unique so an order can be traced back to the request that made it. */
export function customerInfo(label: string): Record<string, string> {
  return {
    name: `Fault ${label}`,
    email: `fault.${label.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
    phone: '0412 345 678',
    addressLine1: '1 Hay Street',
    addressLine2: '',
    suburb: 'Perth',
    postCode: '6000',
    state: 'WA',
  };
}

export function checkOut(
  baseUrl: string,
  cartItems: readonly CartLine[],
  customer: Record<string, string>,
): Promise<Answer<CheckoutAnswer>> {
  return call<CheckoutAnswer>(baseUrl, 'POST', '/api/create-payment-intent', { cartItems, customerInfo: customer });
}

/** Pays a checkout's intent with the local gateway's succeeding test card, as the browser's card form does. */
export function payWithTestCard(
  baseUrl: string,
  answer: Pick<CheckoutAnswer, 'paymentIntentId' | 'clientSecret'>,
): Promise<Answer<PaymentAnswer>> {
  return call<PaymentAnswer>(baseUrl, 'POST', `/api/test-gateway/payment-intents/${answer.paymentIntentId}/confirm`, {
    cardNumber: SUCCEEDING_CARD,
    clientSecret: answer.clientSecret,
  });
}

/** One line for an assertion message: the status and the server's message, or why there was no answer. */
export function describe<T>(answer: Answer<T>): string {
  if (answer.status === null) return `no answer (${answer.error})`;
  return answer.ok ? String(answer.status) : `${answer.status} ${JSON.stringify(answer.body)}`;
}

/** Polls until `probe` returns a value (not undefined), or fails with the last reason after `timeoutMs`. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the results in order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-AU');
}
