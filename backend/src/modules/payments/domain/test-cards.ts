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
} as const;

export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  switch (digits) {
    case TEST_CARDS.success:
      return { kind: 'succeeded' };
    case TEST_CARDS.declined:
      return { kind: 'failed', code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' };
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
