import { Logger } from '@nestjs/common';
import { CatalogStock } from '../../src/modules/catalog';
import { PAYMENT_GATEWAY, PaymentIntentStateError, type PaymentGateway } from '../../src/modules/payments/gateway/payment-gateway.port';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { createTestApp, type TestApp } from '../create-test-app';
import { settle, streamEvents } from '../checkout/checkout-fixtures';
import { adminOrder, adminToken, paidOrder, putTracking } from './admin-ops-fixtures';

jest.setTimeout(60_000);

/** A promise and the function that settles it. */
function signal(): { promise: Promise<void>; fire: () => void } {
  let fire!: () => void;
  const promise = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { promise, fire };
}

/**
 * A full refund by the operator and the cancellation of the same paid order, crossing: the cancellation's process
 * manager asks the provider for what remains while the operator's refund is made there but not yet recorded. The
 * provider refuses the second; the money is refunded once, the cans go back, and nothing is logged as an error:
 * the step waits quietly for the other refund's records, or ends when they already show nothing remains.
 */
describe('a full refund meeting the cancellation of a paid order', () => {
  let t: TestApp;
  let gateway: PaymentGateway;
  let errors: string[];
  let debug: string[];
  beforeAll(async () => {
    t = await createTestApp();
    gateway = t.app.get<PaymentGateway>(PAYMENT_GATEWAY);
  });
  beforeEach(() => {
    errors = [];
    debug = [];
    jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => void errors.push(String(message)));
    jest.spyOn(Logger.prototype, 'debug').mockImplementation((message: unknown) => void debug.push(String(message)));
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await t.close();
  });

  const refunds = async (paymentIntentId: string) =>
    (await streamEvents(t, `payment-${paymentIntentId}`))
      .filter((e) => e.type === 'PaymentRefunded')
      .map((e) => (e.data as { amountCents: number }).amountCents);
  const cancellationManager = () =>
    t.app
      .get(ProjectionRunner)
      .statuses()
      .find((s) => s.name === 'paid-order-cancellation');
  const refundAll = async (orderId: string, key: string) =>
    t
      .http()
      .post(`/api/admin/orders/${orderId}/refund`)
      .set('Authorization', `Bearer ${await adminToken(t)}`)
      .set('Idempotency-Key', key)
      .send({});

  /**
   * The provider's answers held back: the operator's refund (the first key asked) is made, then every answer under
   * its key (to the request, and to the process manager finishing recorded refunds) waits for `releaseOperator`;
   * the cancellation's request, under its own key, waits for `beforeAsking`, and its refusal is told by `refused`.
   */
  function crossedRefunds(beforeAsking: () => Promise<void>) {
    const refund = gateway.refundPaymentIntent.bind(gateway);
    const operatorMade = signal();
    const releaseOperator = signal();
    const refused = signal();
    let operatorKey: string | null = null;
    jest.spyOn(gateway, 'refundPaymentIntent').mockImplementation(async (paymentIntentId, amountCents, key) => {
      operatorKey ??= key;
      if (key === operatorKey) {
        const made = await refund(paymentIntentId, amountCents, key);
        operatorMade.fire();
        await releaseOperator.promise;
        return made;
      }
      await beforeAsking();
      try {
        return await refund(paymentIntentId, amountCents, key);
      } catch (error) {
        refused.fire();
        throw error;
      }
    });
    return { operatorMade, releaseOperator, refused };
  }

  it('given the refusal while the operator’s refund is still unrecorded, waits for it quietly and refunds once', async () => {
    const paid = await paidOrder(t, 'refund-meets-cancel-1');
    const race = crossedRefunds(async () => undefined);
    const operator = refundAll(paid.orderId, 'operator-full-1').then((res) => res);
    await race.operatorMade.promise;
    expect((await putTracking(t, paid.orderId, { status: 'cancelled', trackingReference: 'TBA' })).status).toBe(200);
    await race.refused.promise;
    race.releaseOperator.fire();
    expect((await operator).status).toBe(200);
    await settle(t);

    expect(await refunds(paid.paymentIntentId)).toEqual([paid.amount]);
    expect((await t.app.get(CatalogStock).snapshot('refund-meets-cancel-1'))?.stock).toBe(100);
    expect(await adminOrder(t, paid.orderId)).toMatchObject({ status: 'cancelled', needsReview: false });
    expect(errors).toEqual([]);
    expect(cancellationManager()).toMatchObject({ restarts: 0, lastError: null });
  });

  it('given the refusal once the operator’s refund is recorded, ends the step at once: no retry, nothing logged', async () => {
    const paid = await paidOrder(t, 'refund-meets-cancel-2');
    let operatorDone: Promise<unknown> = Promise.resolve();
    // The cancellation read the payment before the operator's refund was recorded; it is recorded before the
    // provider answers the cancellation's request with its refusal.
    const race = crossedRefunds(async () => {
      race.releaseOperator.fire();
      await operatorDone;
    });
    const operator = refundAll(paid.orderId, 'operator-full-2').then((res) => res);
    operatorDone = operator;
    await race.operatorMade.promise;
    expect((await putTracking(t, paid.orderId, { status: 'cancelled', trackingReference: 'TBA' })).status).toBe(200);
    await race.refused.promise;
    expect((await operator).status).toBe(200);
    await settle(t);

    expect(await refunds(paid.paymentIntentId)).toEqual([paid.amount]);
    expect((await t.app.get(CatalogStock).snapshot('refund-meets-cancel-2'))?.stock).toBe(100);
    expect(errors).toEqual([]);
    expect(debug.filter((line) => line.startsWith('paid-order-cancellation'))).toEqual([]);
    expect(cancellationManager()).toMatchObject({ restarts: 0, lastError: null });
  });

  it('given the provider busy with the same refund key (an idempotency conflict), asks again quietly and refunds once', async () => {
    const paid = await paidOrder(t, 'refund-meets-cancel-3');
    const refund = gateway.refundPaymentIntent.bind(gateway);
    let conflicts = 0;
    jest.spyOn(gateway, 'refundPaymentIntent').mockImplementation(async (paymentIntentId, amountCents, key) => {
      if (conflicts === 0) {
        conflicts += 1;
        throw new PaymentIntentStateError(
          paymentIntentId,
          'idempotency_conflict',
          'There is currently another in-progress request using this key',
        );
      }
      return refund(paymentIntentId, amountCents, key);
    });
    expect((await putTracking(t, paid.orderId, { status: 'cancelled', trackingReference: 'TBA' })).status).toBe(200);
    await settle(t);

    expect(conflicts).toBe(1);
    expect(await refunds(paid.paymentIntentId)).toEqual([paid.amount]);
    expect((await t.app.get(CatalogStock).snapshot('refund-meets-cancel-3'))?.stock).toBe(100);
    expect(errors).toEqual([]);
  });
});
