/**
 * The local test gateway's cards, as Stripe's test mode answers them. Any other number is refused as
 * Stripe refuses a number that is not a test card (no charge attempt, so no payment event).
 */
export type TestCardOutcome =
  { kind: 'succeeded' } | { kind: 'failed'; code: string; declineCode: string; message: string } | { kind: 'invalid'; message: string };

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Saves, and then every charge is declined (Stripe: "attaching succeeds, charges fail"). */
  declinesLater: '4000000000000341',
  /** Saves, and then needs the cardholder to authenticate each charge made without them (Stripe's 3DS "required" card). */
  authenticatesLater: '4000002760003184',
} as const;

const DECLINED = { kind: 'failed', code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } as const;
const AUTHENTICATION_REQUIRED = {
  kind: 'failed',
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card needs you to authenticate this payment: pay it from the link we e-mailed you.',
} as const;

/** Saving a card for later (a SetupIntent): the cards that charge, decline later or authenticate later all save. */
export function setupCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (digits === TEST_CARDS.declinesLater || digits === TEST_CARDS.authenticatesLater) return { kind: 'succeeded' };
  return testCardOutcome(cardNumber);
}

/** A charge of a saved card with the customer away (a club run). */
export function offSessionOutcome(cardNumber: string): TestCardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (digits === TEST_CARDS.declinesLater) return DECLINED;
  if (digits === TEST_CARDS.authenticatesLater) return AUTHENTICATION_REQUIRED;
  return testCardOutcome(cardNumber);
}

export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  switch (digits) {
    case TEST_CARDS.success:
      return { kind: 'succeeded' };
    case TEST_CARDS.declined:
    case TEST_CARDS.declinesLater:
      return DECLINED;
    case TEST_CARDS.authenticatesLater:
      // The customer is there to authenticate: it goes through.
      return { kind: 'succeeded' };
    case TEST_CARDS.insufficientFunds:
      return { kind: 'failed', code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' };
    default:
      return {
        kind: 'invalid',
        message:
          'Your card number is incorrect. In test mode use 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined) or 4000 0000 0000 9995 (insufficient funds).',
      };
  }
}
