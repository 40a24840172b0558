import { HeldPerClient, PerClientCapError } from './per-client-cap';

const rule = { limit: 2, message: 'Two at once', code: 'too_many_pending' };
const NOW = Date.parse('2026-11-23T01:00:00.000Z');
const inAnHour = '2026-11-23T02:00:00.000Z';

describe('what one client holds at once (HeldPerClient)', () => {
  it('given the read models show the client at its cap, then one more is refused with 429 and the seconds until the first ends', () => {
    const held = new HeldPerClient(rule);
    const refused = (() => {
      try {
        held.claim('a', [inAnHour, '2026-11-23T03:00:00.000Z'], 10, NOW);
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(PerClientCapError);
    expect([(refused as PerClientCapError).getStatus(), (refused as PerClientCapError).retryAfterSeconds]).toEqual([429, 3600]);
    expect((refused as PerClientCapError).getResponse()).toEqual({ message: 'Two at once', code: 'too_many_pending' });
    // Another client is not held back
    expect(() => held.claim('b', [inAnHour], 10, NOW)).not.toThrow();
  });

  it('counts claims still being recorded: a parallel burst stops at the cap', () => {
    const held = new HeldPerClient(rule);
    held.claim('a', [], 10, NOW);
    held.claim('a', [], 10, NOW);
    expect(() => held.claim('a', [], 10, NOW)).toThrow(PerClientCapError);
  });

  it('counts a settled claim until the read models have applied its write, then only what they show', () => {
    const held = new HeldPerClient(rule);
    held.claim('a', [], 10, NOW).settle(12);
    held.claim('a', [], 10, NOW).settle(null);
    // Read at position 11: the write at 12 is not shown yet, so the claim still counts
    expect(() => held.claim('a', [inAnHour], 11, NOW)).toThrow(PerClientCapError);
    // Read at 12: the read models show it, and count it themselves
    expect(() => held.claim('a', [inAnHour], 12, NOW)).not.toThrow();
  });

  it('forgets a settled claim after a minute even if the read models never show it', () => {
    const held = new HeldPerClient(rule);
    held.claim('a', [], 10, NOW).settle(50);
    expect(() => held.claim('a', [inAnHour], 10, NOW + 60_001)).not.toThrow();
  });
});
