import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresEventStore } from '@brewery/eventstore';
import { createThrowawayDatabase, startThrowawayPostgres, type ThrowawayPostgres } from '@brewery/eventstore/testing';
import { freePort, startShopServer, stopChild, waitUntilAnswering, type ShopServer } from '../support/shop-server';
import {
  adminOrders,
  adminProducts,
  cartLine,
  checkOut,
  createProduct,
  customerInfo,
  describe as describeAnswer,
  eventually,
  payWithTestCard,
  type AdminProduct,
  type CartLine,
} from './support/checkout-load';
import { byScale } from './support/fault-scale';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';

/**
 * Several shop processes behind a real load balancer (Debian's HAProxy) on one PostgreSQL server: every
 * process serves reads and commands, the lease holder alone runs the process managers. Customers check out and
 * pay through the balancer while the lease holder is killed with SIGKILL again and again (and started again):
 * another process must take the lease within 10 s, every acknowledged payment must end paid exactly once, each
 * e-mail must go out once (a resend can only be one cut off by a kill, and carries the same Message-ID), and
 * the stock must add up. A read presenting the position its checkout was written at sees the order, whichever
 * process it reaches.
 */

const HAPROXY = '/usr/sbin/haproxy';
const PROCESSES = 3;
const KILLS = byScale(3, 10);
const CLIENTS = byScale(6, 12);
/** Load before the first kill and between kills. */
const BETWEEN_KILLS_MS = byScale(3000, 6000);
const TAKEOVER_LIMIT_MS = 10_000;
const ADMIN_PASSWORD = 'several-processes-password';
const JWT_SECRET = `several-processes-jwt-${randomBytes(16).toString('hex')}`;
const INITIAL_STOCK = 100_000;

const haproxyMissing = !existsSync(HAPROXY);
if (haproxyMissing) console.log(`several processes: skipped, ${HAPROXY} is not installed (Debian's haproxy package)`);
const describeWithBalancer = haproxyMissing ? describe.skip : describe;

interface Acknowledged {
  orderId: string;
  paymentIntentId: string;
  clientSecret: string;
  email: string;
  /** The balancer answered the payment: the card was charged (authorised) and the shop said so. */
  paid: boolean;
}

interface Balancer {
  url: string;
  stop(): Promise<void>;
}

