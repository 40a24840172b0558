import { orderDecider } from '../../src/modules/ordering/domain/order.decider';
import { NumberSequence } from '../../src/modules/ordering/numbering/number-sequence.service';
import { OrderCompletion } from '../../src/modules/ordering/order-completion/order-completion.service';
import { CommandPipeline } from '../../src/platform/event-sourcing/command-pipeline';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { createTestApp, type TestApp } from '../create-test-app';
import { adminSend, eventually, payWithCard, streamEvents } from '../checkout/checkout-fixtures';
import { adminOrder, paidOrder, pendingOrder, SUCCEEDS } from './admin-ops-fixtures';

/**
 * The operator deletes a pending order in the moment its customer pays: the payment must neither be lost nor
 * hold up everyone else's.
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

  it('given a card authorised and not yet captured, when the operator deletes the order, then it is refused and the order is paid', async () => {
    // The capture waits until the operator has tried.
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
    await eventually(async () => (await streamEvents(t, `payment-${order.paymentIntentId}`)).some((e) => e.type === 'PaymentAuthorised'));

    const refused = await adminSend(t, 'delete', `/api/admin/orders/${order.orderId}`);
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(
      `Order #${order.orderId} is being paid right now (the customer's card was authorised): it cannot be deleted`,
    );
    letGo();
    expect((await paying).status).toBe(200);
    expect(await eventually(async () => (await adminOrder(t, order.orderId))?.invoiceNumber)).toMatch(/^INV-/);
    expect((await streamEvents(t, `order-${order.orderId}`)).some((e) => e.type === 'OrderDeleted')).toBe(false);
  });

  it('given an order deleted between its payment and its completion, then it is flagged for review and every other payment goes on at once', async () => {
    // The operator deletes it while its invoice number is being taken: the last moment before it is marked paid.
    const numbers = t.app.get(NumberSequence);
    const invoiceNumberFor = numbers.invoiceNumberFor.bind(numbers);
    const victim = await pendingOrder(t, 'delete-racing');
    jest.spyOn(numbers, 'invoiceNumberFor').mockImplementationOnce(async (orderId, cause) => {
      await t.app.get(CommandPipeline).run({
        streamName: `order-${orderId}`,
        decider: orderDecider,
        command: { type: 'DeletePendingOrder', deletedAt: t.clock.now.toISOString() },
        metadata: { correlationId: 'operator', causationId: null, actor: 'admin', occurredAt: t.clock.now.toISOString() },
      });
      return invoiceNumberFor(orderId, cause);
    });
    await payWithCard(t, victim, SUCCEEDS);
    const flagged = await eventually(async () => {
      const events = await streamEvents(t, `order-${victim.orderId}`);
      return events.some((e) => e.type === 'OrderNeedsReview') ? events : undefined;
    });
    expect(flagged.map((e) => e.type)).toContain('OrderDeleted');
    expect(flagged.find((e) => e.type === 'OrderNeedsReview')?.data).toMatchObject({
      reason: expect.stringMatching(/succeeded but the order was deleted: fulfil or refund it\.$/),
    });

    // The payment process manager never stopped: the next customer's order is paid straight away.
    expect(
      t.app
        .get(ProjectionRunner)
        .statuses()
        .find((s) => s.name === 'payment-completion'),
    ).toMatchObject({ restarts: 0, lastError: null });
    const next = await paidOrder(t, 'delete-racing-next');
    expect(await adminOrder(t, next.orderId)).toMatchObject({ status: 'paid' });
  });
});
