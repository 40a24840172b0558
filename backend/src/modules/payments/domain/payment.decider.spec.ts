import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import { authorisationToCapture, checkoutPaymentEnding, moneyTaken, paymentDecider, type PaymentCommand } from './payment.decider';
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

const payment = DeciderSpecification.for(paymentDecider);
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
    payment.given([]).when({ type: 'RecordPaymentIntentCreated', backup }).then([created]);
    payment.given([created]).when({ type: 'RecordPaymentIntentCreated', backup }).then([]);
  });

  it('records a success once by its provider event id', () => {
    payment.given([created]).when(success('evt_ok')).then([succeeded]);
    payment.given([created, succeeded]).when(success('evt_ok')).then([]);
  });

  it('keeps a failure that arrives after the success as ignored, and stays succeeded', () => {
    const events = payment
      .given([created, succeeded])
      .when(failure('evt_no'))
      .then([
        {
          type: 'ProviderEventIgnored',
          data: { providerEventId: 'evt_no', outcome: 'failed', reason: 'the payment had already succeeded' },
        },
      ]);
    payment.given([created, succeeded, ...events]).thenState((state) => expect(state.status).toBe('succeeded'));
    payment
      .given([created, succeeded, ...events])
      .when(failure('evt_no'))
      .then([]);
  });

  it('lets a success follow a failure (another card on the same intent)', () => {
    payment.given([created, failed]).when(success('evt_ok')).then([succeeded]);
    payment.given([created, failed, succeeded]).thenState((state) => expect(state.status).toBe('succeeded'));
  });

  it('accepts provider events before the backup, in any order, and takes the order id from them', () => {
    const early = payment.given([succeeded]);
    early.thenState((state) => {
      expect(state.status).toBe('succeeded');
      expect(state.orderId).toBe('7');
    });
    early.when({ type: 'RecordPaymentIntentCreated', backup }).then([created]);
    payment.given([succeeded, created]).thenState((state) => expect(state.status).toBe('succeeded'));
  });

  it('records a second success under another id as ignored', () => {
    payment
      .given([created, succeeded])
      .when(success('evt_again'))
      .then([
        {
          type: 'ProviderEventIgnored',
          data: { providerEventId: 'evt_again', outcome: 'succeeded', reason: 'a success was already recorded' },
        },
      ]);
  });

  describe('refunds', () => {
    const refund = (refundId: string, amountCents: number): PaymentCommand => ({
      type: 'RecordRefund',
      refundId,
      amountCents,
      note: '',
      at: '2026-11-25T01:00:00.000Z',
    });
    const refunded = (refundId: string, amountCents: number): PaymentEvent => ({
      type: 'PaymentRefunded',
      data: { paymentIntentId: 'pi_1', refundId, orderId: '7', amountCents, note: '', at: '2026-11-25T01:00:00.000Z' },
    });

    it.each([
      ['a full refund of a taken payment', [created, succeeded], refund('re_1', 3200), [refunded('re_1', 3200)]],
      ['a partial refund', [created, succeeded], refund('re_1', 1200), [refunded('re_1', 1200)]],
      ['the rest after a partial refund', [created, succeeded, refunded('re_1', 1200)], refund('re_2', 2000), [refunded('re_2', 2000)]],
      ['the same refund again', [created, succeeded, refunded('re_1', 1200)], refund('re_1', 1200), []],
    ] as const)('given %s, then it is recorded', (_given, history, command, expected) => {
      payment.given(history).when(command).then(expected);
    });

    it.each([
      ['a payment never taken', [created], refund('re_1', 100), 'Only a payment that was taken can be refunded: this one is created'],
      ['a failed payment', [created, failed], refund('re_1', 100), 'Only a payment that was taken can be refunded: this one is failed'],
      ['more than was paid', [created, succeeded], refund('re_1', 3201), 'At most $32.00 of this payment can still be refunded'],
      [
        'more than is left',
        [created, succeeded, refunded('re_1', 3000)],
        refund('re_2', 201),
        'At most $2.00 of this payment can still be refunded',
      ],
      [
        'anything after a full refund',
        [created, succeeded, refunded('re_1', 3200)],
        refund('re_2', 1),
        'This payment has been refunded in full',
      ],
      ['nothing', [created, succeeded], refund('re_1', 0), 'A refund must be more than $0.00'],
    ] as const)('given %s, then the refund is refused', (_given, history, command, message) => {
      payment
        .given(history)
        .when(command)
        .thenThrows({ message: expect.stringContaining(message) });
    });

    it('adds the refunds up in the state', () => {
      payment.given([created, succeeded, refunded('re_1', 1200), refunded('re_2', 800)]).thenState((state) =>
        expect(state).toMatchObject({
          refundedCents: 2000,
          refunds: [
            { refundId: 're_1', amountCents: 1200 },
            { refundId: 're_2', amountCents: 800 },
          ],
        }),
      );
    });
  });

  describe("the payment's questions, asked by the services that wire its steps", () => {
    const authorised: PaymentEvent = { type: 'PaymentAuthorised', data: report('evt_auth') };
    const cancelled: PaymentEvent = { type: 'PaymentCancelled', data: { ...report('evt_cancel'), reason: 'superseded' } };
    const refunded: PaymentEvent = {
      type: 'PaymentRefunded',
      data: {
        paymentIntentId: 'pi_1',
        refundId: 're_1',
        orderId: '7',
        amountCents: 1200,
        note: 'two cans',
        at: '2026-11-23T02:00:00.000Z',
      },
    };

    it.each([
      ['nothing heard', [], null],
      ['created', [created], null],
      ['authorised only', [created, authorised], null],
      ['failed', [created, failed], null],
      ['succeeded', [created, succeeded], 3200],
      ['succeeded, then part refunded', [created, succeeded, refunded], 2000],
    ] as [string, PaymentEvent[], number | null][])('given %s, money taken leaves %p to refund', (_, given, left) => {
      payment.given(given).thenState((state) => expect(moneyTaken(state)?.leftCents ?? null).toBe(left));
    });

    it.each([
      ['created', [created], false],
      ['authorised', [created, authorised], true],
      ['authorised, then succeeded', [created, authorised, succeeded], false],
      ['authorised, then cancelled', [created, authorised, cancelled], false],
    ] as [string, PaymentEvent[], boolean][])('given %s, an authorisation to capture: %p', (_, given, toCapture) => {
      payment.given(given).thenState((state) => expect(authorisationToCapture(state) !== null).toBe(toCapture));
    });

    it.each([
      ['nothing heard', [], false, 'cancel'],
      ['created', [created], false, 'cancel'],
      ['failed', [created, failed], false, 'cancel'],
      ['cancelled', [created, cancelled], false, 'already'],
      ['succeeded', [created, succeeded], false, 'keep'],
      ['succeeded, the shop refusing', [created, succeeded], true, 'keep'],
      ['authorised', [created, authorised], false, 'keep'],
      ['authorised, the shop turning it away', [created, authorised], true, 'cancel'],
    ] as [string, PaymentEvent[], boolean, string][])(
      'given %s (refusing the authorisation: %p), ending the checkout does: %s',
      (_, given, refusing, expected) => {
        payment.given(given).thenState((state) => expect(checkoutPaymentEnding(state, refusing)).toBe(expected));
      },
    );
  });
});
