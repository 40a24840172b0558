import { PAYMENT_GATEWAY } from '../../src/modules/payments/gateway/payment-gateway.port';
import type { TestPaymentGateway } from '../../src/modules/payments/gateway/test-payment-gateway';
import { createTestApp, type TestApp } from '../create-test-app';
import { beer, cartLine, checkOut, eventually, orderView, payWithCard, seedProduct } from './checkout-fixtures';

const SUCCEEDS = '4242 4242 4242 4242';

/**
 * The shop dies after the local gateway charged the card but before the shop recorded the payment (the
 * crash fault test's window). Stripe would redeliver its event until the shop acknowledges it; the local
 * gateway does so when the customer confirms again, so the charge ends as a paid order, once.
 */
describe('local test gateway: a charge the shop never recorded', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('given an authorised intent whose event was lost, when the customer confirms again, then the order is captured and paid once', async () => {
    const fields = beer('Lost Event Lager', { inventory: 20 });
    await seedProduct(t, 'lost-event', fields);
    const answer = await checkOut(t, [cartLine('lost-event', fields, '4pack', 1)]);
    // What the crash leaves: the gateway authorised the card, its event never reached the webhook handler.
    const gateway = t.app.get<TestPaymentGateway>(PAYMENT_GATEWAY);
    expect((await gateway.confirm(answer.paymentIntentId, SUCCEEDS, answer.clientSecret))?.intent.status).toBe('requires_capture');
    expect((await orderView(t, answer.orderId))?.status).toBe('pending');

    const again = await payWithCard(t, answer, SUCCEEDS);
    expect([again.status, again.body.paymentIntent.status]).toEqual([200, 'succeeded']);
    const order = await eventually(async () => {
      const view = await orderView(t, answer.orderId);
      return view?.status === 'paid' && view.invoiceNumber !== null ? view : undefined;
    });
    expect(order).toMatchObject({ status: 'paid', needsReview: false });

    // A third confirm redelivers the same event: nothing changes.
    expect((await payWithCard(t, answer, SUCCEEDS)).status).toBe(200);
    expect(await orderView(t, answer.orderId)).toMatchObject({ status: 'paid', invoiceNumber: order.invoiceNumber, needsReview: false });
  });
});
