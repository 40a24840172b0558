import type { Cause } from '../../src/platform/event-sourcing/command-metadata';
import { OrderCompletion } from '../../src/modules/order-money/order-completion/order-completion.service';
import type { DocumentStore } from '@brewery/eventstore';
import { OrderListProjection, ORDERS, type OrderDoc } from '../../src/modules/order-desk/order-list/order-list.projection';
import { DOCUMENT_STORE } from '../../src/platform/persistence/persistence.tokens';
import { ReservationExpiry } from '../../src/modules/checkout/reservation-expiry/reservation-expiry.service';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { MAILER, type Mailer } from '../../src/modules/notifications/mailer/mailer.port';
import { createTestApp, type TestApp } from '../create-test-app';
import { adminSend, eventStoreOf, eventually, payWithCard, streamEvents } from '../checkout/checkout-fixtures';
import { adminGet, adminOrder, adminPost, outbox, paidOrder, pendingOrder, putTracking, SUCCEEDS } from './admin-ops-fixtures';

interface Issues {
  payments_without_order: { paymentIntentId: string; amount: string; createdAt: string }[];
  expired_reservations: { orderId: string; expiredAt: string }[];
  failed_emails: { key: string; to: string; subject: string; error: string | null }[];
  orders_needing_attention: { id: string; issue: string }[];
}

