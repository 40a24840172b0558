import { Client } from 'pg';
import { MemoryDocumentStore, type Leadership } from '@brewery/eventstore';
import { createThrowawayDatabase, startThrowawayPostgres, type ThrowawayPostgres } from '@brewery/eventstore/testing';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { rebuildAsLeaseHolder } from '../../backend/src/cli/rebuild-read-models';
import { LEADERSHIP } from '../../backend/src/platform/persistence/persistence.tokens';
import { ProjectionRunner, READ_MODELS_SUBSCRIBER } from '../../backend/src/platform/projections/projection-runner';
import { startInstance, testSetup, TEST_ADMIN_PASSWORD, type TestApp } from '../../backend/test/create-test-app';
import {
  adminOrders,
  adminProducts,
  call,
  cartLine,
  checkOut,
  createProduct,
  customerInfo,
  describe as describeAnswer,
  eventually,
  payWithTestCard,
  productForm,
  type AdminProduct,
} from './support/checkout-load';
import { DocumentsView, type RebuildMoment } from './support/documents-view';
import { byScale } from './support/fault-scale';

jest.setTimeout(240_000);

/** Orders each surviving instance takes while the holder is killed (`FAULT_SCALE=long`: more). */
const BURST = byScale(5, 25);
/** How long after the lease holder serves a change every other instance must serve it too. */
const WITHIN_MS = 1000;

interface Shop {
  name: string;
  app: TestApp;
  view: DocumentsView;
  url: string;
  dead: boolean;
}

/** What an instance serves: the shop's catalogue and the operator's order list, as compared between instances. */
interface Served {
  catalogue: string;
  orders: string;
}

/**
 * Several shop instances over one PostgreSQL event log and one shared read-model store (MongoDB in production;
 * here one `shared-memory` store, each instance reaching it through its own `DocumentsView`), with the lease
 * over PostgreSQL as in production. Each fault below is followed by the same proof: every instance serves the
 * same catalogue and order list as the lease holder within a second of it, and every health answer is back to
 * 200 by itself (nobody presses Auto-Fix).
 */
