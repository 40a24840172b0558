import { paymentNeedsAction, type BackedUpPayment, type OrderOfPayment } from './payment-needs-action';

const succeeded: BackedUpPayment = { paymentIntentId: 'pi_1', paymentStatus: 'succeeded', amountPaidCents: 4800, amountRefundedCents: 0 };
const order = (status: OrderOfPayment['status'], changes: Partial<OrderOfPayment> = {}): OrderOfPayment => ({
  status,
  paymentIntentId: 'pi_1',
  ...changes,
});

describe('a payment that needs the operator (Order Backups, potentially missing)', () => {
  it.each<[string, BackedUpPayment, OrderOfPayment | undefined, boolean]>([
    ['paid with its order', succeeded, order('paid'), false],
    ['its order delivered', succeeded, order('delivered'), false],
    ['no order at all', succeeded, undefined, true],
    ['its order still pending (the payment never completed it)', succeeded, order('pending'), true],
    ['its order paid by another payment', succeeded, order('paid', { paymentIntentId: 'pi_2' }), true],
    [
      'its order cancelled and refunded in full',
      { ...succeeded, amountRefundedCents: 4800 },
      order('cancelled', { refundUnderWayCents: 0 }),
      false,
    ],
    ['refunded in full without any order', { ...succeeded, amountRefundedCents: 4800 }, undefined, false],
    ['its order cancelled, the refund of all of it on its way', succeeded, order('cancelled', { refundUnderWayCents: 4800 }), false],
    [
      'its order cancelled after a partial refund, the rest on its way',
      { ...succeeded, amountRefundedCents: 1000 },
      order('cancelled', { refundUnderWayCents: 3800 }),
      false,
    ],
    ['its order cancelled with the payment kept (nothing on its way)', succeeded, order('cancelled', { refundUnderWayCents: 0 }), true],
    ['its order cancelled, part refunded, nothing on its way', { ...succeeded, amountRefundedCents: 1000 }, order('cancelled'), true],
    [
      'a refund on its way for another payment of the order',
      succeeded,
      order('cancelled', { paymentIntentId: 'pi_2', refundUnderWayCents: 4800 }),
      true,
    ],
    ['a payment that did not succeed', { ...succeeded, paymentStatus: 'cancelled' }, undefined, false],
  ])('given %s', (_, payment, ofOrder, expected) => {
    expect(paymentNeedsAction(payment, ofOrder)).toBe(expected);
  });
});
