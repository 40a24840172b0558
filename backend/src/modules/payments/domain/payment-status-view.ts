import type { Fulfilment } from '@brewery/shop-rules';
import { assertNever } from '../../../shared-kernel/decider';
import { customerCancelMessage } from './payment-cancel-messages';
import type { PaymentState } from './payment.decider';

export interface PaymentStatusView {
  /**
   * `open`: the checkout's payment awaits a card (none went through yet; one declined may be tried again);
   * `processing` covers a card that went through and that the shop is still capturing; `cancelled`: nothing was
   * charged.
   */
  status: 'succeeded' | 'processing' | 'open' | 'failed' | 'cancelled' | 'unknown';
  orderId?: string;
  /** With `cancelled`: why, in the customer's words. */
  message?: string;
  /** With `succeeded`: the order's status page, by its signed link. */
  statusUrl?: string;
  /** How the order reaches the customer (posted, or collected at the cellar door), once the payment is under way. */
  fulfilment?: Fulfilment;
}

/**
 * How a payment went, for the order result page, told only to the browser that shows the payment's client secret
 * (by its digest, as the payment recorded it). Anyone else, and a payment never recorded, hear `unknown` alike, so
 * the answer says nothing about which payments exist. `providerSecretDigest`: for a payment recorded before its
 * digest was kept, the digest of the secret the provider holds (null when the provider does not know it).
 */
export function paymentStatusView(
  state: PaymentState,
  presentedDigest: string,
  providerSecretDigest: string | null = null,
  providerStatus: string | null = null,
): PaymentStatusView {
  const recorded = state.created?.clientSecretDigest ?? providerSecretDigest;
  if (recorded === null || recorded !== presentedDigest) return { status: 'unknown' };
  const orderId = {
    ...(state.orderId === null ? {} : { orderId: state.orderId }),
    ...(state.created?.fulfilment === undefined ? {} : { fulfilment: state.created.fulfilment }),
  };
  switch (state.status) {
    case 'unknown':
      return { status: 'unknown' };
    case 'created':
      // Nothing recorded since the checkout opened: the provider says whether a card went through meanwhile.
      return { status: providerStatus !== null && AWAITING_A_CARD.has(providerStatus) ? 'open' : 'processing', ...orderId };
    case 'authorised':
      return { status: 'processing', ...orderId };
    case 'cancelled':
      return { status: 'cancelled', ...orderId, message: customerCancelMessage(state.cancelReason ?? 'provider') };
    case 'succeeded':
      return { status: 'succeeded', ...orderId };
    case 'failed':
      return { status: 'failed', ...orderId };
    default:
      return assertNever(state.status);
  }
}

/** The provider's statuses of an intent that no card has gone through yet (Stripe's words). */
const AWAITING_A_CARD: ReadonlySet<string> = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * Whether the view needs the provider's status: nothing recorded since the checkout opened, so only the provider
 * knows whether a card went through meanwhile (its event may be on its way).
 */
export function needsProviderStatus(state: PaymentState): boolean {
  return state.status === 'created';
}

/** Whether the view needs the provider's word on the secret: a payment recorded before its digest was kept. */
export function needsProviderSecret(state: PaymentState): boolean {
  return state.status !== 'unknown' && state.created?.clientSecretDigest === undefined;
}
