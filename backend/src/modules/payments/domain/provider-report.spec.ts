import { outcomeAmountCents, providerOutcomeOf } from './provider-report';

describe("a provider's report of a payment", () => {
  it.each<[Parameters<typeof outcomeAmountCents>[0], { amountCents: number; capturableCents: number; receivedCents: number }, number]>([
    ['authorised', { amountCents: 3200, capturableCents: 3200, receivedCents: 0 }, 3200],
    ['authorised', { amountCents: 3200, capturableCents: 3000, receivedCents: 0 }, 3000],
    ['authorised', { amountCents: 3200, capturableCents: 0, receivedCents: 0 }, 3200],
    ['succeeded', { amountCents: 3200, capturableCents: 0, receivedCents: 3100 }, 3100],
    ['succeeded', { amountCents: 3200, capturableCents: 0, receivedCents: 0 }, 3200],
    ['failed', { amountCents: 3200, capturableCents: 0, receivedCents: 0 }, 3200],
    ['cancelled', { amountCents: 3200, capturableCents: 3200, receivedCents: 0 }, 3200],
  ])('given %s with %j, then it is for %i cents', (outcome, amounts, cents) => {
    expect(outcomeAmountCents(outcome, amounts)).toBe(cents);
  });

  it.each<[string, boolean, string | null]>([
    ['succeeded', false, 'succeeded'],
    ['requires_capture', false, 'authorised'],
    ['canceled', false, 'cancelled'],
    ['requires_payment_method', true, 'failed'],
    ['requires_payment_method', false, null],
    ['processing', false, null],
  ])('given the status %s (declined: %s), then the outcome is %j', (status, declined, outcome) => {
    expect(providerOutcomeOf(status, declined)).toBe(outcome);
  });
});
