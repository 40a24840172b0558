import { CatalogStock } from '../../src/modules/catalog';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { createTestApp, type TestApp } from '../create-test-app';
import { cartLine, checkOut, eventually, payWithCard, settle, streamEvents } from '../checkout/checkout-fixtures';
import { ownBeer, putTracking, SUCCEEDS } from './admin-ops-fixtures';

/**
 * The operator cancels an order (the status form) in the moment its customer pays. Whichever lands first, one
 * story is recorded and no money is kept for a cancelled order: cancelled while pending (the capture claim is
 * then refused and the authorisation cancelled: nothing charged), refused while the payment is being taken
 * (409 payment_under_way: paid), or cancelled once paid (what was paid refunded in full, the cans returned).
 */
describe('cancelling an order while it is being paid', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const types = async (stream: string) => (await streamEvents(t, stream)).map((e) => e.type);
  const cents = async (stream: string, type: string) =>
    (await streamEvents(t, stream))
      .filter((e) => e.type === type)
      .reduce((sum, e) => sum + (e.data as { amountCents: number }).amountCents, 0);

  it('given 50 cancels sent 0-6 ms after the card, then no cancelled order keeps money, and the stock adds up', async () => {
    const beer = await ownBeer(t, 'cancel-race', { inventory: 1000 });
    const outcomes = { cancelledNothingCharged: 0, cancelledAndRefunded: 0, refusedAndPaid: 0 };
    for (let trial = 0; trial < 50; trial += 1) {
      const order = await checkOut(t, [cartLine(beer.id, beer.fields, '4pack', 1)]);
      const paying = payWithCard(t, order, SUCCEEDS);
      await new Promise((resolve) => setTimeout(resolve, trial % 7));
      const cancelling = putTracking(t, order.orderId, { status: 'cancelled', trackingReference: `RACE${trial}`, notifyCustomer: false });
      const [, cancelled] = await Promise.all([paying, cancelling]);
      const payments = `payment-${order.paymentIntentId}`;
      // A paid order's refund is made by a process manager after the answer: wait for it before judging.
      if (cancelled.status === 200 && (await types(payments)).includes('PaymentSucceeded')) {
        await eventually(async () => (await cents(payments, 'PaymentRefunded')) >= (await cents(payments, 'PaymentSucceeded')), 20_000);
      }
      await settle(t);
      const orderEvents = await types(`order-${order.orderId}`);
      const paid = await cents(payments, 'PaymentSucceeded');
      const refunded = await cents(payments, 'PaymentRefunded');
      const story = { trial, cancel: cancelled.status, orderEvents, payment: await types(payments) };
      if (cancelled.status === 200) {
        // Cancelled: nothing kept, whichever way it went.
        expect({ ...story, kept: paid - refunded }).toEqual({ ...story, kept: 0 });
        if (paid === 0) outcomes.cancelledNothingCharged += 1;
        else {
          expect(orderEvents).toContain('PaidOrderCancelled');
          outcomes.cancelledAndRefunded += 1;
        }
      } else {
        expect({ ...story, code: (cancelled.body as { code: string }).code }).toEqual({ ...story, code: 'payment_under_way' });
        expect({ ...story, paid: paid > 0, refunded }).toEqual({ ...story, paid: true, refunded: 0 });
        outcomes.refusedAndPaid += 1;
      }
    }
    // Stock adds up: only the orders paid and not cancelled took cans; nothing is held by a dead order.
    await settle(t);
    const stock = await t.app.get(CatalogStock).snapshot(beer.id);
    expect({ onHand: stock?.stock, reserved: stock?.reserved }).toEqual({ onHand: 1000 - 4 * outcomes.refusedAndPaid, reserved: 0 });
    expect(outcomes.cancelledNothingCharged + outcomes.cancelledAndRefunded + outcomes.refusedAndPaid).toBe(50);
    for (const name of ['payment-completion', 'paid-order-cancellation']) {
      expect(
        t.app
          .get(ProjectionRunner)
          .statuses()
          .find((s) => s.name === name),
      ).toMatchObject({ lastError: null });
    }
  }, 180_000);
});
