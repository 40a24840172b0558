import { CatalogStock } from '../../src/modules/catalog';
import { createTestApp, type TestApp } from '../create-test-app';
import { settle, streamEvents } from '../checkout/checkout-fixtures';
import { adminGet, adminOrder, outbox, paidOrder, pendingOrder, putTracking } from './admin-ops-fixtures';

interface Email {
  subject: string;
  text: string;
  kind: string;
}

/**
 * The operator cancels a paid order (the status form, `PUT …/tracking`): what remains paid goes back to the
 * customer's card and the cans back to stock, decided with the cancellation and done once by the settlement
 * process manager, unless the operator chose "Cancel and keep the payment" with a reason (flagged for review).
 */
describe('cancelling a paid order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const stockOf = async (productId: string) => (await t.app.get(CatalogStock).snapshot(productId))?.stock;
  const refunds = async (paymentIntentId: string) =>
    (await streamEvents(t, `payment-${paymentIntentId}`))
      .filter((e) => e.type === 'PaymentRefunded')
      .map((e) => (e.data as { amountCents: number }).amountCents);
  const cancellationEmail = async (orderId: string): Promise<Email> => {
    const row = (await outbox(t)).find((e) => e.orderId === orderId && e.subject === `Order #${orderId} cancelled`);
    if (row === undefined) throw new Error(`no cancellation e-mail for order #${orderId}`);
    return (await adminGet(t, `/api/admin/outbox/${row._id}`)).body as Email;
  };

  it('refunds what remains paid, returns its cans, and e-mails the customer that it was cancelled and what is refunded', async () => {
    const paid = await paidOrder(t, 'cancel-paid');
    expect(await stockOf('cancel-paid')).toBe(96);
    const res = await putTracking(t, paid.orderId, { status: 'cancelled', trackingReference: 'TBA' });
    expect(res.status).toBe(200);
    await settle(t);

    expect(await refunds(paid.paymentIntentId)).toEqual([paid.amount]);
    expect(await stockOf('cancel-paid')).toBe(100);
    expect(await adminOrder(t, paid.orderId)).toMatchObject({ status: 'cancelled', needsReview: false });
    const email = await cancellationEmail(paid.orderId);
    expect(email.text).toContain(`Your order #${paid.orderId} has been cancelled.`);
    expect(email.text).toContain(`We are refunding $${(paid.amount / 100).toFixed(2)} to the card you paid with`);
    expect(email.text).not.toMatch(/Track your parcel|Tracking reference|18 or older|delivery/);
    // No second e-mail about the same money
    expect((await outbox(t)).filter((e) => e.orderId === paid.orderId && e.kind === 'order-refund')).toHaveLength(0);

    // Cancelled again (the form sent twice): nothing more is refunded or returned
    await putTracking(t, paid.orderId, { status: 'cancelled', trackingReference: 'TBA' });
    await settle(t);
    expect(await refunds(paid.paymentIntentId)).toEqual([paid.amount]);
    expect(await stockOf('cancel-paid')).toBe(100);
  });

  it('after a partial refund, refunds only what remains', async () => {
    const paid = await paidOrder(t, 'cancel-partly-refunded');
    const partial = await t
      .http()
      .post(`/api/admin/orders/${paid.orderId}/refund`)
      .set('Authorization', `Bearer ${await t.adminToken()}`)
      .set('Idempotency-Key', 'partial-before-cancel')
      .send({ amount: '5.00' });
    expect(partial.status).toBe(200);
    await putTracking(t, paid.orderId, { status: 'cancelled', trackingReference: 'TBA' });
    await settle(t);
    expect(await refunds(paid.paymentIntentId)).toEqual([500, paid.amount - 500]);
    expect((await cancellationEmail(paid.orderId)).text).toContain(`We are refunding $${((paid.amount - 500) / 100).toFixed(2)}`);
  });

  it('"Cancel and keep the payment" with a reason refunds nothing, returns nothing, and flags the order for review', async () => {
    const paid = await paidOrder(t, 'cancel-keep');
    const res = await putTracking(t, paid.orderId, {
      status: 'cancelled',
      trackingReference: 'TBA',
      keepPaymentReason: 'Customer collects a replacement in person',
    });
    expect(res.status).toBe(200);
    await settle(t);
    expect(await refunds(paid.paymentIntentId)).toEqual([]);
    expect(await stockOf('cancel-keep')).toBe(96);
    const row = (await adminOrder(t, paid.orderId)) as unknown as { needsReview: boolean; reviewReasons: string[] };
    expect(row.needsReview).toBe(true);
    expect(row.reviewReasons.at(-1)).toMatch(
      /^Cancelled and the payment kept \(\$\d+\.\d\d not refunded, cans not returned\): Customer collects/,
    );
    expect((await cancellationEmail(paid.orderId)).text).toContain('We will be in touch about your payment.');
  });

  it.each([
    ['an empty reason', ''],
    ['a reason that is not text', 42],
  ])('refuses %s to keep the payment, and changes nothing', async (_, reason) => {
    const paid = await paidOrder(t, `cancel-keep-bad-${typeof reason}`);
    const res = await putTracking(t, paid.orderId, { status: 'cancelled', trackingReference: 'TBA', keepPaymentReason: reason });
    expect({ status: res.status, code: (res.body as { code: string }).code }).toEqual({ status: 400, code: 'invalid_keep_payment_reason' });
    expect((await adminOrder(t, paid.orderId))?.status).toBe('paid');
  });

  it('an unpaid order set to cancelled by hand refunds nothing and its e-mail says no payment was taken', async () => {
    const pending = await pendingOrder(t, 'cancel-unpaid');
    await putTracking(t, pending.orderId, { status: 'cancelled', trackingReference: 'TBA' });
    await settle(t);
    expect(await refunds(pending.paymentIntentId)).toEqual([]);
    expect((await cancellationEmail(pending.orderId)).text).toContain('No payment was taken for it.');
  });
});
