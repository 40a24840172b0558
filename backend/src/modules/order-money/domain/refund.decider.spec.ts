import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import { refundDecider, type RefundCommand, type RefundEvent } from './refund.decider';

const request: RefundCommand = {
  type: 'RequestRefund',
  orderId: '7',
  paymentIntentId: 'pi_1',
  amountCents: 300,
  note: 'dented',
  requestedAt: 't',
  emailCustomer: true,
};
const requested: RefundEvent = {
  type: 'RefundRequested',
  data: { orderId: '7', paymentIntentId: 'pi_1', amountCents: 300, note: 'dented', requestedAt: 't', emailCustomer: true },
};
const made: RefundEvent = { type: 'RefundMade', data: { refundId: 're_1', amountCents: 300 } };

const refund = DeciderSpecification.for(refundDecider);

describe('refund decider: one refund per key', () => {
  it.each<[string, RefundEvent[], RefundCommand, RefundEvent[] | string]>([
    ['nothing under the key, when a refund is asked', [], request, [requested]],
    ['the same refund asked, when it is asked again', [requested], request, []],
    ['the refund made, when it is asked again', [requested, made], request, []],
    ['a refund asked, when another amount is asked under the key', [requested], { ...request, amountCents: 200 }, 'idempotency_key_reused'],
    ['a refund asked, when another order is asked under the key', [requested], { ...request, orderId: '8' }, 'idempotency_key_reused'],
    ['a refund asked, when the provider made it', [requested], { type: 'RecordRefundMade', refundId: 're_1', amountCents: 300 }, [made]],
    ['the refund made, when it is recorded again', [requested, made], { type: 'RecordRefundMade', refundId: 're_1', amountCents: 300 }, []],
    [
      'nothing asked, when a made refund is recorded',
      [],
      { type: 'RecordRefundMade', refundId: 're_1', amountCents: 300 },
      'refund_not_requested',
    ],
  ])('given %s, then %j', (_, history, command, expected) => {
    const when = refund.given(history).when(command);
    if (typeof expected === 'string') when.thenThrows({ code: expected });
    else when.then(expected);
  });

  it('folds to the refund made, with its id and amount', () => {
    refund.given([requested, made]).thenState((state) =>
      expect(state).toEqual({
        kind: 'made',
        orderId: '7',
        paymentIntentId: 'pi_1',
        amountCents: 300,
        note: 'dented',
        requestedAt: 't',
        emailCustomer: true,
        refundId: 're_1',
      }),
    );
  });
});
