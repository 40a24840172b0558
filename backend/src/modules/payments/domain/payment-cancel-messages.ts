import { assertNever } from '../../../shared-kernel/decider';
import type { PaymentCancelReason } from './payment.events';

/** What the customer reads when the shop cancelled their payment: why, and that nothing was charged. */
export function customerCancelMessage(reason: PaymentCancelReason): string {
  switch (reason) {
    case 'sold_out':
      return 'These cans sold out before your payment went through, so nothing was charged.';
    case 'not_released':
      return 'A beer in this order is not on sale yet, so nothing was charged.';
    case 'expired':
      return 'This checkout expired before it was paid, so nothing was charged.';
    case 'superseded':
      return 'This checkout was replaced by a newer one you started, so nothing was charged.';
    case 'checkout_cancelled':
      return 'This checkout was not finished, so nothing was charged.';
    case 'discount_unavailable':
      return 'The discount code of this order could no longer be used for it, so nothing was charged.';
    case 'club_charge_ended':
      return 'This club pack was not charged (every try failed, or the membership was cancelled), so nothing was charged.';
    case 'amount_mismatch':
    case 'order_not_payable':
    case 'provider':
      return 'This order could not be completed, so nothing was charged.';
    default:
      return assertNever(reason);
  }
}
