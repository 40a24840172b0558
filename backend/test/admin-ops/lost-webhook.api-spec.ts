import { PAYMENT_GATEWAY } from '../../src/modules/payments/gateway/payment-gateway.port';
import type { TestPaymentGateway } from '../../src/modules/payments/gateway/test-payment-gateway';
import { ReservationExpiry } from '../../src/modules/checkout/reservation-expiry/reservation-expiry.service';
import { createTestApp, type TestApp } from '../create-test-app';
import { eventually, streamEvents } from '../checkout/checkout-fixtures';
import { adminGet, adminOrder, adminPost, pendingOrder, SUCCEEDS } from './admin-ops-fixtures';

interface StalePayment {
  paymentIntentId: string;
  orderId: string | null;
  amount: string;
  createdAt: string;
  providerStatus: string | null;
}

/**
 * A payment whose webhook never arrived: the customer's card was authorised at the provider, but the shop
 * still has the payment as "created". The local gateway confirms without delivering, as a lost webhook leaves it.
 */
describe('lost webhooks: recovery and the system monitor ask the payment provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The test decides when reservations expire and are released: the sweep stays out of it.
    await t.app.get(ReservationExpiry).onApplicationShutdown();
  });
  afterAll(async () => {
    await t.close();
  });

  const gateway = () => t.app.get<TestPaymentGateway>(PAYMENT_GATEWAY);
  const lostWebhook = async (productId: string) => {
    const order = await pendingOrder(t, productId);
    const confirmed = await gateway().confirm(order.paymentIntentId, SUCCEEDS, order.clientSecret);
    expect(confirmed?.intent.status).toBe('requires_capture');
    return order;
  };
  const stalePayments = async (): Promise<StalePayment[]> =>
    ((await adminGet(t, '/api/admin/system-status')).body as { automation_issues: { stale_payments: StalePayment[] } }).automation_issues
      .stale_payments;

  it('given an authorisation the shop never heard of, when the operator recovers it by its payment intent id, then the provider is asked, the card captured and the order paid', async () => {
    const order = await lostWebhook('lost-recover');
    expect(await adminOrder(t, order.orderId)).toMatchObject({ status: 'pending' });

    const res = await adminPost(t, '/api/admin/recover-order', { paymentIntentId: order.paymentIntentId });

    expect(res.status).toBe(200);
    expect((res.body as { message: string }).message).toMatch(new RegExp(`^Order #${order.orderId} recovered: paid, invoice INV-\\d{6}`));
    expect(await adminOrder(t, order.orderId)).toMatchObject({ status: 'paid', reservation: 'sold' });
    expect((await gateway().retrievePaymentIntent(order.paymentIntentId))?.status).toBe('succeeded');
    const payment = (await streamEvents(t, `payment-${order.paymentIntentId}`)).map((e) => e.type);
    expect(payment.filter((type) => type === 'PaymentAuthorised')).toHaveLength(1);
    expect(payment.filter((type) => type === 'PaymentSucceeded')).toHaveLength(1);
    // Asking again changes nothing.
    expect((await adminPost(t, '/api/admin/recover-order', { paymentIntentId: order.paymentIntentId })).body).toMatchObject({
      message: expect.stringContaining('was already complete'),
    });
  });

  it('given a payment nobody paid, when the operator recovers it, then it is refused with what the provider reports, and nothing changes', async () => {
    const order = await pendingOrder(t, 'lost-unpaid');
    const res = await adminPost(t, '/api/admin/recover-order', { paymentIntentId: order.paymentIntentId });
    expect(res.status).toBe(409);
    expect((res.body as { message: string }).message).toBe(
      `Payment ${order.paymentIntentId} has not succeeded (created; the payment provider reports requires_payment_method): there is no paid order to recover`,
    );
    expect(await adminOrder(t, order.orderId)).toMatchObject({ status: 'pending' });
  });

  it('given payments still "created" after 15 minutes, then the System tab lists them with the provider\'s word, and Auto-Fix recovers the authorised one', async () => {
    const lost = await lostWebhook('lost-monitor');
    const unpaid = await pendingOrder(t, 'lost-monitor-unpaid');
    expect((await stalePayments()).map((p) => p.paymentIntentId)).not.toContain(lost.paymentIntentId);

    t.clock.advance(16 * 60 * 1000);
    const stale = await stalePayments();
    expect(stale).toEqual(
      expect.arrayContaining([
        {
          paymentIntentId: lost.paymentIntentId,
          orderId: lost.orderId,
          amount: '32.00',
          createdAt: expect.any(String),
          providerStatus: 'requires_capture',
        },
        {
          paymentIntentId: unpaid.paymentIntentId,
          orderId: unpaid.orderId,
          amount: '32.00',
          createdAt: expect.any(String),
          providerStatus: 'requires_payment_method',
        },
      ]),
    );

    const fixes = ((await adminPost(t, '/api/admin/auto-fix')).body as { fixes_applied: string[] }).fixes_applied;
    expect(fixes).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Payment ${lost.paymentIntentId} \\(\\$32\\.00\\) never reached the shop, though the payment provider has it requires_capture: Order #${lost.orderId} recovered: paid`,
        ),
      ),
    );
    expect(await adminOrder(t, lost.orderId)).toMatchObject({ status: 'paid' });
    // The unpaid one's hold had run out: Auto-Fix ended that checkout instead, and nothing stays stale.
    expect(fixes).toContain(
      `Ended the expired checkout of Order #${unpaid.orderId}: its payment can no longer be made and its cans are back on sale`,
    );
    await eventually(async () => ((await stalePayments()).length === 0 ? true : undefined));
  });
});
