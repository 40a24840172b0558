import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The real server, killed with SIGKILL between creating the payment intent and the webhook, restarted on
 * the same DATA_DIR: the order completes when the payment event arrives, with nothing lost or doubled.
 * Then killed again right after the payment was recorded, before the process manager could be sure to
 * finish: the next start completes it from its durable checkpoint.
 *
 * The test builds the server first (`tsc -b backend/tsconfig.build.json`) when `backend/dist/main.js` is
 * missing or older than the sources.
 */
const ROOT = resolve(__dirname, '../../..');
const MAIN = join(ROOT, 'backend/dist/main.js');
const ADMIN_PASSWORD = 'crash-test-password';

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !/\.(int-|api-)?spec\.ts$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function buildServerIfStale(): void {
  const sources = Math.max(...['backend/src', 'shop-rules/src', 'eventstore/src'].map((dir) => newestSource(join(ROOT, dir))));
  if (existsSync(MAIN) && statSync(MAIN).mtimeMs >= sources) return;
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'backend/tsconfig.build.json'], {
      cwd: ROOT,
      stdio: 'pipe',
      timeout: 240_000,
    });
  } catch (error) {
    // tsc -b still emits JavaScript when another module has a type error; only a missing build is fatal.
    if (!existsSync(MAIN)) throw error;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

interface Shop {
  child: ChildProcess;
  url: string;
  output: string[];
}

async function startShop(dataDir: string, port: number): Promise<Shop> {
  const output: string[] = [];
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-static'),
      ADMIN_PASSWORD,
      JWT_SECRET: 'crash-test-secret-that-is-long-enough-for-hs256',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}:\n${output.join('')}`);
    try {
      const res = await fetch(`${url}/api/config`);
      if (res.ok) return { child, url, output };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the shop did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function kill(shop: Shop): Promise<void> {
  if (shop.child.exitCode !== null || shop.child.signalCode !== null) return;
  const exited = new Promise<void>((r) => shop.child.once('exit', () => r()));
  shop.child.kill('SIGKILL');
  await exited;
}

async function call<T>(shop: Shop, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${shop.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

async function login(shop: Shop): Promise<string> {
  const res = await call<{ token: string }>(shop, 'POST', '/api/admin/login', { password: ADMIN_PASSWORD });
  if (res.status !== 201 && res.status !== 200) throw new Error(`login answered ${res.status}`);
  return res.body.token;
}

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting for the shop');
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Product {
  id: string;
  name: string;
  price: string;
  price4Pack: string | null;
  inventory: number;
}
interface Order {
  id: string;
  status: string;
  invoiceNumber: string | null;
  statusHistory: { status: string }[];
}

describe('checkout survives a crash (SIGKILL) between payment intent and webhook', () => {
  let dataDir: string;
  let port: number;
  const running: Shop[] = [];

  beforeAll(async () => {
    buildServerIfStale();
    dataDir = mkdtempSync(join(tmpdir(), 'brewery-crash-'));
    port = await freePort();
  }, 300_000);

  afterAll(async () => {
    for (const shop of running) await kill(shop);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (): Promise<Shop> => {
    const shop = await startShop(dataDir, port);
    running.push(shop);
    return shop;
  };

  async function completedOrder(shop: Shop, token: string, orderId: string): Promise<Order> {
    return eventually(async () => {
      const orders = await call<Order[]>(shop, 'GET', '/api/admin/orders', undefined, token);
      const order = orders.body.find((o) => o.id === orderId);
      if (order?.status !== 'paid' || order.invoiceNumber === null) return undefined;
      const outbox = await call<{ orderId: string | null; status: string }[]>(shop, 'GET', '/api/admin/outbox', undefined, token);
      return outbox.body.some((e) => e.orderId === orderId) ? order : undefined;
    });
  }

  async function expectCompletedOnce(
    shop: Shop,
    token: string,
    orderId: string,
    paymentIntentId: string,
    product: Product,
    cans: number,
  ): Promise<string> {
    const order = await completedOrder(shop, token, orderId);
    expect(order.statusHistory.filter((h) => h.status === 'paid')).toHaveLength(1);
    const admin = await call<Product[]>(shop, 'GET', '/api/admin/products', undefined, token);
    expect(admin.body.find((p) => p.id === product.id)?.inventory).toBe(product.inventory - cans);
    const outbox = await call<{ orderId: string | null }[]>(shop, 'GET', '/api/admin/outbox', undefined, token);
    expect(outbox.body.filter((e) => e.orderId === orderId)).toHaveLength(1);
    const backups = await call<{
      backups: { paymentIntentId: string; paymentStatus: string }[];
      summary: { potentiallyMissing: unknown[] };
    }>(shop, 'GET', '/api/admin/order-backups', undefined, token);
    expect(backups.body.backups.filter((b) => b.paymentIntentId === paymentIntentId)).toEqual([
      expect.objectContaining({ paymentStatus: 'succeeded' }),
    ]);
    expect(backups.body.summary.potentiallyMissing).toEqual([]);
    return order.invoiceNumber ?? '';
  }

  it('completes the order exactly once after each restart', async () => {
    // First life: seed the beers, check out, die before any payment event.
    let shop = await start();
    let token = await login(shop);
    expect((await call(shop, 'POST', '/api/admin/seed-products', undefined, token)).status).toBeLessThan(300);
    const products = await call<Product[]>(shop, 'GET', '/api/admin/products', undefined, token);
    const product = products.body.find((p) => p.inventory >= 8 && p.price4Pack !== null);
    if (!product) throw new Error('no seeded beer with a 4-pack and 8 cans');
    const customerInfo = {
      name: 'Crash Test',
      email: 'crash@example.com',
      phone: '0412 345 678',
      addressLine1: '1 Hay Street',
      suburb: 'Perth',
      postCode: '6000',
      state: 'WA',
    };
    const line = {
      productId: product.id,
      name: product.name,
      quantity: 4,
      price: Number(product.price4Pack),
      packSize: '4pack',
      packQuantity: 4,
    };
    const first = await call<{ paymentIntentId: string; clientSecret: string; orderId: string }>(
      shop,
      'POST',
      '/api/create-payment-intent',
      { cartItems: [line], customerInfo },
    );
    expect(first.status).toBe(200);
    await kill(shop);

    // Second life: the payment arrives (the local gateway kept its intent in DATA_DIR) and the order completes.
    shop = await start();
    token = await login(shop);
    const paid = await call<{ paymentIntent: { status: string } }>(
      shop,
      'POST',
      `/api/test-gateway/payment-intents/${first.body.paymentIntentId}/confirm`,
      {
        cardNumber: '4242 4242 4242 4242',
        clientSecret: first.body.clientSecret,
      },
    );
    expect(paid.body.paymentIntent.status).toBe('succeeded');
    const invoice = await expectCompletedOnce(shop, token, first.body.orderId, first.body.paymentIntentId, product, 4);
    // The same event again, through the operator's recovery, changes nothing.
    expect((await call(shop, 'POST', '/api/admin/simulate-webhook', { paymentIntentId: first.body.paymentIntentId }, token)).status).toBe(
      200,
    );

    // A second order; this time the shop dies the moment the payment is recorded.
    const second = await call<{ paymentIntentId: string; clientSecret: string; orderId: string }>(
      shop,
      'POST',
      '/api/create-payment-intent',
      { cartItems: [line], customerInfo },
    );
    expect(second.status).toBe(200);
    await call(shop, 'POST', `/api/test-gateway/payment-intents/${second.body.paymentIntentId}/confirm`, {
      cardNumber: '4242424242424242',
      clientSecret: second.body.clientSecret,
    });
    await kill(shop);

    // Third life: the process manager resumes from its durable checkpoint; the first order is untouched.
    shop = await start();
    token = await login(shop);
    await expectCompletedOnce(shop, token, second.body.orderId, second.body.paymentIntentId, product, 8);
    expect((await completedOrder(shop, token, first.body.orderId)).invoiceNumber).toBe(invoice);
    const recovered = await call<{ message: string }>(
      shop,
      'POST',
      '/api/admin/recover-order',
      { paymentIntentId: second.body.paymentIntentId },
      token,
    );
    expect(recovered.body.message).toContain('nothing changed');
    await kill(shop);
  }, 240_000);
});