describe('several shop instances sharing their read models, healing themselves', () => {
  let postgres: ThrowawayPostgres;
  let databaseUrl: string;
  let setup: ReturnType<typeof testSetup>;
  let shared: MemoryDocumentStore;
  let token: string;
  let beer: AdminProduct;
  const shops: Shop[] = [];
  const acknowledged: string[] = [];
  let priceCents = 600;

  const live = (): Shop[] => shops.filter((s) => !s.dead);
  const leaseOf = (shop: Shop): Leadership => shop.app.app.get<Leadership>(LEADERSHIP);
  const runner = (shop: Shop): ProjectionRunner => shop.app.app.get(ProjectionRunner);
  const holders = (): Shop[] => live().filter((s) => leaseOf(s).isLeader());

  async function startShop(name: string): Promise<Shop> {
    const view = new DocumentsView(shared);
    const app = await startInstance(setup.config, setup.clock, { documents: view });
    await app.app.listen(0, '127.0.0.1');
    const { port } = app.app.getHttpServer().address() as AddressInfo;
    const shop = { name, app, view, url: `http://127.0.0.1:${port}`, dead: false };
    shops.push(shop);
    return shop;
  }

  async function served(shop: Shop): Promise<Served> {
    const products = await call<{ id: string; price: string; inventory: number }[]>(shop.url, 'GET', '/api/products');
    if (!products.ok) throw new Error(`${shop.name} GET /api/products answered ${describeAnswer(products)}`);
    const orders = await adminOrders(shop.url, token);
    return {
      catalogue: JSON.stringify(products.body.map(({ id, price, inventory }) => ({ id, price, inventory }))),
      orders: JSON.stringify(orders.map(({ id, status }) => ({ id, status })).sort((a, b) => a.id.localeCompare(b.id))),
    };
  }

  /**
   * Once the holder has settled every acknowledged order (paid), a price change through it; from the moment it
   * serves the change, every other instance must serve what the holder serves within a second.
   */
  async function everyInstanceServesWhatTheHolderServes(): Promise<void> {
    const [holder] = await eventually(
      'one instance to hold the lease',
      async () => (holders().length === 1 ? holders() : undefined),
      20_000,
    );
    if (holder === undefined) throw new Error('no holder');
    await eventually(
      `${holder.name} to list every acknowledged order as paid`,
      async () => {
        const orders = await adminOrders(holder.url, token);
        return acknowledged.every((id) => orders.some((o) => o.id === id && o.status === 'paid')) ? true : undefined;
      },
      30_000,
    );
    priceCents += 5;
    const price = (priceCents / 100).toFixed(2);
    // The admin's edit form, sent whole: the stock as it stands now (nothing is being bought at this moment).
    const inStock = (await adminProducts(holder.url, token)).find((p) => p.id === beer.id)?.inventory ?? 0;
    const changed = await call(holder.url, 'PUT', `/api/admin/products/${beer.id}`, { ...productForm(beer.name, inStock), price }, token);
    if (!changed.ok) throw new Error(`changing the price answered ${describeAnswer(changed)}`);
    // Customers' carts carry the new price from now on.
    beer = { ...beer, price };
    await eventually(
      `${holder.name} to serve the new price`,
      async () => ((await served(holder)).catalogue.includes(`"price":"${price}"`) ? true : undefined),
      10_000,
    );
    const started = Date.now();
    await Promise.all(
      live()
        .filter((shop) => shop !== holder)
        .map(async (shop) => {
          for (;;) {
            const [seen, expected] = await Promise.all([served(shop), served(holder)]);
            if (seen.catalogue === expected.catalogue && seen.orders === expected.orders) return;
            if (Date.now() - started > WITHIN_MS) expect({ shop: shop.name, ...seen }).toEqual({ shop: shop.name, ...expected });
            await new Promise((r) => setTimeout(r, 25));
          }
        }),
    );
  }

  async function healthBackByItself(timeoutMs: number): Promise<void> {
    for (const shop of live()) {
      await eventually(
        `${shop.name}'s health to answer 200 by itself`,
        async () => ((await fetch(`${shop.url}/api/health`)).status === 200 ? true : undefined),
        timeoutMs,
      );
      const readModels = runner(shop)
        .statuses()
        .find((s) => s.name === READ_MODELS_SUBSCRIBER);
      expect({ shop: shop.name, lastError: readModels?.lastError }).toEqual({ shop: shop.name, lastError: null });
    }
  }

  /** A customer's order through `through`: checked out and paid; its answer when either step is refused. */
  async function buy(label: string, through: Shop): Promise<string | null> {
    const checkout = await checkOut(through.url, [cartLine(beer, 'single', 4)], customerInfo(label));
    if (!checkout.ok) return `checkout ${label}: ${describeAnswer(checkout)}`;
    const payment = await payWithTestCard(through.url, checkout.body);
    if (!payment.ok) return `payment ${label}: ${describeAnswer(payment)}`;
    acknowledged.push(checkout.body.orderId);
    return null;
  }

  /** Ends the session holding the advisory lock of `shop`'s lease, as the server does for a dead process. */
  async function endLeaseSession(shop: Shop): Promise<void> {
    const admin = new Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
        leaseOf(shop).holder.slice(0, 63),
      ]);
    } finally {
      await admin.end();
    }
  }

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    databaseUrl = await createThrowawayDatabase(postgres.url, 'healing');
    setup = testSetup({});
    setup.config.eventStore = { kind: 'postgres', url: databaseUrl };
    shared = new MemoryDocumentStore('shared-memory');
    for (const name of ['shop-1', 'shop-2', 'shop-3']) await startShop(name);
    const login = await call<{ token: string }>(shops[0]?.url ?? '', 'POST', '/api/admin/login', { password: TEST_ADMIN_PASSWORD });
    if (!login.ok) throw new Error(`login answered ${describeAnswer(login)}`);
    token = login.body.token;
    beer = await createProduct(shops[0]?.url ?? '', token, 'Healing Pale Ale', 500);
    for (let i = 0; i < 4; i++) expect(await buy(`before ${i}`, shops[i % 3] as Shop)).toBeNull();
    expect(holders().map((s) => s.name)).toEqual(['shop-1']);
  }, 120_000);

  afterAll(async () => {
    for (const shop of shops) await shop.app.close().catch(() => undefined);
    await shared?.close();
    await postgres?.stop();
    rmSync(setup.dataDir, { recursive: true, force: true });
  });

  it('given the lease holder killed while it applies a burst of orders, then another takes over, and every instance serves every order', async () => {
    await everyInstanceServesWhatTheHolderServes();
    const [holder] = holders();
    if (holder === undefined) throw new Error('no holder');
    const others = live().filter((s) => s !== holder);
    const burst = Promise.all(others.flatMap((shop, i) => Array.from({ length: BURST }, (_, n) => buy(`burst ${i}-${n}`, shop))));
    await new Promise((r) => setTimeout(r, 150));
    // Killed: its connection to the read models gone, its lease session ended by the server, its lease loop stopped.
    holder.dead = true;
    holder.view.reach = 'down';
    const frozen = leaseOf(holder) as unknown as { stopped: boolean; timer: NodeJS.Timeout | null };
    frozen.stopped = true;
    if (frozen.timer !== null) clearTimeout(frozen.timer);
    await endLeaseSession(holder);
    // The survivors never lost their store: every order they were given is taken.
    expect((await burst).filter((refused) => refused !== null)).toEqual([]);
    await eventually('another instance to take the lease', async () => (holders().length === 1 ? true : undefined), 15_000);
    // It comes back as a new process, a follower.
    await startShop('shop-4');
    await healthBackByItself(30_000);
    await everyInstanceServesWhatTheHolderServes();
  });

  it('given the shared read-model store down for 2 s under orders, then every instance recovers by itself and serves the same', async () => {
    for (const shop of live()) shop.view.reach = 'down';
    const during = Promise.all(live().map((shop, i) => buy(`outage ${i}`, shop)));
    await new Promise((r) => setTimeout(r, 2000));
    for (const shop of live()) shop.view.reach = 'up';
    await during;
    await healthBackByItself(45_000);
    await everyInstanceServesWhatTheHolderServes();
  });

  it('given the shared checkpoint moved back under serving instances (the read models restored from an older backup), then every follower follows it back at once, and all serve the same again', async () => {
    const [holder] = holders();
    if (holder === undefined) throw new Error('no holder');
    const checkpoints = shared.collection<{ _id: string; position: number }>('checkpoints');
    // The holder has written its checkpoint up to all it applied, and every follower stands there.
    const at = await eventually(
      'the checkpoint to settle',
      async () => {
        const stored = (await checkpoints.findOne({ _id: READ_MODELS_SUBSCRIBER }))?.position;
        return stored !== undefined &&
          stored === runner(holder).readModelsPosition() &&
          live().every((s) => runner(s).readModelsPosition() === stored)
          ? stored
          : undefined;
      },
      10_000,
    );
    // The holder's own checkpoint writes wait meanwhile: one landing now would move the checkpoint on at once.
    holder.view.refusedWrites = 'checkpoints';
    await checkpoints.updateOne({ _id: READ_MODELS_SUBSCRIBER }, { $set: { position: at - 3 } });
    const followers = live().filter((s) => s !== holder);
    await eventually(
      'every follower to follow the checkpoint back',
      async () => (followers.every((s) => runner(s).readModelsPosition() === at - 3) ? true : undefined),
      WITHIN_MS,
    );
    holder.view.refusedWrites = null;
    await healthBackByItself(30_000);
    await everyInstanceServesWhatTheHolderServes();
  });

  it.each<[string, RebuildMoment]>([
    ['half-way through its replay', 'first write'],
    ['between its swap and its resume', 'swapped'],
  ])(
    'given a rebuild on the holder that loses its lease %s, then it is abandoned, the old holder never writes again, and the new one keeps them',
    async (_, moment) => {
      const [holder] = holders();
      if (holder === undefined) throw new Error('no holder');
      let release: () => void = () => undefined;
      const reached = holder.view.holdRebuild(moment, new Promise<void>((r) => (release = r)));
      const rebuilding = call(holder.url, 'POST', '/api/admin/rebuild-read-models', {}, token);
      await reached;
      // Half-way: the holder gives the lease up (its session ends); another instance takes it.
      await leaseOf(holder).stop();
      await eventually(
        'another instance to take the lease',
        async () => (holders().length === 1 && holders()[0] !== holder ? true : undefined),
        15_000,
      );
      release();
      const answer = await rebuilding;
      expect({ status: answer.status, code: !answer.ok && answer.status !== null ? answer.body.code : null }).toEqual({
        status: 409,
        code: 'lease_lost',
      });
      const readModels = runner(holder)
        .statuses()
        .find((s) => s.name === READ_MODELS_SUBSCRIBER);
      expect({ runsHere: readModels?.runsHere, state: runner(holder).followerState() }).toEqual({ runsHere: false, state: 'following' });
      expect(await buy('after the rebuild', holder)).toBeNull();
      await healthBackByItself(30_000);
      await everyInstanceServesWhatTheHolderServes();
    },
  );

  it('given the events restored from an older backup than the read models, then the restore runbook (docs/operations.md) brings every instance back to the restored log', async () => {
    const admin = new Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      // The backup: the event log and the process managers' checkpoints as they are now.
      await admin.query('CREATE TABLE events_backup AS SELECT * FROM events');
      await admin.query('CREATE TABLE checkpoints_backup AS SELECT * FROM checkpoints');
      const restoredPrice = JSON.parse((await served(live()[0] as Shop)).catalogue) as { id: string; price: string }[];
      const ordersAtBackup = [...acknowledged];
      // The shop goes on after the backup: a price change and an order the restore will take away.
      await everyInstanceServesWhatTheHolderServes();
      expect(await buy('after the backup', live()[0] as Shop)).toBeNull();
      const takenAway = acknowledged[acknowledged.length - 1];

      // 1. Stop every shop process.
      for (const shop of live()) {
        shop.dead = true;
        await shop.app.close();
      }
      // 2. Restore the events (and the process managers' checkpoints kept beside them); the read models are not.
      await admin.query('TRUNCATE events');
      await admin.query('INSERT INTO events OVERRIDING SYSTEM VALUE SELECT * FROM events_backup');
      await admin.query("SELECT setval(pg_get_serial_sequence('events', 'global_position'), (SELECT max(global_position) FROM events))");
      await admin.query('TRUNCATE checkpoints');
      await admin.query('INSERT INTO checkpoints SELECT * FROM checkpoints_backup');
      // 3. npm run projections:rebuild, with the shops' environment.
      const said: string[] = [];
      const command = await startInstance(setup.config, setup.clock, { documents: new DocumentsView(shared) });
      try {
        said.push(await rebuildAsLeaseHolder(command.app, { force: false, waitMs: 60_000 }, (line) => said.push(line)));
      } finally {
        await command.close();
      }
      expect(said).toEqual([
        expect.stringMatching(/^Moved the checkpoint of read-models from \d+, past the end of the event log, back to its end \(\d+\)\.$/),
        expect.stringMatching(/^Rebuilt the read models from \d+ events/),
      ]);
      // 4. Start the shops.
      for (const name of ['shop-5', 'shop-6', 'shop-7']) await startShop(name);
      await healthBackByItself(30_000);
      const now = JSON.parse((await served(live()[0] as Shop)).catalogue) as { id: string; price: string }[];
      expect(now.map((p) => p.price)).toEqual(restoredPrice.map((p) => p.price));
      expect((await adminOrders(live()[0]?.url ?? '', token)).map((o) => o.id)).not.toContain(takenAway);
      acknowledged.splice(0, acknowledged.length, ...ordersAtBackup);
      await everyInstanceServesWhatTheHolderServes();
    } finally {
      await admin.end();
    }
  });
});
