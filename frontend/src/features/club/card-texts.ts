import { ApiError } from '@/shared/api/api-error';

/** A card to save for the club's charges (a SetupIntent), or a run to pay now (a PaymentIntent). */
export interface CardIntent {
  kind: 'setup' | 'payment';
  id: string;
  clientSecret: string;
}

export const TEST_MODE_TITLE = 'Test mode — no real card is saved or charged';

export interface TestCard {
  number: string;
  outcome: string;
}

/** Cards the local test gateway saves or refuses (Stripe's own test numbers), for the club's card step. */
export const SETUP_TEST_CARDS: readonly TestCard[] = [
  { number: '4242 4242 4242 4242', outcome: 'saves; charges go through' },
  { number: '4000 0000 0000 0341', outcome: 'saves; later charges are declined' },
  { number: '4000 0027 6000 3184', outcome: 'saves; later charges need authentication' },
  { number: '4000 0000 0000 0002', outcome: 'refused' },
];

/** Cards for paying a run now. */
export const PAYMENT_TEST_CARDS: readonly TestCard[] = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
];

/** What the card field says when the gateway refuses the number typed, after the gateway's own words. */
export const CARD_NUMBER_REFUSED_HINT = 'Check the number and try again.';

/** A card's confirmation as the card step reads it: saved or paid, or refused with the provider's words. */
export type CardResult = { ok: true } | { ok: false; message: string };

/** Saved: the local gateway's SetupIntent came back `succeeded`; anything else is said in the gateway's words. */
export function setupResultOf(result: { setupIntent: { status: string }; error: { message: string } | null }): CardResult {
  if (result.error !== null) return { ok: false, message: result.error.message };
  if (result.setupIntent.status === 'succeeded') return { ok: true };
  return { ok: false, message: `The card was not saved (${result.setupIntent.status}).` };
}

/** The payment statuses that mean the money is on its way (the shop may capture it after). */
const PAID_STATUSES: ReadonlySet<string> = new Set(['succeeded', 'requires_capture', 'processing']);

/** Paid: the local gateway's PaymentIntent went through; anything else in the gateway's words. */
export function paymentResultOf(result: { paymentIntent: { status: string }; error: { message: string } | null }): CardResult {
  if (PAID_STATUSES.has(result.paymentIntent.status)) return { ok: true };
  if (result.error !== null) return { ok: false, message: result.error.message };
  return { ok: false, message: `The payment was not completed (${result.paymentIntent.status}).` };
}

/** Whether a refusal is about the number typed (mistyped, not a test card): said on the field. */
export function isCardNumberRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'incorrect_number' || 'cardNumber' in error.fields);
}

/** The words for a card number refused by the gateway. */
export function cardNumberRefusalText(error: ApiError): string {
  return `${error.fields['cardNumber'] ?? error.serverMessage} ${CARD_NUMBER_REFUSED_HINT}`;
}
