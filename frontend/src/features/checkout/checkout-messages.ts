import { CELLAR_DOOR_HOURS, COLLECTION_REMINDER } from '@brewery/shop-rules';

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

/** While the shop turns checkouts away (503 shop_busy): the page counts down and tries again by itself. */
export const BusyTexts = {
  // A no-break space keeps the number and its unit on one line.
  waiting: (seconds: number) => `The shop is very busy: trying again in ${seconds}\u00a0s`,
  retrying: 'The shop is very busy: trying again now',
  stop: 'Stop trying',
} as const;

/** Under the server's own sentence when it asks this browser to wait (429). */
export const tryAgainInText = (seconds: number) => `You can try again in ${seconds}\u00a0s`;

/** The payment step's hold on the reserved cans. */
export const HoldTexts = {
  left: (clock: string) => `Your cans are held for ${clock}`,
  ended: 'Your hold on these cans has ended, so this payment can no longer be completed. Nothing was charged.',
  /** The server's word when a payment arrives for a checkout it already closed; Stripe does not give one. */
  checkoutEnded: 'This checkout has ended (it expired or was replaced), so it can no longer be paid. Nothing was charged.',
  checkAgain: 'Check my pack again',
} as const;

/** Collecting the order at the brewery's cellar door instead of having it delivered. */
export const PickupTexts = {
  deliver: 'Deliver',
  collect: 'Collect from the cellar door (free)',
  /** The law asks for the same of a collector as of whoever receives a delivery. */
  photoId: COLLECTION_REMINDER,
  chooseDay: 'Please choose a Saturday to collect your order',
  dayClosed: 'That Saturday can no longer be chosen: please choose another',
  /** The summary's line before a Saturday is chosen. */
  noDayYet: `Collect from the cellar door on a Saturday, ${CELLAR_DOOR_HOURS}: choose your collection day`,
} as const;

/** The server's refusals of a club member's early access at checkout (its own sentences are shown). */
export const MemberRefusals = {
  /** 400: the club link kept in this browser is not a member's any more. */
  invalidLink: 'invalid_member_link',
  /** 409: early access is for the member's own e-mail address (the server names it, masked). */
  emailMismatch: 'member_email_mismatch',
} as const;
