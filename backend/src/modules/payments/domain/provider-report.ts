import type { ProviderOutcomeKind } from './payment.events';

/** What a provider says of an intent's money, in cents (Stripe: amount, amount_capturable, amount_received). */
export interface ProviderAmounts {
  amountCents: number;
  capturableCents: number;
  receivedCents: number;
}

/**
 * The cents a provider's report of `outcome` is for: what it can capture once authorised, what it received once it
 * succeeded, the intent's amount otherwise (and whenever the provider leaves the figure at 0). One rule for a webhook's
 * report and a recovery's, so both record the same payment alike.
 */
export function outcomeAmountCents(outcome: ProviderOutcomeKind, amounts: ProviderAmounts): number {
  switch (outcome) {
    case 'authorised':
      return amounts.capturableCents || amounts.amountCents;
    case 'succeeded':
      return amounts.receivedCents || amounts.amountCents;
    default:
      return amounts.amountCents;
  }
}

/** What a provider's intent status says happened (Stripe's words), or null when nothing has yet. */
export function providerOutcomeOf(status: string, declined: boolean): ProviderOutcomeKind | null {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_capture':
      return 'authorised';
    case 'canceled':
      return 'cancelled';
    case 'requires_payment_method':
      return declined ? 'failed' : null;
    default:
      return null;
  }
}
