import type { CheckpointStore, RecordedEvent } from '@brewery/eventstore';
import { PROJECTION_CHECKPOINTS } from '../../src/platform/persistence/persistence.tokens';
import { appliedHere } from '../../src/platform/http/read-your-writes';
import { ProjectionRunner, READ_MODELS_SUBSCRIBER } from '../../src/platform/projections/projection-runner';
import { createSharedTestApps, type TestApp } from '../create-test-app';
import { beer, eventually, seedProduct } from '../checkout/checkout-fixtures';

interface ListedProduct {
  id: string;
  price: string;
}

/**
 * Several shop processes over shared read models (MongoDB in production), here two instances over one shared
 * in-memory store: only the lease holder applies events; the follower reads what it keeps. Every instance must
 * serve what the log says, within the follow interval, not the first answer it built.
 */
describe('two shop instances sharing their read models', () => {
  let holder: TestApp;
  let follower: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ holder, follower, close } = await createSharedTestApps());
  });
  afterAll(async () => {
    await close();
  });

  const readModels = (t: TestApp) =>
    t.app
      .get(ProjectionRunner)
      .statuses()
      .find((s) => s.name === READ_MODELS_SUBSCRIBER);
  const listed = async (t: TestApp, id: string) => {
    const res = await t.http().get('/api/products').expect(200);
    return { product: (res.body as ListedProduct[]).find((p) => p.id === id), etag: String(res.headers['etag']) };
  };

  it('only the first instance holds the lease and applies events; the other follows it', () => {
    expect(readModels(holder)).toMatchObject({ runsHere: true });
    expect(readModels(follower)).toMatchObject({ runsHere: false });
  });

  it('given a price changed through the holder, then the follower’s catalogue shows it under a new ETag, and its old ETag is no longer answered 304', async () => {
    const pale = beer('Shared Pale', { price: '6.50' });
    await seedProduct(holder, 'shared-pale', pale);
    const first = await eventually(async () => {
      const seen = await listed(follower, 'shared-pale');
      return seen.product?.price === '6.50' ? seen : null;
    });

    const auth = { Authorization: `Bearer ${await holder.adminToken()}` };
    const changed = await holder
      .http()
      .put('/api/admin/products/shared-pale')
      .set(auth)
      .send({ name: pale.name, style: pale.style, description: pale.description, abv: pale.abv, imageUrl: pale.imageUrl, price: '7.90' });
    expect({ status: changed.status, body: changed.body as unknown }).toEqual({ status: 200, body: { id: 'shared-pale' } });
    const after = await eventually(async () => {
      const seen = await listed(follower, 'shared-pale');
      return seen.product?.price === '7.90' ? seen : null;
    });
    expect(after.etag).not.toBe(first.etag);
    const revalidated = await follower.http().get('/api/products').set('If-None-Match', first.etag);
    expect(revalidated.status).toBe(200);
    expect(((revalidated.body as ListedProduct[]).find((p) => p.id === 'shared-pale') ?? null)?.price).toBe('7.90');
  });

  it('given a beer published through the holder, then the follower’s sitemap names it', async () => {
    await seedProduct(holder, 'shared-stout', beer('Shared Night Stout'));
    await eventually(async () => {
      const res = await follower.http().get('/sitemap.xml').expect(200);
      return res.text.includes('shared-night-stout') ? true : null;
    });
  });

  it('given the follower waits for an event the holder applies, then it hears of it within the follow interval, not at its timeout', async () => {
    const started = Date.now();
    const heard = follower.app
      .get(ProjectionRunner)
      .waitForEvent((event: RecordedEvent) => event.streamName === 'product-shared-ipa' && event.type === 'ProductCreated', 5000);
    await seedProduct(holder, 'shared-ipa', beer('Shared IPA'));
    const event = await heard;
    expect(event?.streamName).toBe('product-shared-ipa');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('given one read of the holder’s checkpoint fails (a MongoDB election), then the follower reports failing, and health comes back to ok by itself', async () => {
    const checkpoints = follower.app.get<CheckpointStore>(PROJECTION_CHECKPOINTS);
    // Failing until the health has said so (a single failed read leaves only a 200 ms window to catch).
    const spy = jest.spyOn(checkpoints, 'get').mockRejectedValue(new Error('not primary'));
    try {
      await eventually(async () => ((await follower.http().get('/api/health')).status === 503 ? true : null));
      spy.mockRestore();
      const recovered = await eventually(async () => {
        const res = await follower.http().get('/api/health');
        return res.status === 200 ? res : null;
      });
      expect(readModels(follower)).toMatchObject({ lastError: null, caughtUp: true });
      expect(recovered.status).toBe(200);
    } finally {
      spy.mockRestore();
    }
  });

  it('given the shared checkpoint moves back (a restore), then the follower follows it back, and a client presenting the later position waits again', async () => {
    await seedProduct(holder, 'shared-amber', beer('Shared Amber'));
    const runner = follower.app.get(ProjectionRunner);
    const checkpoints = holder.app.get<CheckpointStore>(PROJECTION_CHECKPOINTS);
    // The holder has written its checkpoint up to all it applied, and the follower stands there too.
    const ahead = await eventually(async () => {
      const stored = await checkpoints.get(READ_MODELS_SUBSCRIBER);
      const applied = holder.app.get(ProjectionRunner).readModelsPosition();
      return stored === applied && runner.readModelsPosition() === stored ? stored : null;
    });
    await checkpoints.set(READ_MODELS_SUBSCRIBER, ahead - 2);
    await eventually(async () => (runner.readModelsPosition() === ahead - 2 ? true : null));
    // Read-your-writes: a client presenting the later position is no longer answered at once.
    expect(appliedHere(String(ahead), runner)).toBe(false);
    // The holder's next write moves it on again, and the follower with it.
    await seedProduct(holder, 'shared-bock', beer('Shared Bock'));
    const later = holder.app.get(ProjectionRunner).readModelsPosition();
    expect(await runner.waitForReadModels(later, 3000)).toBe(true);
  });

  it('follows the lease holder in the “following” state, the holder keeps them in “holding”', () => {
    expect({
      holder: holder.app.get(ProjectionRunner).followerState(),
      follower: follower.app.get(ProjectionRunner).followerState(),
    }).toEqual({
      holder: 'holding',
      follower: 'following',
    });
  });

  it('given the follower reports an error of its own, when the operator runs Auto-Fix on it, then the other fixes run and no rebuild is asked of a process that does not keep the read models', async () => {
    const checkpoints = follower.app.get<CheckpointStore>(PROJECTION_CHECKPOINTS);
    const spy = jest.spyOn(checkpoints, 'get').mockRejectedValue(new Error('not primary'));
    try {
      await eventually(async () => (readModels(follower)?.lastError === 'not primary' ? true : null));
      const fixed = await follower
        .http()
        .post('/api/admin/auto-fix')
        .set({ Authorization: `Bearer ${await follower.adminToken()}` })
        .send({});
      expect({ status: fixed.status, rebuilt: JSON.stringify(fixed.body).includes('Rebuilt the read models') }).toEqual({
        status: 200,
        rebuilt: false,
      });
    } finally {
      spy.mockRestore();
    }
    await eventually(async () => (readModels(follower)?.lastError === null ? true : null));
  });
});
