import { CommandPipeline } from '../../src/platform/event-sourcing/command-pipeline';
import { PAYMENT_GATEWAY, PaymentIntentStateError, type PaymentGateway } from '../../src/modules/payments/gateway/payment-gateway.port';
import { createTestApp, type TestApp } from '../create-test-app';
import { eventually, streamEvents } from '../checkout/checkout-fixtures';
import { adminOrder, outbox, paidOrder, putTracking } from './admin-ops-fixtures';

/**
 * A refund cut off half-way (the process killed, or the provider's answer lost) once the provider has made it:
 * the shop must still record it, on the payment and the order, so the operator never sees $0.00 refunded and
 * refunds again. The refund-completion process manager finishes every recorded intention, once.
 */
describe('a refund cut off after the provider made it', () => {
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

  const amounts = async (stream: string, type: string) =>
    (await streamEvents(t, stream)).filter((e) => e.type === type).map((e) => (e.data as { amountCents: number }).amountCents);
  const providerRefunds = async (paymentIntentId: string) =>
    (await streamEvents(t, `test-gateway-intent-${paymentIntentId}`)).filter((e) => e.type === 'TestIntentRefunded').length;

  it('given the answer to the operator’s refund lost once the provider made it, then the refund is recorded once on the payment and the order, and the customer e-mailed once', async () => {
    const paid = await paidOrder(t, 'refund-lost-answer');
    const gateway = t.app.get<PaymentGateway>(PAYMENT_GATEWAY);
    const refundAtProvider = gateway.refundPaymentIntent.bind(gateway);
    let lost = 0;
    jest.spyOn(gateway, 'refundPaymentIntent').mockImplementation(async (...args) => {
      const made = await refundAtProvider(...args);
      // The provider made it; the answer never comes back (the first time only).
      if (lost++ === 0) throw new Error('socket hang up');
      return made;
    });
    const cut = await t
      .http()
      .post(`/api/admin/orders/${paid.orderId}/refund`)
      .set('Authorization', `Bearer ${await t.adminToken()}`)
      .set('Idempotency-Key', 'cut-off-1')
      .send({ amount: '12.00', note: 'Dented' });
    expect(cut.status).toBeGreaterThanOrEqual(200);

    await eventually(async () => (await amounts(`payment-${paid.paymentIntentId}`, 'PaymentRefunded')).length === 1);
    await eventually(async () => (await amounts(`order-${paid.orderId}`, 'OrderRefunded')).length === 1);
    expect(await amounts(`payment-${paid.paymentIntentId}`, 'PaymentRefunded')).toEqual([1200]);
    expect(await providerRefunds(paid.paymentIntentId)).toBe(1);
    // The operator's list shows it, so nobody refunds it again.
    await eventually(
      async () => ((await adminOrder(t, paid.orderId)) as { refundedAmount?: string } | undefined)?.refundedAmount === '12.00',
    );
    const mails = await eventually(async () => {
      const sent = (await outbox(t)).filter((e) => e.orderId === paid.orderId && e.subject.startsWith('Refund of '));
      return sent.length > 0 ? sent : null;
    });
    expect(mails).toHaveLength(1);
  });

  it('given a cancelled order’s refund cut off after it was made and before the payment recorded it, then it is recorded, and nothing is kept', async () => {
    const paid = await paidOrder(t, 'refund-cancel-cut');
    const pipeline = t.app.get(CommandPipeline);
    const run = pipeline.run.bind(pipeline);
    let cut = 0;
    jest.spyOn(pipeline, 'run').mockImplementation((input) => {
      const command = input.command as { type?: string };
      if (command.type === 'RecordRefund' && input.streamName.startsWith('payment-') && cut++ === 0)
        return Promise.reject(new Error('process killed'));
      return run(input);
    });
    const cancelled = await putTracking(t, paid.orderId, { status: 'cancelled', trackingReference: 'CUT1', notifyCustomer: false });
    expect(cancelled.status).toBe(200);

    await eventually(async () => (await amounts(`payment-${paid.paymentIntentId}`, 'PaymentRefunded')).length === 1, 20_000);
    await eventually(async () => (await amounts(`order-${paid.orderId}`, 'OrderRefunded')).length === 1);
    const paidCents = (await amounts(`payment-${paid.paymentIntentId}`, 'PaymentSucceeded')).reduce((a, b) => a + b, 0);
    expect(await amounts(`payment-${paid.paymentIntentId}`, 'PaymentRefunded')).toEqual([paidCents]);
    expect(await providerRefunds(paid.paymentIntentId)).toBe(1);
    expect(cut).toBeGreaterThan(0);
  });
  it('given a refund the provider refused, when the operator asks for the same refund again, then it is refused again and the provider is not asked anew', async () => {
    const paid = await paidOrder(t, 'refund-refused-once');
    const gateway = t.app.get<PaymentGateway>(PAYMENT_GATEWAY);
    const refundAtProvider = gateway.refundPaymentIntent.bind(gateway);
    let asked = 0;
    jest.spyOn(gateway, 'refundPaymentIntent').mockImplementation(async (...args) => {
      // Only this order's payment is refused, once; other refunds still running from earlier tests go through.
      if (args[0] !== paid.paymentIntentId) return refundAtProvider(...args);
      asked += 1;
      if (asked === 1) throw new PaymentIntentStateError(args[0], 'succeeded', 'The charge is disputed');
      return refundAtProvider(...args);
    });
    const token = await t.adminToken();
    const refund = () =>
      t
        .http()
        .post(`/api/admin/orders/${paid.orderId}/refund`)
        .set('Authorization', `Bearer ${token}`)
        .send({ amount: '7.00', note: 'Dented' });
    const first = await refund();
    expect([first.status, first.body.code]).toEqual([409, 'refund_refused']);
    const again = await refund();
    expect([again.status, again.body.code]).toEqual([409, 'refund_refused']);
    expect((again.body as { message: string }).message).toContain('refused before, and nothing was refunded');
    // The provider was asked once: a refund it made now could not be recorded under the refused key.
    expect(asked).toBe(1);
    expect(await amounts(`payment-${paid.paymentIntentId}`, 'PaymentRefunded')).toEqual([]);
    expect(await providerRefunds(paid.paymentIntentId)).toBe(0);
  });
});