describe('POST /api/admin/auto-fix', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The test decides when reservations expire and are released: the minute sweep stays out of it.
    await t.app.get(ReservationExpiry).onApplicationShutdown();
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });
  afterAll(async () => {
    await t.close();
  });

  const issues = async (): Promise<Issues> =>
    ((await adminGet(t, '/api/admin/system-status')).body as { automation_issues: Issues }).automation_issues;
  const autoFix = async (): Promise<string[]> => {
    const res = await adminPost(t, '/api/admin/auto-fix');
    expect(res.status).toBe(200);
    return (res.body as { fixes_applied: string[] }).fixes_applied;
  };

  it('applies nothing when there is nothing to fix', async () => {
    expect(await autoFix()).toEqual([]);
  });

  it('recovers interrupted payments, flags what it cannot pay, releases expired reservations, retries failed e-mails; a second run applies nothing', async () => {
    // Given an e-mail the mail server refused once
    const shipped = await paidOrder(t, 'fix-email');
    const mailer = t.app.get<Mailer>(MAILER);
    jest.spyOn(mailer, 'send').mockRejectedValueOnce(new Error('421 mail server busy'));
    await putTracking(t, shipped.orderId, { status: 'shipped', trackingReference: 'AP-1' });
    const failedKey = `order-${shipped.orderId}-update-6`;
    await eventually(async () => (await outbox(t)).find((e) => e._id === failedKey && e.status === 'failed'));

    // And the payment process manager blocked (a crash between the provider's event and the order's completion)
    const completion = t.app.get(OrderCompletion);
    const complete = completion.completePaidOrder.bind(completion);
    jest
      .spyOn(completion, 'completePaidOrder')
      .mockImplementation((paymentIntentId: string, cause: Cause) =>
        cause.actor === 'system' ? Promise.reject(new Error('completion interrupted')) : complete(paymentIntentId, cause),
      );

    // And a card payment that succeeded while it was blocked
    const interrupted = await pendingOrder(t, 'fix-interrupted');
    expect((await payWithCard(t, interrupted, SUCCEEDS)).status).toBe(200);

    // And a PaymentSucceeded appended straight to the payment stream of an order the operator had deleted
    const deleted = await pendingOrder(t, 'fix-deleted');
    expect((await adminSend(t, 'delete', `/api/admin/orders/${deleted.orderId}`)).status).toBe(200);
    await eventStoreOf(t.app).append(
      `payment-${deleted.paymentIntentId}`,
      [
        {
          type: 'PaymentSucceeded',
          data: {
            paymentIntentId: deleted.paymentIntentId,
            providerEventId: 'evt_after_delete',
            orderId: deleted.orderId,
            amountCents: deleted.amount,
            currency: 'aud',
            at: t.clock.now.toISOString(),
          },
          metadata: { correlationId: 'evt_after_delete', causationId: null, actor: 'stripe', occurredAt: t.clock.now.toISOString() },
        },
      ],
      { expectedRevision: 'any' },
    );

    // And a checkout left unpaid past its reservation
    const abandoned = await pendingOrder(t, 'fix-abandoned');
    t.clock.advance(31 * 60 * 1000);

    // Then the System status lists each of them
    const before = await eventually(async () => {
      const found = await issues();
      return found.payments_without_order.length >= 2 ? found : null;
    });
    expect(before.payments_without_order.map((p) => p.paymentIntentId)).toEqual(
      expect.arrayContaining([interrupted.paymentIntentId, deleted.paymentIntentId]),
    );
    expect(before.expired_reservations.map((r) => r.orderId)).toContain(abandoned.orderId);
    // And the backups say which of those payments belong to a deleted order (recovery cannot complete it)
    const backups = (await adminGet(t, '/api/admin/order-backups')).body as {
      summary: { potentiallyMissing: { paymentIntentId: string; orderDeleted: boolean }[] };
    };
    const missing = new Map(backups.summary.potentiallyMissing.map((p) => [p.paymentIntentId, p.orderDeleted]));
    expect([missing.get(deleted.paymentIntentId), missing.get(interrupted.paymentIntentId)]).toEqual([true, false]);
    expect(before.failed_emails).toContainEqual({
      key: failedKey,
      to: 'ada@example.com',
      subject: `Order #${shipped.orderId} is on its way`,
      error: '421 mail server busy',
    });

    // When the operator runs auto-fix
    const fixes = await autoFix();

    // Then each was fixed once, in a readable sentence
    expect(fixes).toHaveLength(4);
    expect(fixes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^Payment ${interrupted.paymentIntentId} \\(\\$32\\.00\\): Order #${interrupted.orderId} recovered: paid, invoice INV-\\d{6}, confirmation e-mail queued$`,
          ),
        ),
        expect.stringMatching(
          new RegExp(
            `^Payment ${deleted.paymentIntentId} \\(\\$32\\.00\\) could not complete its order, so it was flagged: Order #${deleted.orderId} needs review: .*the order was deleted`,
          ),
        ),
        `Ended the expired checkout of Order #${abandoned.orderId}: its payment can no longer be made and its cans are back on sale`,
        `Queued the e-mail “Order #${shipped.orderId} is on its way” to ada@example.com for another attempt`,
      ]),
    );
    expect(await adminOrder(t, interrupted.orderId)).toMatchObject({
      status: 'paid',
      invoiceNumber: expect.stringMatching(/^INV-/),
      reservation: 'sold',
    });
    expect(await adminOrder(t, deleted.orderId)).toMatchObject({ needsReview: true, status: 'cancelled' });
    // Cancelled, so it leaves the operator's lists; its document says why.
    expect(await adminOrder(t, abandoned.orderId)).toBeUndefined();
    expect(await t.app.get<DocumentStore>(DOCUMENT_STORE).collection<OrderDoc>(ORDERS).findOne({ _id: abandoned.orderId })).toMatchObject({
      status: 'cancelled',
      cancelReason: 'expired',
      reservation: 'released',
    });
    expect((await streamEvents(t, 'product-fix-interrupted')).filter((e) => e.type === 'StockSold')).toHaveLength(1);
    expect((await streamEvents(t, `email-order-${interrupted.orderId}-confirmation`)).filter((e) => e.type === 'EmailQueued')).toHaveLength(
      1,
    );
    await eventually(async () => (await outbox(t)).find((e) => e._id === failedKey && e.status === 'sent'));

    // And what needs a person stays listed: the payment for the deleted order, now flagged
    const after = await issues();
    expect(after.payments_without_order.map((p) => p.paymentIntentId)).toEqual([deleted.paymentIntentId]);
    expect(after.orders_needing_attention.find((o) => o.id === deleted.orderId)?.issue).toMatch(/^Needs review: /);
    expect(after.expired_reservations).toEqual([]);
    expect(after.failed_emails).toEqual([]);

    // When it runs again straight away, it applies nothing
    expect(await autoFix()).toEqual([]);
  });

  it('rebuilds the read models when they stopped on an error, and only then', async () => {
    // Given an order, and then the orders projection failing (a read-model store refusing writes)
    const { orderId } = await pendingOrder(t, 'fix-rebuild');
    const projection = t.app.get(OrderListProjection);
    const apply = projection.apply.bind(projection);
    let failing = true;
    jest
      .spyOn(projection, 'apply')
      .mockImplementation((event, store) =>
        failing ? Promise.reject(new Error('write refused by the read-model store')) : apply(event, store),
      );
    await putTracking(t, orderId, { status: 'shipped', trackingReference: 'AP-REBUILD' });
    // Two restarts have failed: the next one is seconds away, so the error stands while we look.
    const runner = t.app.get(ProjectionRunner);
    await eventually(async () => (runner.statuses().find((s) => s.name === 'read-models')?.restarts ?? 0) >= 2);
    const status = (await adminGet(t, '/api/admin/system-status')).body as { read_models: { status: string } };
    expect(status.read_models.status).toBe('error');
    expect((await adminOrder(t, orderId))?.status).toBe('pending');

    // When the store accepts writes again and the operator runs auto-fix
    failing = false;
    const fixes = await autoFix();

    // Then the read models were rebuilt from the log and show the change
    expect(fixes).toEqual([
      expect.stringMatching(
        /^Rebuilt the read models from \d+ events because they stopped on an error: write refused by the read-model store$/,
      ),
    ]);
    expect(await adminOrder(t, orderId)).toMatchObject({ status: 'shipped', trackingReference: 'AP-REBUILD' });
    expect(await autoFix()).toEqual([]);
  });
});