/** HAProxy in the foreground, round robin over the shops, checking each one's health every half second. */
async function startHaproxy(shops: readonly ShopServer[], dir: string): Promise<Balancer> {
  const port = await freePort();
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 4000',
      'defaults',
      '  mode http',
      '  timeout connect 1s',
      '  timeout client 60s',
      '  timeout server 60s',
      // Only a request that never reached a shop is sent to another: a checkout is never sent twice.
      '  retries 3',
      '  retry-on conn-failure',
      '  option redispatch',
      'frontend shop',
      `  bind 127.0.0.1:${port}`,
      '  default_backend shops',
      'backend shops',
      '  balance roundrobin',
      '  option httpchk GET /api/health',
      '  http-check expect status 200',
      ...shops.map((shop, i) => `  server shop${i + 1} ${new URL(shop.url).host} check inter 500 fall 1 rise 2`),
      // As deploy/haproxy.cfg: should every process report failing, they are still asked (reads work).
      '  option allbackups',
      ...shops.map((shop, i) => `  server spare${i + 1} ${new URL(shop.url).host} backup`),
      '',
    ].join('\n'),
  );
  let output = '';
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/api/health`, child, () => output, 20_000);
  return { url, stop: () => stopChild(child) };
}

interface Lease {
  leader: boolean;
  holder: string;
}

async function leaseOf(shop: ShopServer, token: string): Promise<Lease | null> {
  try {
    const res = await fetch(`${shop.url}/api/health`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { lease?: Lease }).lease ?? null;
  } catch {
    return null;
  }
}

async function leaders(shops: readonly ShopServer[], token: string): Promise<ShopServer[]> {
  const leases = await Promise.all(shops.map((shop) => leaseOf(shop, token)));
  return shops.filter((_, i) => leases[i]?.leader === true);
}

describeWithBalancer('several shop processes behind HAProxy, the lease holder killed again and again', () => {
  let postgres: ThrowawayPostgres;
  let databaseUrl: string;
  let smtp: SmtpSink;
  let balancer: Balancer;
  const shops: ShopServer[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'several-processes-'));

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    databaseUrl = await createThrowawayDatabase(postgres.url, 'several');
    smtp = await startSmtpSink();
    for (let i = 0; i < PROCESSES; i++) {
      shops.push(
        await startShopServer({
          name: `several-processes-${i + 1}`,
          env: { DATABASE_URL: databaseUrl, ADMIN_PASSWORD, JWT_SECRET, SMTP_URL: smtp.url, LOG_LEVEL: 'info' },
        }),
      );
    }
    balancer = await startHaproxy(shops, dir);
  }, 120_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all(shops.map((shop) => shop.stop()));
    await smtp?.close();
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    `keeps every acknowledged payment paid exactly once through ${KILLS} kills of the lease holder, each taken over within 10 s`,
    async () => {
      const token = (
        (await (
          await fetch(`${balancer.url}/api/admin/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ password: ADMIN_PASSWORD }),
          })
        ).json()) as { token: string }
      ).token;
      expect(await leaders(shops, token)).toHaveLength(1);

      const pale = await createProduct(balancer.url, token, 'Balanced Pale Ale', INITIAL_STOCK);
      const lager = await createProduct(balancer.url, token, 'Balanced Lager', INITIAL_STOCK);
      const carts: CartLine[][] = [
        [cartLine(pale, 'single', 4)],
        [cartLine(lager, '4pack', 1)],
        [cartLine(pale, '4pack', 1), cartLine(lager, 'single', 4)],
        [cartLine(lager, '8pack', 1)],
      ];

      const acknowledged = new Map<string, Acknowledged>();
      const unexpected: string[] = [];
      const unreadWrites: string[] = [];
      let cutOff = 0;
      let running = true;

      const client = async (clientNo: number): Promise<void> => {
        for (let n = 1; running; n++) {
          const label = `k${clientNo} n${n}`;
          const cart = carts[(clientNo + n) % carts.length] ?? [];
          const customer = customerInfo(label);
          const checkout = await checkOut(balancer.url, cart, customer);
          if (checkout.status === null || checkout.status === 502 || checkout.status === 503) {
            cutOff++;
            continue;
          }
          if (!checkout.ok) {
            unexpected.push(`checkout ${label}: ${describeAnswer(checkout)}`);
            continue;
          }
          const { orderId, paymentIntentId, clientSecret } = checkout.body;
          const ack: Acknowledged = { orderId, paymentIntentId, clientSecret, email: customer['email'] ?? '', paid: false };
          acknowledged.set(orderId, ack);
          await readYourCheckout(ack, checkout.position);
          const payment = await payWithTestCard(balancer.url, ack);
          if (payment.status === null || payment.status === 502 || payment.status === 503) {
            cutOff++;
            continue;
          }
          if (!payment.ok || !['succeeded', 'requires_capture'].includes(payment.body.paymentIntent.status)) {
            unexpected.push(`payment of ${orderId}: ${describeAnswer(payment)}`);
            continue;
          }
          ack.paid = true;
        }
      };

      /** Through the balancer (any process), with the checkout's position: the order is there. */
      const readYourCheckout = async (ack: Acknowledged, position: string | null): Promise<void> => {
        if (position === null) return void unreadWrites.push(`${ack.orderId}: the checkout's answer carried no X-Shop-Position`);
        try {
          const res = await fetch(`${balancer.url}/api/admin/orders/search?q=${ack.paymentIntentId}`, {
            headers: { authorization: `Bearer ${token}`, 'X-Shop-Position': position },
          });
          // A process killed in between is no answer, not a stale one.
          if (res.status === 502 || res.status === 503) return;
          const page = (await res.json()) as { total: number };
          if (page.total !== 1) unreadWrites.push(`${ack.orderId}: ${res.status} total ${page.total}`);
        } catch {
          // cut off by a kill
        }
      };

      const load = Array.from({ length: CLIENTS }, (_, i) => client(i + 1));
      const takeovers: number[] = [];
      try {
        for (let kill = 1; kill <= KILLS; kill++) {
          await new Promise((r) => setTimeout(r, BETWEEN_KILLS_MS));
          const [holder] = await leaders(shops, token);
          if (holder === undefined) throw new Error(`kill ${kill}: no process holds the lease`);
          const killedAt = Date.now();
          await holder.kill();
          const others = shops.filter((shop) => shop !== holder);
          await eventually(
            'another process to take the lease',
            async () => ((await leaders(others, token)).length === 1 ? true : undefined),
            15_000,
          );
          takeovers.push(Date.now() - killedAt);
          // It comes back as a follower, as a crashed container is restarted.
          await holder.restart();
          expect((await leaders(shops, token)).length).toBe(1);
        }
      } finally {
        running = false;
        await Promise.all(load);
      }

      // The customers whose payment a kill cut off pay again, as the checkout page lets them.
      for (const ack of acknowledged.values()) {
        if (ack.paid) continue;
        const payment = await payWithTestCard(balancer.url, ack);
        if (payment.ok && ['succeeded', 'requires_capture'].includes(payment.body.paymentIntent.status)) ack.paid = true;
        else unexpected.push(`payment of ${ack.orderId} after the kills: ${describeAnswer(payment)}`);
      }
      const paid = [...acknowledged.values()].filter((a) => a.paid);

      // Every acknowledged payment ends a paid order with its invoice, through whichever process answers.
      const orders = await eventually(
        'every acknowledged payment to be a paid order with an invoice',
        async () => {
          const list = await adminOrders(shops[0]?.url ?? '', token);
          const byId = new Map(list.map((o) => [o.id, o]));
          return paid.every((a) => byId.get(a.orderId)?.status === 'paid' && byId.get(a.orderId)?.invoiceNumber !== null)
            ? list
            : undefined;
        },
        30_000,
      );
      const byId = new Map(orders.map((o) => [o.id, o]));
      expect(unexpected).toEqual([]);
      expect(unreadWrites).toEqual([]);
      expect(paid.filter((a) => byId.get(a.orderId)?.paymentIntentId !== a.paymentIntentId).map((a) => a.orderId)).toEqual([]);
      // Paid once: one "paid" in each history, none flagged for review (a second payment would be).
      expect(orders.filter((o) => o.statusHistory.filter((h) => h.status === 'paid').length > 1).map((o) => o.id)).toEqual([]);
      expect(orders.filter((o) => o.needsReview).map((o) => `${o.id}: ${o.reviewReasons.join('; ')}`)).toEqual([]);

      // The bank's side, read from the shared store: each intent captured at most once, each capture a paid order.
      const store = await PostgresEventStore.open({ url: databaseUrl });
      const captures = new Map<string, number>();
      try {
        for (const event of await store.readAll()) {
          if (event.type !== 'TestIntentCaptured') continue;
          const { intent } = event.data as { intent: { id: string; metadata: { orderId?: string } } };
          captures.set(intent.id, (captures.get(intent.id) ?? 0) + 1);
          expect({ intent: intent.id, order: byId.get(intent.metadata.orderId ?? '')?.status }).toEqual({
            intent: intent.id,
            order: 'paid',
          });
        }
      } finally {
        await store.close();
      }
      expect([...captures].filter(([, count]) => count > 1)).toEqual([]);
      expect(paid.filter((a) => captures.get(a.paymentIntentId) !== 1).map((a) => a.paymentIntentId)).toEqual([]);

      // Stock: what is left plus what paid orders took is what there was.
      const products = await adminProducts(shops[0]?.url ?? '', token);
      for (const product of [pale, lager] as AdminProduct[]) {
        const sold = orders
          .filter((o) => o.status === 'paid')
          .flatMap((o) => o.items)
          .filter((item) => item.productId === product.id)
          .reduce((sum, item) => sum + item.quantity, 0);
        const now = products.find((p) => p.id === product.id);
        expect({ product: product.name, stockPlusSold: (now?.inventory ?? 0) + sold }).toEqual({
          product: product.name,
          stockPlusSold: INITIAL_STOCK,
        });
      }

      // E-mail: every paid order's confirmation went out; a message sent twice can only be one a kill cut off
      // between the mail server's answer and its record, and it is the same message (the same Message-ID).
      const mailed = await eventually(
        'a confirmation e-mail for every paid order',
        () =>
          Promise.resolve(
            paid.every((a) => smtp.received.some((m) => m.to.some((to) => to.includes(a.email)))) ? smtp.received : undefined,
          ),
        30_000,
      );
      const counts = new Map<string, number>();
      for (const mail of mailed) counts.set(mail.messageId ?? 'none', (counts.get(mail.messageId ?? 'none') ?? 0) + 1);
      expect(counts.has('none')).toBe(false);
      const resent = [...counts.values()].filter((count) => count > 1).length;
      expect(resent).toBeLessThanOrEqual(KILLS);

      console.log(
        `several processes: ${PROCESSES} shops behind HAProxy, ${KILLS} SIGKILLs of the lease holder, taken over in ` +
          `${takeovers.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s; ${acknowledged.size} checkouts, ${paid.length} paid ` +
          `(each once), ${cutOff} requests cut off by kills, ${mailed.length} e-mails (${resent} sent again after a kill, same Message-ID), stock adds up`,
      );
      for (const ms of takeovers) expect(ms).toBeLessThan(TAKEOVER_LIMIT_MS);
    },
    byScale(240_000, 900_000),
  );
});
