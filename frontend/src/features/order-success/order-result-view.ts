import type { PaymentStatus } from './api/get-payment-status';

/**
 * Which screen the order result page shows:
 * - confirmed: the provider and the server agree the payment went through;
 * - confirming: the provider said it succeeded and the server has not recorded it yet;
 * - processing: the provider is still working on it;
 * - checking: waiting for the server's answer;
 * - issues: the payment failed, or nothing shows that it happened.
 */
export type OrderResultView = 'checking' | 'confirmed' | 'confirming' | 'processing' | 'issues';

export interface OrderResultInput {
  /** `redirect_status` from the URL, as the checkout or Stripe wrote it. */
  redirectStatus: string | null;
  /** A well-formed payment intent id was given. */
  hasPaymentIntent: boolean;
  /** The server's answer: pending, failed to arrive, or what it recorded. */
  server: { kind: 'pending' } | { kind: 'error' } | { kind: 'answered'; status: PaymentStatus['status'] };
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
          return urlSucceeded ? 'confirming' : 'processing';
        case 'failed':
        case 'unknown':
          return 'issues';
      }
  }
}

/** The spec clears the cart when redirect_status is succeeded; a payment the server saw fail keeps it. */
export function shouldClearCart(redirectStatus: string | null, view: OrderResultView): boolean {
  return redirectStatus === 'succeeded' && (view === 'confirmed' || view === 'confirming');
}
