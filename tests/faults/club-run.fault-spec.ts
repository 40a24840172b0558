import { join as joinPath } from 'node:path';
import { PgliteEventStore } from '@brewery/eventstore';
import { startShopServer, type ShopServer } from '../support/shop-server';
import { call, createProduct, customerInfo, describe as describeAnswer, eventually as waitFor, outbox } from './support/checkout-load';
import { byScale } from './support/fault-scale';

/**
 * kill -9 during a club run. Two hundred members with mixed cards (most charge, some decline, some need the member to
 * authenticate) are in one run; the leader's sweep charges them, and the server is killed (SIGKILL: no shutdown hook)
 * at random moments while it does, then started again on the same data. Afterwards every member was charged exactly
 * once (one intent taken at the provider, one paid order) or told (the decline or the payment to confirm e-mailed once),
 * nobody was charged twice or skipped, and the stock adds up.
 */
const MEMBERS = byScale(200, 400);
const KILLS = byScale(2, 5);
const CARDS = [
  { card: '4242424242424242', outcome: 'charged' },
  { card: '4242424242424242', outcome: 'charged' },
  { card: '4242424242424242', outcome: 'charged' },
  { card: '4242424242424242', outcome: 'charged' },
  { card: '4242424242424242', outcome: 'charged' },
  { card: '4242424242424242', outcome: 'charged' },
  { card: '4000000000000341', outcome: 'declined' },
  { card: '4000000000000341', outcome: 'declined' },
  { card: '4000002760003184', outcome: 'needs_authentication' },
  { card: '4000002760003184', outcome: 'needs_authentication' },
] as const;
const STOCK = 10_000;
const CANS = 8;
const ADMIN_PASSWORD = 'club-run-fault-admin-password';

interface Joined {
  memberId: string;
  manageToken: string;
  email: string;
  expected: (typeof CARDS)[number]['outcome'];
}

interface Share {
  memberId: string;
  email: string;
  status: string;
  orderId: string | null;
  attempts: number;
}

