import { CheckoutLimitError, ClientCheckoutLimits } from './client-checkout-limits';

const T0 = Date.parse('2026-11-25T10:00:00.000Z');

describe('ClientCheckoutLimits', () => {
  it('given 10 attempts a minute, then the 11th within the minute is refused until the oldest is a minute old', () => {
    const limits = new ClientCheckoutLimits({ ratePerMinute: 10, holdsPerClient: 2 });
    for (let i = 0; i < 10; i++) limits.countAttempt('bot', T0 + i * 1000);
    let refusal: unknown;
    try {
      limits.countAttempt('bot', T0 + 10_000);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(CheckoutLimitError);
    expect(refusal).toMatchObject({ code: 'checkout_rate_limited', retryAfterSeconds: 50 });
    // Another client is not held back, and the bot may try again once its oldest attempt is a minute old.
    expect(() => limits.countAttempt('shopper', T0 + 10_000)).not.toThrow();
    expect(() => limits.countAttempt('bot', T0 + 60_000)).not.toThrow();
  });

  it('given holds already recorded, then a claim beyond the cap is refused until the soonest hold ends', () => {
    const limits = new ClientCheckoutLimits({ ratePerMinute: 10, holdsPerClient: 2 });
    const holds = [{ expiresAt: '2026-11-25T10:04:00.000Z' }, { expiresAt: '2026-11-25T10:02:00.000Z' }];
    expect(() => limits.claimHold('bot', holds, T0)).toThrow(
      expect.objectContaining({ code: 'checkout_holds_limited', retryAfterSeconds: 120 }) as Error,
    );
    expect(() => limits.claimHold('bot', holds.slice(1), T0)).not.toThrow();
  });

  it('counts checkouts still in flight, so a burst of parallel requests stops at the cap', () => {
    const limits = new ClientCheckoutLimits({ ratePerMinute: 100, holdsPerClient: 2 });
    const outcomes = Array.from({ length: 24 }, () => {
      try {
        limits.claimHold('bot', [], T0);
        return 'held';
      } catch {
        return 'refused';
      }
    });
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(2);
  });

  it('a claim given back frees its place, once only', () => {
    const limits = new ClientCheckoutLimits({ ratePerMinute: 100, holdsPerClient: 1 });
    const giveBack = limits.claimHold('c', [], T0);
    expect(() => limits.claimHold('c', [], T0)).toThrow(CheckoutLimitError);
    giveBack();
    giveBack();
    const again = limits.claimHold('c', [], T0);
    expect(() => limits.claimHold('c', [], T0)).toThrow(CheckoutLimitError);
    again();
  });
});
