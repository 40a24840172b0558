import type { EventStore } from '@brewery/eventstore';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../create-test-app';
import { adminSend, beer, cartLine, checkOut, eventStoreOf, seedProduct } from '../checkout/checkout-fixtures';

/**
 * A store that stops taking writes (a full disk) is answered alike by every route that writes: 503
 * `store_unavailable` with the message saying so, never a 500, whichever part of the shop was writing.
 */
describe('when the event store does not take writes', () => {
  let t: TestApp;
  let store: EventStore;

  beforeAll(async () => {
    t = await createTestApp();
    store = eventStoreOf(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The store below the shop's wrapper refuses every append as PostgreSQL does with a full disk. */
  function fillTheDisk(): () => void {
    const full = (): Promise<never> =>
      Promise.reject(Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), { code: '53100' }));
    // Assigned through the wrapper, the property lands on the store it wraps (the wrapper still sees every append);
    // deleted, the store's own method is back.
    Object.assign(store, { append: full });
    return () => {
      delete (store as Partial<EventStore>).append;
    };
  }

  it.each([
    ['the test gateway’s card confirmation', 'confirm'],
    ['a checkout', 'checkout'],
    ['an admin product change', 'product'],
  ] as const)('%s answers 503 store_unavailable and writes nothing', async (_name, route) => {
    const fields = beer(`Full Disk ${route}`, { inventory: 40 });
    await seedProduct(t, `full-disk-${route}`, fields);
    const answer = await checkOut(t, [cartLine(`full-disk-${route}`, fields, '4pack', 1)]);
    // A beer nobody is buying, for the operator to archive.
    await seedProduct(t, `full-disk-${route}-spare`, beer(`Full Disk ${route} Spare`));
    const head = await store.headPosition();
    const emptyDisk = fillTheDisk();
    try {
      const res =
        route === 'confirm'
          ? await t
              .http()
              .post(`/api/test-gateway/payment-intents/${answer.paymentIntentId}/confirm`)
              .send({ cardNumber: '4242 4242 4242 4242', clientSecret: answer.clientSecret })
          : route === 'checkout'
            ? await t
                .http()
                .post('/api/create-payment-intent')
                .send({
                  cartItems: [cartLine(`full-disk-${route}`, fields, '4pack', 1)],
                  customerInfo: {
                    name: 'Ada Lovelace',
                    email: 'ada@example.com',
                    phone: '0412 345 678',
                    addressLine1: '1 Hay Street',
                    suburb: 'Perth',
                    postCode: '6000',
                    state: 'WA',
                  },
                })
            : await adminSend(t, 'delete', `/api/admin/products/full-disk-${route}-spare`);
      expect({ status: res.status, code: (res.body as { code?: string }).code }).toEqual({ status: 503, code: 'store_unavailable' });
      expect((res.body as { message: string }).message).toMatch(/cannot save changes right now/);
    } finally {
      emptyDisk();
    }
    expect(await store.headPosition()).toBe(head);
  });

  it('still signs the operator in (to see the System tab), without recording the sign-in', async () => {
    const head = await store.headPosition();
    const emptyDisk = fillTheDisk();
    try {
      const res = await t.http().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD });
      expect(res.status).toBe(201);
      const token = (res.body as { token: string }).token;
      await t.http().get('/api/admin/system-status').set('Authorization', `Bearer ${token}`).expect(200);
    } finally {
      emptyDisk();
    }
    expect(await store.headPosition()).toBe(head);
  });
});
