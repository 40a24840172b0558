import { describe, expect, it } from 'vitest';
import { pollDelay, POLL_MS } from './api/club';
import { memberFixture as memberView, shareFixture as share } from './club.fixture';
import { canPayNow, canSkip, canUndoSkip, cardUpdated, joined, pauseAction, sharePaid, statusNote } from './club-rules';

const NOW = Date.parse('2026-11-25T04:00:00.000Z');

describe('waiting for the server after a card or a payment', () => {
  it('counts a member as joined once they are no longer waiting for their card', () => {
    expect(joined(memberView({ status: 'pending_card', card: null }))).toBe(false);
    expect(joined(memberView({ status: 'active' }))).toBe(true);
    expect(joined(memberView({ status: 'past_due' }))).toBe(true);
  });

  it('settles a card update once another card shows, not before; a past-due member also once active again', () => {
    const before = memberView({ card: { brand: 'visa', last4: '0341' } });
    expect(cardUpdated(before)(before)).toBe(false);
    expect(cardUpdated(before)(memberView({ card: { brand: 'visa', last4: '4242' } }))).toBe(true);
    const pastDue = memberView({ status: 'past_due', card: { brand: 'visa', last4: '0341' } });
    expect(cardUpdated(pastDue)(memberView({ status: 'past_due', card: { brand: 'visa', last4: '4242' } }))).toBe(false);
    expect(cardUpdated(pastDue)(memberView({ status: 'active', card: { brand: 'visa', last4: '4242' } }))).toBe(true);
    // The same card saved again: its digits do not change, the status does.
    expect(cardUpdated(pastDue)(memberView({ status: 'active', card: { brand: 'visa', last4: '0341' } }))).toBe(true);
    const pending = memberView({ status: 'pending_card', card: null });
    expect(cardUpdated(pending)(memberView({ status: 'pending_card', card: null }))).toBe(false);
    expect(cardUpdated(pending)(memberView({ status: 'active' }))).toBe(true);
  });

  it('settles a payment once that run is charged or packed', () => {
    const paid = sharePaid('run-2');
    expect(paid(memberView({ runs: [share({ runId: 'run-2', status: 'declined' })] }))).toBe(false);
    expect(paid(memberView({ runs: [share({ runId: 'run-1', status: 'charged' })] }))).toBe(false);
    expect(paid(memberView({ runs: [share({ runId: 'run-2', status: 'charged' })] }))).toBe(true);
    expect(paid(memberView({ runs: [share({ runId: 'run-2', status: 'packed' })] }))).toBe(true);
  });

  it('asks again every 700 ms while the wait lasts and the member is not as awaited', () => {
    const watch = { settled: joined, until: NOW + 15_000 };
    expect(POLL_MS).toBe(700);
    expect(pollDelay(undefined, watch, NOW)).toBe(700);
    expect(pollDelay(memberView({ status: 'pending_card' }), watch, NOW)).toBe(700);
    expect(pollDelay(memberView({ status: 'active' }), watch, NOW)).toBe(false);
    expect(pollDelay(memberView({ status: 'pending_card' }), watch, NOW + 15_000)).toBe(false);
    expect(pollDelay(memberView(), null, NOW)).toBe(false);
  });
});

describe('what the member may do with a run', () => {
  it('offers Skip while the cans are held, Undo skip while a skip’s charge is still to come, Pay now after a refusal', () => {
    expect(canSkip(share({ status: 'held' }), 'active')).toBe(true);
    expect(canSkip(share({ status: 'charging' }), 'active')).toBe(false);
    expect(canSkip(share({ status: 'held' }), 'cancelled')).toBe(false);
    expect(canUndoSkip(share({ status: 'skipped' }), 'active', NOW)).toBe(true);
    expect(canUndoSkip(share({ status: 'skipped', chargeAt: '2026-11-24T00:00:00.000Z' }), 'active', NOW)).toBe(false);
    expect(canUndoSkip(share({ status: 'held' }), 'active', NOW)).toBe(false);
    expect(canPayNow(share({ status: 'declined' }), 'active')).toBe(true);
    expect(canPayNow(share({ status: 'needs_authentication' }), 'past_due')).toBe(true);
    expect(canPayNow(share({ status: 'charged' }), 'active')).toBe(false);
    expect(canPayNow(share({ status: 'declined' }), 'cancelled')).toBe(false);
  });

  it('offers Pause to an active member and Resume to a paused one', () => {
    expect(pauseAction('active')).toBe('pause');
    expect(pauseAction('paused')).toBe('resume');
    expect(pauseAction('past_due')).toBeNull();
    expect(pauseAction('cancelled')).toBeNull();
  });

  it('says what a waiting, paused, past-due or cancelled membership asks of the member', () => {
    expect(statusNote('active')).toBeNull();
    expect(statusNote('past_due')).toMatch(/Update your card/);
    expect(statusNote('pending_card')).toMatch(/card is saved/);
  });
});
