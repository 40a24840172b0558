/** The checkout's toasts, word for word from the spec (sections 2, 5 and 8). */
export const CheckoutToasts = {
  invalidPack: { title: 'Invalid Pack Size', description: 'Please complete your pack before checkout.' },
  missingInformation: { title: 'Missing Information', description: 'Please fill in all required fields.' },
  paymentSuccessful: { title: 'Payment Successful', description: 'Thank you for your purchase!' },
  paymentFailedTitle: 'Payment Failed',
  paymentErrorTitle: 'Payment Error',
  unexpectedPaymentError: (message: string) => `Safari error: ${message}. Try Chrome or reload page.`,
  /** Any refusal before the card form (stock, prices, address): the server's own sentence follows. */
  checkoutFailedTitle: 'Checkout Failed',
} as const;

export const TEST_MODE_TITLE = 'Test mode — no real payment';

/** The local gateway's cards, the same numbers Stripe's test mode answers. */
export const TEST_CARDS: readonly { number: string; outcome: string }[] = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficient funds' },
];

/** Where a completed payment goes next: the order result page reads this as `redirect_status`. */
export type PaymentRedirectStatus = 'succeeded' | 'processing';
