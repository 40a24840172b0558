import { fold } from '../../../shared-kernel/decider';
import { paymentDecider, type PaymentCommand } from './payment.decider';
import type { PaymentEvent, PaymentIntentCreatedData, PaymentOutcomeData } from './payment.events';

const backup: PaymentIntentCreatedData = {
  paymentIntentId: 'pi_1',
  orderId: '7',
  provider: 'test',
  customer: { name: 'Ada', email: 'ada@example.com' },
  items: [
    { productId: 'p1', productName: 'Swan Pale', packSize: '4pack', quantity: 4, packs: 1, unitPriceCents: 2200, lineTotalCents: 2200 },
  ],
  subtotalCents: 2200,
  shippingCents: 1000,
  totalCents: 3200,
  currency: 'aud',
  createdAt: '2026-11-23T01:00:00.000Z',
};
const report = (providerEventId: string): PaymentOutcomeData => ({
  paymentIntentId: 'pi_1',
  providerEventId,
  orderId: '7',
  amountCents: 3200,
  currency: 'aud',
  at: '2026-11-23T01:01:00.000Z',
});
const created: PaymentEvent = { type: 'PaymentIntentCreated', data: backup };
const succeeded: PaymentEvent = { type: 'PaymentSucceeded', data: report('evt_ok') };
const failed: PaymentEvent = {
  type: 'PaymentFailed',
  data: { ...report('evt_no'), failureCode: 'card_declined', failureMessage: 'Your card was declined.' },
};

function given(...events: PaymentEvent[]) {
  const state = fold(paymentDecider, events);
  return { state, when: (command: PaymentCommand) => paymentDecider.decide(command, state) };
}
const success = (id: string): PaymentCommand => ({ type: 'RecordProviderOutcome', outcome: 'succeeded', report: report(id) });
const failure = (id: string): PaymentCommand => ({
  type: 'RecordProviderOutcome',
  outcome: 'failed',
  report: report(id),
  failureCode: 'card_declined',
  failureMessage: 'Your card was declined.',
});

describe('payment decider', () => {
  it('records the order backup once', () => {
    expect(given().when({ type: 'RecordPaymentIntentCreated', backup })).toEqual([created]);
    expect(given(created).when({ type: 'RecordPaymentIntentCreated', backup })).toEqual([]);
  });

  it('records a success once by its provider event id', () => {
    expect(given(created).when(success('evt_ok'))).toEqual([succeeded]);
    expect(given(created, succeeded).when(success('evt_ok'))).toEqual([]);
  });

  it('keeps a failure that arrives after the success as ignored, and stays succeeded', () => {
    const events = given(created, succeeded).when(failure('evt_no'));
    expect(events).toEqual([
      { type: 'ProviderEventIgnored', data: { providerEventId: 'evt_no', outcome: 'failed', reason: 'the payment had already succeeded' } },
    ]);
    expect(given(created, succeeded, ...events).state.status).toBe('succeeded');
    expect(given(created, succeeded, ...events).when(failure('evt_no'))).toEqual([]);
  });

  it('lets a success follow a failure (another card on the same intent)', () => {
    expect(given(created, failed).when(success('evt_ok'))).toEqual([succeeded]);
    expect(given(created, failed, succeeded).state.status).toBe('succeeded');
  });

  it('accepts provider events before the backup, in any order, and takes the order id from them', () => {
    const early = given(succeeded);
    expect(early.state.status).toBe('succeeded');
    expect(early.state.orderId).toBe('7');
    expect(early.when({ type: 'RecordPaymentIntentCreated', backup })).toEqual([created]);
    expect(given(succeeded, created).state.status).toBe('succeeded');
  });

  it('records a second success under another id as ignored', () => {
    expect(given(created, succeeded).when(success('evt_again'))).toEqual([
      {
        type: 'ProviderEventIgnored',
        data: { providerEventId: 'evt_again', outcome: 'succeeded', reason: 'a success was already recorded' },
      },
    ]);
  });
});