describe('club run: SIGKILL while the sweep charges 200 members, restart on the same data', () => {
  let server: ShopServer;

  beforeAll(async () => {
    server = await startShopServer({
      name: 'club-run-fault',
      env: { ADMIN_PASSWORD, JWT_SECRET: 'club-run-fault-jwt-secret-long-enough-for-hs256', CLUB_SWEEP_INTERVAL_MS: '250' },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it(`charges each of ${MEMBERS} members exactly once or tells them, through ${KILLS} kills`, async () => {
    let token = await server.adminToken();
    const beer = await createProduct(server.url, token, 'Club Fault Pale', STOCK);
    const plan = await call<{ planId: string }>(
      server.url,
      'POST',
      '/api/admin/club/plans',
      { name: 'Fault Eight', cans: CANS, every: 'month', price: '48.00' },
      token,
    );
    if (!plan.ok) throw new Error(`plan: ${describeAnswer(plan)}`);

    const members: Joined[] = [];
    for (let index = 0; index < MEMBERS; index += 1) members.push(await join(server, plan.body.planId, index));
    await eventually(async () => {
      const list = await call<{ members: { status: string }[] }>(server.url, 'GET', '/api/admin/club/members', undefined, token);
      return list.ok && list.body.members.filter((member) => member.status === 'active').length === MEMBERS;
    }, 60_000);

    const chargeAt = new Date(Date.now() + 2_000).toISOString();
    const run = await call<{ runId: string }>(
      server.url,
      'POST',
      '/api/admin/club/runs',
      { planId: plan.body.planId, chargeAt, items: [{ productId: beer.id, quantity: CANS }] },
      token,
    );
    if (!run.ok) throw new Error(`run: ${describeAnswer(run)}`);
    const runId = run.body.runId;

    const killedAt: number[] = [];
    for (let kill = 0; kill < KILLS; kill += 1) {
      // Killed once the sweep is under way, at a different point each time: after a random share of the members moved on.
      const target = Math.floor(((kill + 1) / (KILLS + 1)) * MEMBERS * (0.5 + Math.random() * 0.5));
      await eventually(
        async () => (await moved(server, token, runId)) >= target || (await moved(server, token, runId)) === MEMBERS,
        120_000,
      );
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 200)));
      killedAt.push(await moved(server, token, runId));
      await server.restart();
      token = await server.adminToken();
    }

    const shares = await eventually(async () => {
      const detail = await runDetail(server, token, runId);
      return detail.every((share) => ['charged', 'declined', 'needs_authentication'].includes(share.status)) ? detail : null;
    }, 180_000);
    const byMember = new Map(shares.map((share) => [share.memberId, share]));
    const wrong = members.filter((member) => byMember.get(member.memberId)?.status !== member.expected);
    expect(
      wrong.map((member) => `${member.email}: ${byMember.get(member.memberId)?.status ?? 'not in the run'} (expected ${member.expected})`),
    ).toEqual([]);
    expect(shares.filter((share) => share.attempts !== 1).map((share) => `${share.email} tried ${share.attempts} times`)).toEqual([]);

    // Told once each: the decline, or the payment to confirm.
    const mails = await eventually(async () => {
      const all = await outbox(server.url, token);
      const told = all.filter((mail) => mail.kind === 'club-card-declined' || mail.kind === 'club-authentication-needed');
      return told.length >= members.filter((member) => member.expected !== 'charged').length ? all : null;
    }, 60_000);
    for (const member of members.filter((m) => m.expected !== 'charged')) {
      const kind = member.expected === 'declined' ? 'club-card-declined' : 'club-authentication-needed';
      expect([member.email, mails.filter((mail) => mail.to === member.email && mail.kind === kind).length]).toEqual([member.email, 1]);
    }

    // One paid order per charged member; each order's number is one member's.
    const orders = await call<{ id: string; status: string; customerEmail?: string; totalAmount: string }[]>(
      server.url,
      'GET',
      '/api/admin/orders',
      undefined,
      token,
    );
    if (!orders.ok) throw new Error('orders');
    const orderIds = shares.map((share) => share.orderId).filter((id): id is string => id !== null);
    expect(new Set(orderIds).size).toBe(orderIds.length);
    const paid = orders.body.filter((order) => order.status === 'paid');
    const chargedMembers = members.filter((member) => member.expected === 'charged').length;
    expect(paid.length).toBe(chargedMembers);
    expect(new Set(paid.map((order) => order.id))).toEqual(
      new Set(shares.filter((share) => share.status === 'charged').map((share) => share.orderId)),
    );

    // The stock: every member's 8 cans are sold (charged) or still held for the member's retry; none free, none twice.
    const product = await call<{ inventory: number }>(server.url, 'GET', `/api/products/${beer.id}`);
    if (!product.ok) throw new Error('product');
    expect(product.body.inventory).toBe(STOCK - MEMBERS * CANS);

    // The provider: exactly one intent taken per charged member, and none for anybody else.
    await server.kill();
    const taken = await takenIntents(server.dataDir);
    await server.restart();
    expect(taken.length).toBe(chargedMembers);
    expect(new Set(taken.map((intent) => intent.metadata.orderId))).toEqual(new Set(paid.map((order) => order.id)));
    process.stdout.write(
      `club run fault: ${MEMBERS} members, killed after ${killedAt.join(', ')} had moved on; ${chargedMembers} charged once, ${MEMBERS - chargedMembers} told once\n`,
    );
  });
});

let clients = 0;

/** Waits until the probe answers something (false and null mean not yet). */
function eventually<T>(probe: () => Promise<T | false | null>, timeoutMs: number): Promise<T> {
  return waitFor(
    'the club run',
    async () => {
      const value = await probe();
      return value === false || value === null ? undefined : value;
    },
    timeoutMs,
  );
}

async function join(server: ShopServer, planId: string, index: number): Promise<Joined> {
  const { card, outcome } = CARDS[index % CARDS.length] ?? CARDS[0];
  const email = `member-${index}@example.com`;
  clients += 1;
  const forwarded = { 'x-forwarded-for': `10.${Math.floor(clients / 250) % 250}.${clients % 250}.7` };
  const joined = await fetch(`${server.url}/api/club/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...forwarded },
    body: JSON.stringify({ planId, customerInfo: { ...customerInfo(`Member ${index}`), email }, fulfilment: { method: 'delivery' } }),
  });
  const answer = (await joined.json()) as { memberId: string; setupIntentId: string; setupClientSecret: string; manageToken: string };
  if (joined.status !== 201) throw new Error(`join ${index}: ${joined.status} ${JSON.stringify(answer)}`);
  const saved = await fetch(`${server.url}/api/test-gateway/setup-intents/${answer.setupIntentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...forwarded },
    body: JSON.stringify({ cardNumber: card, clientSecret: answer.setupClientSecret }),
  });
  if (saved.status !== 200) throw new Error(`card ${index}: ${saved.status} ${await saved.text()}`);
  return { memberId: answer.memberId, manageToken: answer.manageToken, email, expected: outcome };
}

async function runDetail(server: ShopServer, token: string, runId: string): Promise<Share[]> {
  const detail = await call<{ members: Share[] }>(server.url, 'GET', `/api/admin/club/runs/${runId}`, undefined, token);
  return detail.ok ? detail.body.members : [];
}

/** Members whose share has moved on from its held cans (being charged, or past it). */
async function moved(server: ShopServer, token: string, runId: string): Promise<number> {
  return (await runDetail(server, token, runId)).filter((share) => share.status !== 'held').length;
}

interface TakenIntent {
  id: string;
  status: string;
  metadata: { orderId?: string };
}

async function takenIntents(dataDir: string): Promise<TakenIntent[]> {
  const store = await PgliteEventStore.open({ dataDir: joinPath(dataDir, 'eventstore') });
  try {
    const latest = new Map<string, TakenIntent>();
    for (const event of await store.readAll()) {
      if (!event.streamName.startsWith('test-gateway-intent-')) continue;
      latest.set(event.streamName, (event.data as { intent: TakenIntent }).intent);
    }
    return [...latest.values()].filter((intent) => intent.status === 'succeeded');
  } finally {
    await store.close();
  }
}
