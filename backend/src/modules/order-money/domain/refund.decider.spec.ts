import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import {
  operatorRefundKey,
  refundDecider,
  refundToFinish,
  refundUnderKey,
  type RefundAsk,
  type RefundCommand,
  type RefundEvent,
  type RefundState,
} from './refund.decider';

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
const refused: RefundEvent = { type: 'RefundRefused', data: { reason: 'The payment provider refused the refund: more than was left' } };

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
    ['a refund the provider refused, when it is asked again', [requested, refused], request, 'refund_refused'],
    [
      'a refund the provider refused, when a made refund is recorded',
      [requested, refused],
      { type: 'RecordRefundMade', refundId: 're_1', amountCents: 300 },
      'refund_not_requested',
    ],
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

describe('the cents a refund under one key is for', () => {
  const none: RefundState = { kind: 'none' };
  const asked300: RefundState = {
    kind: 'requested',
    orderId: '7',
    paymentIntentId: 'pi_1',
    amountCents: 300,
    note: 'dented',
    emailCustomer: true,
  };
  const refused300: RefundState = { ...asked300, kind: 'refused', reason: 'more than was left' };
  const operator = (amountCents: number | null, cansValueCents: number | null = null): RefundAsk => ({
    by: 'operator',
    amountCents,
    cansValueCents,
  });

  it.each<[string, RefundState, RefundAsk, number, number | null | string]>([
    ['a new operator refund of an amount', none, operator(250), 1_000, 250],
    ['a new operator refund of all that is left', none, operator(null), 1_000, 1_000],
    ['a new operator refund of cans worth less than is left', none, operator(null, 400), 1_000, 400],
    ['a new operator refund of cans worth more than is left', none, operator(null, 400), 150, 150],
    ['a new operator refund of all that is left when nothing is', none, operator(null), 0, 'refund_too_large'],
    ['a new operator refund of cans when nothing is left', none, operator(null, 400), 0, 'refund_too_large'],
    ['the same amount asked again under its key', asked300, operator(300), 0, 300],
    ['another amount asked under the key (RequestRefund refuses it)', asked300, operator(200), 1_000, 200],
    ['the same cans asked again once less is left', asked300, operator(null, 300), 100, 300],
    ['cans worth less than the key was for', asked300, operator(null, 250), 1_000, 250],
    ['a new return refund under what is left', none, { by: 'return', refundCents: 500 }, 1_000, 500],
    ['a new return refund over what is left', none, { by: 'return', refundCents: 500 }, 200, 200],
    ['a new return refund with nothing left', none, { by: 'return', refundCents: 500 }, 0, null],
    ['a return refund of nothing', none, { by: 'return', refundCents: 0 }, 1_000, null],
    ['a return refund asked again under its key', asked300, { by: 'return', refundCents: 500 }, 0, 300],
    ['a return refund the provider refused', refused300, { by: 'return', refundCents: 500 }, 1_000, null],
    ['a new cancellation refund', none, { by: 'cancellation' }, 700, 700],
    ['a new cancellation refund with nothing left', none, { by: 'cancellation' }, 0, null],
    ['a cancellation refund asked before a crash', asked300, { by: 'cancellation' }, 0, 300],
  ])('given %s, then %j', (_, intended, ask, leftCents, expected) => {
    if (typeof expected === 'string')
      expect(() => refundUnderKey(intended, ask, leftCents)).toThrow(expect.objectContaining({ code: expected }));
    else expect(refundUnderKey(intended, ask, leftCents)).toBe(expected);
  });

  it.each<[string, RefundAsk, number, string]>([
    ['an amount', operator(250), 1_000, 'n2-250'],
    ['all that is left', operator(null), 1_000, 'n2-rest'],
    ['cans worth more than is left', operator(null, 400), 150, 'n2-150'],
  ])('keys an operator refund of %s without an Idempotency-Key by the refunds recorded and the cents asked', (_, ask, leftCents, key) => {
    expect(operatorRefundKey(2, ask as Extract<RefundAsk, { by: 'operator' }>, leftCents)).toBe(key);
  });

  it('reads a request from before the e-mail choice was recorded as one to e-mail', () => {
    const { emailCustomer: _dropped, ...older } = requested.data;
    refund
      .given([{ type: 'RefundRequested', data: older }])
      .thenState((state) => expect(state).toMatchObject({ kind: 'requested', emailCustomer: true }));
  });

  it('finishes a refund asked or made, never one refused or never asked', () => {
    expect(refundToFinish(asked300)).toBe(asked300);
    expect(refundToFinish({ ...asked300, kind: 'made', refundId: 're_1' })).toEqual({ ...asked300, kind: 'made', refundId: 're_1' });
    expect(refundToFinish(refused300)).toBeNull();
    expect(refundToFinish(none)).toBeNull();
  });
});
