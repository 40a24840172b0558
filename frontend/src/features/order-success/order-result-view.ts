import type { PaymentStatus } from '@/shared/api/payment-status/get-payment-status';

/**
 * Which screen the order result page shows:
 * - confirmed: the provider and the server agree the payment went through;
 * - checking: waiting for the server's answer, or for the server to finish taking a payment the provider
 *   said succeeded (an authorised card is captured once its cans are sold, which can still fail);
 * - processing: the provider is still working on it, or the server has not finished within the page's
 *   patience: the confirmation email follows;
 * - cancelled: the shop cancelled the payment (the cans sold out, the checkout expired): nothing was charged;
 * - issues: the payment failed, or nothing shows that it happened.
 */
export type OrderResultView = 'checking' | 'confirmed' | 'processing' | 'cancelled' | 'issues';

export interface OrderResultInput {
  /** `redirect_status` from the URL, as the checkout or Stripe wrote it. */
  redirectStatus: string | null;
  /** A well-formed payment intent id was given. */
  hasPaymentIntent: boolean;
  /**
   * The server's answer: pending, failed to arrive, or what it recorded (with `polling` while the page is
   * still asking again).
   */
  server: { kind: 'pending' } | { kind: 'error' } | { kind: 'answered'; status: PaymentStatus['status']; polling: boolean };
}

/** The URL alone is never proof of payment: the server's record decides whenever it answers. */
export function orderResultView({ redirectStatus, hasPaymentIntent, server }: OrderResultInput): OrderResultView {
  const urlSucceeded = redirectStatus === 'succeeded';
  if (!hasPaymentIntent || (!urlSucceeded && redirectStatus !== 'processing')) return 'issues';
  switch (server.kind) {
    case 'pending':
      return 'checking';
    // The server could not be asked: trust what the provider told the browser.
    case 'error':
      return urlSucceeded ? 'confirmed' : 'processing';
    case 'answered':
      switch (server.status) {
        case 'succeeded':
          return 'confirmed';
        case 'processing':
          return urlSucceeded && server.polling ? 'checking' : 'processing';
        case 'cancelled':
          return 'cancelled';
        case 'open':
        case 'failed':
        case 'unknown':
          return 'issues';
      }
  }
}

/**
 * The spec clears the cart when redirect_status is succeeded, once the order is confirmed; a payment the
 * server saw fail, cancelled or has not finished keeps it.
 */
export function shouldClearCart(redirectStatus: string | null, view: OrderResultView): boolean {
  return redirectStatus === 'succeeded' && view === 'confirmed';
}
