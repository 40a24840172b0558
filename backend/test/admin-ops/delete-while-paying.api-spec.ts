import { CatalogStock } from '../../src/modules/catalog';
import { OrderCompletion } from '../../src/modules/order-money/order-completion/order-completion.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../../src/modules/payments/gateway/payment-gateway.port';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { createTestApp, type TestApp } from '../create-test-app';
import { adminSend, cartLine, checkOut, eventually, payWithCard, settle, streamEvents } from '../checkout/checkout-fixtures';
import { adminOrder, ownBeer, pendingOrder, SUCCEEDS } from './admin-ops-fixtures';

/**
 * The operator deletes a pending order in the moment its customer pays. Decided on the order's stream (docs/decisions/0003):
 * the shop claims the capture there before it asks the provider for the money, so a delete either comes first
 * (and the authorisation is cancelled: nothing is charged) or after (and is refused while the payment is taken).
 * Never "deleted" with the card charged.
 */
describe('deleting an order while it is being paid', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });
  afterAll(async () => {
    await t.close();
  });

  const types = async (stream: string) => (await streamEvents(t, stream)).map((e) => e.type);

  it('given a card authorised and the capture not yet claimed, when the operator deletes the order, then the delete wins and the authorisation is cancelled', async () => {
    // The capture waits until the operator has deleted.
    const completion = t.app.get(OrderCompletion);
    const capture = completion.captureAuthorisedPayment.bind(completion);
    let letGo: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    jest.spyOn(completion, 'captureAuthorisedPayment').mockImplementation(async (id, cause) => {
      await held;
      return capture(id, cause);
    });
    const order = await pendingOrder(t, 'delete-authorised');
    const paying = payWithCard(t, order, SUCCEEDS);
    await eventually(async () => (await types(`payment-${order.paymentIntentId}`)).includes('PaymentAuthorised'));

    const deleted = await adminSend(t, 'delete', `/api/admin/orders/${order.orderId}`);
    expect(deleted.status).toBe(200);
    letGo();
    await paying;
    await settle(t);
    const payment = await types(`payment-${order.paymentIntentId}`);
    expect(payment).toContain('PaymentCancelled');
    expect(payment).not.toContain('PaymentSucceeded');
    expect(await types(`order-${order.orderId}`)).not.toContain('OrderPaid');
    expect((await t.app.get<PaymentGateway>(PAYMENT_GATEWAY).retrievePaymentIntent(order.paymentIntentId))?.status).toBe('canceled');
  });

  it('given the capture claimed, when the operator deletes the order, then it is refused (409 payment_under_way) and the order is paid', async () => {
    // The provider's capture waits until the operator has tried.
    const gateway = t.app.get<PaymentGateway>(PAYMENT_GATEWAY);
    const captureAtProvider = gateway.capturePaymentIntent.bind(gateway);
    let letGo: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    jest.spyOn(gateway, 'capturePaymentIntent').mockImplementation(async (...args) => {
      await held;
      return captureAtProvider(...args);
    });
    const order = await pendingOrder(t, 'delete-claimed');
    const paying = payWithCard(t, order, SUCCEEDS);
    await eventually(async () => (await types(`order-${order.orderId}`)).includes('OrderCaptureClaimed'));

    const refused = await adminSend(t, 'delete', `/api/admin/orders/${order.orderId}`);
    expect({ status: refused.status, code: (refused.body as { code: string }).code }).toEqual({ status: 409, code: 'payment_under_way' });
    expect((refused.body as { message: string }).message).toBe(
      `Order #${order.orderId} is being paid right now (the customer's card is authorised and the shop is taking the payment): it cannot be deleted or cancelled until that ends`,
    );
    letGo();
    expect((await paying).status).toBe(200);
    expect(await eventually(async () => (await adminOrder(t, order.orderId))?.invoiceNumber)).toMatch(/^INV-/);
    expect(await types(`order-${order.orderId}`)).not.toContain('OrderDeleted');
  });

  it('given 50 deletes sent 0-6 ms after the card, then none is both deleted and charged, and the stock adds up', async () => {
    const beer = await ownBeer(t, 'delete-race', { inventory: 1000 });
    const outcomes = { deletedNothingCharged: 0, refusedAndPaid: 0 };
    for (let trial = 0; trial < 50; trial += 1) {
      const order = await checkOut(t, [cartLine(beer.id, beer.fields, '4pack', 1)]);
      const paying = payWithCard(t, order, SUCCEEDS);
      await new Promise((resolve) => setTimeout(resolve, trial % 7));
      const deleting = adminSend(t, 'delete', `/api/admin/orders/${order.orderId}`);
      const [, deleted] = await Promise.all([paying, deleting]);
      await settle(t);
      const orderEvents = await types(`order-${order.orderId}`);
      const paymentEvents = await types(`payment-${order.paymentIntentId}`);
      const charged = paymentEvents.includes('PaymentSucceeded');
      const story = { trial, delete: deleted.status, orderEvents, paymentEvents };
      if (deleted.status === 200) {
        expect({ ...story, charged }).toEqual({ ...story, charged: false });
        expect(orderEvents).toContain('OrderDeleted');
        outcomes.deletedNothingCharged += 1;
      } else {
        // Refused while the payment was being taken, or because it was paid already.
        expect({ ...story, code: (deleted.body as { code: string }).code }).toEqual({
          ...story,
          code: expect.stringMatching(/^(payment_under_way|order_not_pending)$/) as string,
        });
        expect({ ...story, charged, deleted: orderEvents.includes('OrderDeleted') }).toEqual({ ...story, charged: true, deleted: false });
        outcomes.refusedAndPaid += 1;
      }
    }
    // Stock adds up: what is on hand is what was there less what was sold, and nothing is held by a dead order.
    const stock = await t.app.get(CatalogStock).snapshot(beer.id);
    expect({ onHand: stock?.stock, reserved: stock?.reserved }).toEqual({ onHand: 1000 - 4 * outcomes.refusedAndPaid, reserved: 0 });
    expect(outcomes.deletedNothingCharged + outcomes.refusedAndPaid).toBe(50);
    expect(
      t.app
        .get(ProjectionRunner)
        .statuses()
        .find((s) => s.name === 'payment-completion'),
    ).toMatchObject({ lastError: null });
  }, 120_000);
});
