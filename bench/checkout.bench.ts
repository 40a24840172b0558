import { median, print, type Figure } from './bench-stats';
import { startShop, type ShopProcess } from './shop-process';

const RUNS = 3;
const CLIENTS = Number(process.env.BENCH_CHECKOUT_CLIENTS ?? 8);
const SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 10);
const WARM_UP_ORDERS = 10;
/** The admin list is polled by one loop; this gap between polls bounds the resolution of the lag figure. */
const POLL_GAP_MS = 10;
const SUCCEEDS = '4242 4242 4242 4242';

const customer = {
  name: 'Ada Brewer',
  email: 'ada@example.com',
  phone: '0412 345 678',
  addressLine1: '1 Hay Street',
  addressLine2: '',
  suburb: 'Perth',
  postCode: '6000',
  state: 'WA',
};

interface CheckoutAnswer {
  clientSecret: string;
  paymentIntentId: string;
  orderId: string;
}

interface RunResult {
  ordersPerSecond: number;
  lagsMs: number[];
  polls: number;
  pollMs: number;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Watches the admin order list (the read model the admin screen shows) and tells each waiting client when
 * its order first shows as paid. One poller for every client, as one admin screen would be.
 */
class PaidWatcher {
  private readonly waiting = new Map<string, { resolve: (seenAt: number) => void; reject: (error: Error) => void }>();
  private failure: Error | null = null;
  private running = true;
  private loop: Promise<void> | null = null;
  polls = 0;
  pollMs = 0;

  constructor(
    private readonly shop: ShopProcess,
    private readonly token: string,
  ) {}

  start(): void {
    this.loop = this.poll();
  }

  paid(orderId: string): Promise<number> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`order ${orderId} did not show as paid within 30 s`)), 30_000);
      this.waiting.set(orderId, {
        resolve: (seenAt) => {
          clearTimeout(timer);
          resolve(seenAt);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  private async poll(): Promise<void> {
    try {
      await this.pollUntilStopped();
    } catch (error) {
      // Every waiting client fails with the poller's error rather than timing out one by one.
      this.failure = error instanceof Error ? error : new Error(String(error));
      for (const waiter of this.waiting.values()) waiter.reject(this.failure);
      this.waiting.clear();
    }
  }

  private async pollUntilStopped(): Promise<void> {
    while (this.running) {
      if (this.waiting.size > 0) {
        const started = performance.now();
        const orders = await this.shop.api<{ id: string; status: string }[]>('GET', '/api/admin/orders', undefined, this.token);
        const seenAt = performance.now();
        this.polls += 1;
        this.pollMs += seenAt - started;
        for (const order of orders) {
          const waiter = order.status === 'paid' ? this.waiting.get(order.id) : undefined;
          if (waiter) {
            this.waiting.delete(order.id);
            waiter.resolve(seenAt);
          }
        }
      }
      await new Promise((r) => setTimeout(r, POLL_GAP_MS));
    }
  }
}

/** One customer: checkout with a payment intent, pay with the local gateway's test card; the confirm's answer time. */
async function buyAndPay(shop: ShopProcess, productId: string): Promise<{ orderId: string; confirmedAt: number }> {
  const cartItems = [{ productId, name: 'Bench Pale Ale', quantity: 4, price: 22, packSize: '4pack', packQuantity: 4 }];
  const answer = await shop.api<CheckoutAnswer>('POST', '/api/create-payment-intent', { cartItems, customerInfo: customer });
  const paid = await shop.api<{ paymentIntent: { status: string } }>(
    'POST',
    `/api/test-gateway/payment-intents/${answer.paymentIntentId}/confirm`,
    {
      cardNumber: SUCCEEDS,
      clientSecret: answer.clientSecret,
    },
  );
  const confirmedAt = performance.now();
  if (paid.paymentIntent.status !== 'succeeded') throw new Error(`payment of order ${answer.orderId} ended ${paid.paymentIntent.status}`);
  return { orderId: answer.orderId, confirmedAt };
}

/** A fresh shop per run, so every run starts from the same (short) order list. */
async function oneRun(): Promise<RunResult> {
  const shop = await startShop();
  try {
    const token = await shop.adminToken();
    const product = await shop.api<{ id: string }>(
      'POST',
      '/api/admin/products',
      {
        name: 'Bench Pale Ale',
        style: 'Pale Ale',
        description: 'Brewed for the benchmark',
        abv: 5,
        price: '6.00',
        price4Pack: '22.00',
        price8Pack: '42.00',
        price16Pack: '80.00',
        inventory: 10_000_000,
        imageUrl: '/cans/bench.svg',
        enable4Pack: true,
        enable8Pack: true,
        enable16Pack: true,
        isActive: true,
      },
      token,
    );
    const watcher = new PaidWatcher(shop, token);
    watcher.start();
    try {
      for (let i = 0; i < WARM_UP_ORDERS; i++) {
        const { orderId } = await buyAndPay(shop, product.id);
        await watcher.paid(orderId);
      }
      watcher.polls = 0;
      watcher.pollMs = 0;
      const lagsMs: number[] = [];
      const started = performance.now();
      const end = started + SECONDS * 1000;
      const client = async () => {
        while (performance.now() < end) {
          const { orderId, confirmedAt } = await buyAndPay(shop, product.id);
          // Watched from the moment the confirm answered: the lag runs from there to the first poll showing it paid.
          const seenAt = await watcher.paid(orderId);
          lagsMs.push(seenAt - confirmedAt);
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, client));
      const elapsed = (performance.now() - started) / 1000;
      return { ordersPerSecond: lagsMs.length / elapsed, lagsMs, polls: watcher.polls, pollMs: watcher.pollMs };
    } finally {
      await watcher.stop();
    }
  } finally {
    await shop.stop();
  }
}

function figure(name: string, unit: string, runs: number[], how: string): Figure {
  const result = { name, unit, median: median(runs), runs, how };
  print(result);
  return result;
}

/** Completed, paid and visible orders per second, and how long a payment takes to show in the admin list. */
export async function checkoutBench(): Promise<Figure[]> {
  const results: RunResult[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await oneRun();
    results.push(result);
    process.stdout.write(
      `(run ${run + 1}: ${result.lagsMs.length} orders; admin list polled ${result.polls} times, ${(result.pollMs / Math.max(1, result.polls)).toFixed(1)} ms a poll on average)\n`,
    );
  }
  const how = `${RUNS} runs, median; a fresh built server per run (PGlite, memory read models), ${CLIENTS} clients for ${SECONDS} s after ${WARM_UP_ORDERS} warm-up orders; each: create-payment-intent, confirm with the test card, wait until GET /api/admin/orders shows it paid (one poller, ${POLL_GAP_MS} ms between polls)`;
  return [
    figure(
      `Checkout → paid → visible, ${CLIENTS} clients`,
      'orders/s',
      results.map((r) => r.ordersPerSecond),
      how,
    ),
    figure(
      'Payment confirmed → paid in admin list, p50',
      'ms',
      results.map((r) => percentile(r.lagsMs, 50)),
      how,
    ),
    figure(
      'Payment confirmed → paid in admin list, p99',
      'ms',
      results.map((r) => percentile(r.lagsMs, 99)),
      how,
    ),
  ];
}
