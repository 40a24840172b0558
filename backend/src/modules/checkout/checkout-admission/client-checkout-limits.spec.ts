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
    const holds = [
      { id: '7', expiresAt: '2026-11-25T10:04:00.000Z' },
      { id: '8', expiresAt: '2026-11-25T10:02:00.000Z' },
    ];
    expect(() => limits.claimHold('bot', holds, 100, T0)).toThrow(
      expect.objectContaining({ code: 'checkout_holds_limited', retryAfterSeconds: 120 }) as Error,
    );
    expect(() => limits.claimHold('bot', holds.slice(1), 100, T0)).not.toThrow();
  });

  it('counts checkouts still in flight, so a burst of parallel requests stops at the cap', () => {
    const limits = new ClientCheckoutLimits({ ratePerMinute: 100, holdsPerClient: 2 });
    const outcomes = Array.from({ length: 24 }, () => {
      try {
        limits.claimHold('bot', [], 100, T0);
        return 'held';
      } catch {
        return 'refused';
      }
    });
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(2);
  });

  it('given a checkout in flight whose hold the read model already shows, then it counts once and the client may still hold a second', () => {
    const limits = new ClientCheckoutLimits({ ratePerMinute: 100, holdsPerClient: 2 });
    const first = limits.claimHold('bot', [], 100, T0);
    first.forOrder('41');
    // The first checkout's order is placed and projected while it is still creating its payment.
    const recorded = [{ id: '41', expiresAt: '2026-11-25T10:15:00.000Z' }];
    expect(() => limits.claimHold('bot', recorded, 120, T0)).not.toThrow();
    expect(() => limits.claimHold('bot', recorded, 120, T0)).toThrow(CheckoutLimitError);
  });

  it('given a checkout that answered before the read model applied its events, then it still counts until it has, and then as the recorded hold', () => {
    const limits = new ClientCheckoutLimits({ ratePerMinute: 100, holdsPerClient: 1 });
    const first = limits.claimHold('c', [], 100, T0);
    first.forOrder('41');
    limits.claimHold('other', [], 100, T0).settle(null, T0);
    first.settle(130, T0);
    // The read model is at 120: the hold of order 41 is not there yet, the claim still counts.
    expect(() => limits.claimHold('c', [], 120, T0)).toThrow(CheckoutLimitError);
    // At 130 it is there: it counts as the recorded hold, once.
    const recorded = [{ id: '41', expiresAt: '2026-11-25T10:15:00.000Z' }];
    expect(() => limits.claimHold('c', recorded, 130, T0)).toThrow(CheckoutLimitError);
    // Its hold ended (paid or expired): the client may start another.
    expect(() => limits.claimHold('c', [], 131, T0)).not.toThrow();
  });

  it('given two callers whose reads of the holds differ, then each counts a settled checkout by its own read, so the older read cannot slip past the cap', () => {
    const limits = new ClientCheckoutLimits({ ratePerMinute: 100, holdsPerClient: 2 });
    limits.claimHold('c', [], 100, T0).forOrder('1');
    const second = limits.claimHold('c', [], 100, T0);
    second.forOrder('2');
    second.settle(200, T0);
    // A caller whose read (at 200) shows order 2's hold: the cap is reached.
    expect(() => limits.claimHold('c', [{ id: '2', expiresAt: '2026-11-25T10:15:00.000Z' }], 200, T0)).toThrow(CheckoutLimitError);
    // One whose read (at 150) was made before that hold was projected: it still counts the checkout by its claim.
    expect(() => limits.claimHold('c', [], 150, T0)).toThrow(CheckoutLimitError);
  });

  it('given a checkout that replaces the browser’s earlier one, then neither the earlier hold nor its claim counts', () => {
    const limits = new ClientCheckoutLimits({ ratePerMinute: 100, holdsPerClient: 1 });
    const earlier = limits.claimHold('c', [], 100, T0);
    earlier.forOrder('7');
    earlier.settle(300, T0);
    const recorded = [{ id: '7', expiresAt: '2026-11-25T10:15:00.000Z' }];
    expect(() => limits.claimHold('c', recorded, 250, T0)).toThrow(CheckoutLimitError);
    expect(() => limits.claimHold('c', recorded, 250, T0, ['7'])).not.toThrow();
  });

  it('a checkout that wrote nothing frees its place at once, and settling twice changes nothing', () => {
    const limits = new ClientCheckoutLimits({ ratePerMinute: 100, holdsPerClient: 1 });
    const claim = limits.claimHold('c', [], 100, T0);
    expect(() => limits.claimHold('c', [], 100, T0)).toThrow(CheckoutLimitError);
    claim.settle(null, T0);
    claim.settle(500, T0);
    const again = limits.claimHold('c', [], 100, T0);
    expect(() => limits.claimHold('c', [], 100, T0)).toThrow(CheckoutLimitError);
    again.settle(null, T0);
  });

  it('given read models that never reach a settled checkout, then its place is freed a minute after it settled', () => {
    const limits = new ClientCheckoutLimits({ ratePerMinute: 100, holdsPerClient: 1 });
    limits.claimHold('c', [], 100, T0).settle(200, T0);
    expect(() => limits.claimHold('c', [], 100, T0 + 60_000)).toThrow(CheckoutLimitError);
    expect(() => limits.claimHold('c', [], 100, T0 + 60_001)).not.toThrow();
  });
});
