import { MemoryDocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { PaymentEvent } from '../../payments/domain/payment.events';
import { ORDER_BACKUPS, OrderBackupsProjection, orderBackupOf, type OrderBackupDoc } from './order-backups.projection';

const created: PaymentEvent = {
  type: 'PaymentIntentCreated',
  data: {
    paymentIntentId: 'pi_1',
    orderId: '3',
    provider: 'test',
    customer: { name: 'Ada', email: 'ada@example.com' },
    items: [
      { productId: 'p1', productName: 'Swan Pale', packSize: '4pack', quantity: 8, packs: 2, unitPriceCents: 2200, lineTotalCents: 4400 },
    ],
    subtotalCents: 4400,
    shippingCents: 1000,
    totalCents: 5400,
    currency: 'aud',
    createdAt: '2026-11-23T01:00:00.000Z',
  },
};
const report = { paymentIntentId: 'pi_1', orderId: '3', amountCents: 5400, currency: 'aud', at: '2026-11-23T01:01:00.000Z' };
const succeeded: PaymentEvent = { type: 'PaymentSucceeded', data: { ...report, providerEventId: 'evt_1' } };
const ignored: PaymentEvent = { type: 'ProviderEventIgnored', data: { providerEventId: 'evt_2', outcome: 'failed', reason: 'late' } };

function recorded(revision: number, event: PaymentEvent): RecordedEvent {
  return {
    id: `e${revision}`,
    streamName: 'payment-pi_1',
    revision,
    globalPosition: 10 + revision,
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'c', causationId: null, actor: 'stripe', occurredAt: '2026-11-23T01:00:00.000Z' },
  };
}

async function project(events: readonly RecordedEvent[]): Promise<OrderBackupDoc | null> {
  const store = new MemoryDocumentStore();
  const projection = new OrderBackupsProjection();
  for (const event of events) await projection.apply(event, store);
  return store.collection<OrderBackupDoc>(ORDER_BACKUPS).findOne({ _id: 'pi_1' });
}

const expected = {
  orderId: '3',
  customerInfo: { name: 'Ada', email: 'ada@example.com' },
  paymentIntentId: 'pi_1',
  paymentStatus: 'succeeded',
  timestamp: '2026-11-23T01:00:00.000Z',
  orderItems: [{ quantity: 2, productName: 'Swan Pale', unitPriceCents: 2200, packSize: '4pack', cans: 8 }],
  totals: { subtotalCents: 4400, shippingCents: 1000, totalCents: 5400 },
  amountPaidCents: 5400,
  amountRefundedCents: 0,
};

describe('order backups read model', () => {
  const history = [recorded(0, created), recorded(1, succeeded), recorded(2, ignored)];

  it('keeps what the customer was charged for and how the payment went', async () => {
    expect(await project(history)).toMatchObject(expected);
  });

  it('writes its money as dollars at the edge, without its storage fields', async () => {
    const view = orderBackupOf((await project(history)) as OrderBackupDoc);
    expect(view).toMatchObject({
      orderItems: [{ quantity: 2, productName: 'Swan Pale', unitPrice: '22.00', packSize: '4pack', cans: 8 }],
      totals: { subtotal: '44.00', shipping: '10.00', total: '54.00' },
      amountPaid: '54.00',
      amountRefunded: '0.00',
    });
    expect(Object.keys(view)).not.toEqual(expect.arrayContaining(['_id']));
    expect(Object.keys(view)).not.toEqual(expect.arrayContaining(['revision']));
  });

  it('keeps a discount code and what it took off, so the backup adds up to what was charged', async () => {
    const discounted: PaymentEvent = {
      type: 'PaymentIntentCreated',
      data: {
        ...created.data,
        discount: { code: 'CLUB10', cents: 440 },
        totalCents: 4960,
      },
    };
    const view = orderBackupOf((await project([recorded(0, discounted)])) as OrderBackupDoc);
    expect(view).toMatchObject({
      totals: { subtotal: '44.00', shipping: '10.00', discount: '4.40', total: '49.60' },
      discountCode: 'CLUB10',
    });
    // Without a code, no discount is shown.
    const plain = orderBackupOf((await project(history)) as OrderBackupDoc);
    expect(plain.totals).toEqual({ subtotal: '44.00', shipping: '10.00', total: '54.00' });
    expect(plain.discountCode).toBeUndefined();
  });

  it('adds each refund once, however often it arrives', async () => {
    const refunded: PaymentEvent = {
      type: 'PaymentRefunded',
      data: { paymentIntentId: 'pi_1', refundId: 're_1', orderId: '3', amountCents: 1200, note: '', at: '2026-11-24T01:00:00.000Z' },
    };
    const events = [...history, recorded(3, refunded)];
    expect(await project(events)).toMatchObject({ amountRefundedCents: 1200 });
    expect(await project([...events, recorded(3, refunded)])).toMatchObject({ amountRefundedCents: 1200 });
  });

  it('changes nothing when every event arrives twice', async () => {
    expect(await project(history.flatMap((e) => [e, e]))).toEqual(await project(history));
  });

  it('builds the same backup when the success was recorded before the backup', async () => {
    const early = await project([recorded(0, succeeded), recorded(1, created)]);
    expect(early).toMatchObject(expected);
  });

  it('shows a failed payment as failed', async () => {
    const failed: PaymentEvent = {
      type: 'PaymentFailed',
      data: { ...report, providerEventId: 'evt_3', failureCode: 'card_declined', failureMessage: 'Your card was declined.' },
    };
    expect(await project([recorded(0, created), recorded(1, failed)])).toMatchObject({
      paymentStatus: 'failed',
      failureMessage: 'Your card was declined.',
    });
  });
});
