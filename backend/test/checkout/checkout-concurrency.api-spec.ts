import { CatalogStock } from '../../src/modules/catalog';
import { createTestApp, type TestApp } from '../create-test-app';
import {
  beer,
  cartLine,
  customer,
  eventually,
  orderView,
  payWithCard,
  seedProduct,
  settle,
  streamEvents,
  type CheckoutAnswer,
} from './checkout-fixtures';

/** 50 customers press "Continue to Payment" at once for the last 10 cans of a beer. */
describe('checkout: concurrency on the last cans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('never reserves or sells more than is in stock, and inventory never goes below zero', async () => {
    const last = beer('Last Ten Lager', { inventory: 10 });
    const plenty = beer('Plenty Pale', { inventory: 1000 });
    await seedProduct(t, 'last-ten', last);
    await seedProduct(t, 'plenty', plenty);
    // 2 of the scarce beer and 2 of another in each 4-can pack: at most 5 checkouts can have their cans.
    const cart = [cartLine('last-ten', last, 'single', 2), cartLine('plenty', plenty, 'single', 2)];

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t
          .http()
          .post('/api/create-payment-intent')
          .send({ cartItems: cart, customerInfo: { ...customer, name: `Customer ${i + 1}`, email: `customer${i + 1}@example.com` } }),
      ),
    );
    const accepted = answers.filter((res) => res.status === 200).map((res) => res.body as CheckoutAnswer);
    const refused = answers.filter((res) => res.status !== 200);
    expect(accepted).toHaveLength(5);
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/^Insufficient stock for Last Ten Lager\. Available: [0-8], Requested: 2$/);
    }

    const reservedNow = await t.app.get(CatalogStock).snapshot('last-ten');
    expect(reservedNow).toMatchObject({ stock: 10, reserved: 10, available: 0 });

    // Order numbers handed out under the rush are unique and gap-free.
    const numbers = (await streamEvents(t, 'sequence-order')).map((e) => (e.data as { orderNumber: number }).orderNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers.map((_, i) => i + 1));
    expect(new Set(accepted.map((a) => a.orderId)).size).toBe(5);

    await Promise.all(accepted.map((answer) => payWithCard(t, answer, '4242 4242 4242 4242')));
    for (const answer of accepted) await eventually(async () => (await orderView(t, answer.orderId))?.invoiceNumber);
    await settle(t);

    const history = await streamEvents(t, 'product-last-ten');
    let inventory = 0;
    let reserved = 0;
    let sold = 0;
    let maxReserved = 0;
    for (const event of history) {
      const data = event.data as { inventory?: number; quantity?: number };
      if (event.type === 'ProductCreated' || event.type === 'StockCounted') inventory = data.inventory ?? inventory;
      if (event.type === 'StockReserved') reserved += data.quantity ?? 0;
      if (event.type === 'StockReservationReleased') reserved -= data.quantity ?? 0;
      if (event.type === 'StockSold') {
        inventory -= data.quantity ?? 0;
        reserved -= data.quantity ?? 0;
        sold += data.quantity ?? 0;
      }
      maxReserved = Math.max(maxReserved, reserved);
      expect(inventory).toBeGreaterThanOrEqual(0);
      expect(reserved).toBeLessThanOrEqual(inventory);
    }
    expect(maxReserved).toBeLessThanOrEqual(10);
    expect(sold).toBe(10);
    expect(await t.app.get(CatalogStock).snapshot('last-ten')).toMatchObject({ stock: 0, reserved: 0, available: 0 });

    // The shop is now sold out of it: every new attempt is refused before an order is made.
    const after = await Promise.all(
      Array.from({ length: 5 }, () => t.http().post('/api/create-payment-intent').send({ cartItems: cart, customerInfo: customer })),
    );
    for (const res of after)
      expect([res.status, res.body.message]).toEqual([409, 'Insufficient stock for Last Ten Lager. Available: 0, Requested: 2']);
  }, 180_000);
});
