import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import { fold } from '../../../shared-kernel/decider';
import { chargeDue, checkEarlyAccess, clubMemberDecider, nextTryAt, payableShare, type MemberShare } from './club-member.decider';
import type { ClubMemberEvent, MemberCustomer } from './club-member.events';

const member = DeciderSpecification.for(clubMemberDecider);
const AT = '2026-12-01T01:00:00.000Z';
const CHARGE = '2026-12-10T01:00:00.000Z';
const customer: MemberCustomer = {
  name: 'Ruby',
  email: 'ruby@example.com',
  phone: '0412345678',
  addressLine1: '1 Hay Street',
  addressLine2: null,
  suburb: 'Perth',
  postCode: '6000',
  state: 'WA',
};
const holds = [{ productId: 'pale', quantity: 8 }];
const card = { paymentMethodId: 'pm_1', customerId: 'cus_1', brand: 'visa', last4: '4242' };

const joined: ClubMemberEvent = {
  type: 'ClubMemberJoined',
  data: {
    memberId: 'm1',
    planId: 'p1',
    planName: 'Monthly Eight',
    customer,
    fulfilment: { method: 'delivery' },
    setupIntentId: 'seti_1',
    joinedAt: AT,
  },
};
const saved: ClubMemberEvent = { type: 'ClubCardSaved', data: { setupIntentId: 'seti_1', ...card, at: AT } };
const inRun: ClubMemberEvent = { type: 'ClubRunJoined', data: { runId: 'r1', chargeAt: CHARGE, holds, at: AT } };
const opened: ClubMemberEvent = { type: 'ClubChargeOpened', data: { runId: 'r1', orderId: '42', at: CHARGE } };
const attempted = (attempt: number): ClubMemberEvent => ({ type: 'ClubChargeAttempted', data: { runId: 'r1', attempt, at: CHARGE } });
const declined = (attempt: number, nextTry: string | null, code = 'card_declined'): ClubMemberEvent => ({
  type: 'ClubChargeDeclined',
  data: { runId: 'r1', attempt, code, message: 'Your card was declined.', nextTryAt: nextTry, at: CHARGE },
});
const active = [joined, saved];
const charging = [...active, inRun, opened, attempted(1)];

describe('club member decider', () => {
  describe('joining and the card', () => {
    it('given nobody, when they join, then they are a member waiting for their card', () => {
      member
        .given([])
        .when({
          type: 'JoinClub',
          memberId: 'm1',
          planId: 'p1',
          planName: 'Monthly Eight',
          customer,
          fulfilment: { method: 'delivery' },
          setupIntentId: 'seti_1',
          at: AT,
        })
        .then([joined]);
      member.given([joined]).thenState((state) => expect(state.status).toBe('pending_card'));
    });
    it('given an active member, when the same address joins again, then it is refused (already_a_member)', () => {
      member
        .given(active)
        .when({
          type: 'JoinClub',
          memberId: 'm1',
          planId: 'p1',
          planName: 'Monthly Eight',
          customer,
          fulfilment: { method: 'pickup' },
          setupIntentId: 'seti_2',
          at: AT,
        })
        .thenThrows({ code: 'already_a_member', kind: 'conflict' });
    });
    it('given a join with its setup, when the same join is retried, then nothing changes', () => {
      member
        .given([joined])
        .when({
          type: 'JoinClub',
          memberId: 'm1',
          planId: 'p1',
          planName: 'Monthly Eight',
          customer,
          fulfilment: { method: 'delivery' },
          setupIntentId: 'seti_1',
          at: AT,
        })
        .then([]);
    });
    it('given a member waiting for a card, when it is saved, then they are active; saved again, nothing changes', () => {
      member.given([joined]).when({ type: 'SaveCard', setupIntentId: 'seti_1', card, at: AT }).then([saved]);
      member.given(active).when({ type: 'SaveCard', setupIntentId: 'seti_1', card, at: AT }).then([]);
      member.given(active).thenState((state) => expect(state.status).toBe('active'));
    });
    it('given a member, when a card from a setup they never opened is reported, then it is not theirs', () => {
      member.given([joined]).when({ type: 'SaveCard', setupIntentId: 'seti_other', card, at: AT }).then([]);
    });
    it('given a member past due, when a new card is saved, then they are active again', () => {
      member
        .given([
          ...charging,
          declined(1, null),
          { type: 'ClubMemberPastDue', data: { runId: 'r1', orderId: '42', at: AT } },
          { type: 'ClubCardUpdateStarted', data: { setupIntentId: 'seti_2', at: AT } },
        ])
        .when({ type: 'SaveCard', setupIntentId: 'seti_2', card: { ...card, paymentMethodId: 'pm_2', last4: '0341' }, at: AT })
        .thenState((state) => expect(state.status).toBe('active'));
    });
  });

  describe('runs', () => {
    it('given an active member, when a run reaches them, then their cans are held in it', () => {
      member.given(active).when({ type: 'JoinRun', runId: 'r1', chargeAt: CHARGE, holds, at: AT }).then([inRun]);
    });
    it('given a paused member, when a run reaches them, then they are in it and released at once', () => {
      member
        .given([...active, { type: 'ClubMemberPaused', data: { at: AT } }])
        .when({ type: 'JoinRun', runId: 'r1', chargeAt: CHARGE, holds, at: AT })
        .then([inRun, { type: 'ClubShareReleased', data: { runId: 'r1', reason: 'paused', at: AT } }]);
    });
    it('given a held share, when the member skips it, then it is skipped; skipping again changes nothing', () => {
      member
        .given([...active, inRun])
        .when({ type: 'SkipRun', runId: 'r1', at: AT })
        .then([{ type: 'ClubRunSkipped', data: { runId: 'r1', at: AT } }]);
      member
        .given([...active, inRun, { type: 'ClubRunSkipped', data: { runId: 'r1', at: AT } }])
        .when({ type: 'SkipRun', runId: 'r1', at: AT })
        .then([]);
    });
    it('given a skipped share before its charge, when the member takes it back, then it is held again; after the charge time, refused', () => {
      const skipped: ClubMemberEvent[] = [...active, inRun, { type: 'ClubRunSkipped', data: { runId: 'r1', at: AT } }];
      member
        .given(skipped)
        .when({ type: 'UnskipRun', runId: 'r1', at: AT })
        .then([{ type: 'ClubRunUnskipped', data: { runId: 'r1', at: AT } }]);
      member.given(skipped).when({ type: 'UnskipRun', runId: 'r1', at: CHARGE }).thenThrows({ code: 'club_run_already_charged' });
    });
    it('given a share being charged, when the member skips it, then it is refused (club_run_already_charged)', () => {
      member
        .given(charging)
        .when({ type: 'SkipRun', runId: 'r1', at: AT })
        .thenThrows({ code: 'club_run_already_charged', kind: 'conflict' });
    });
    it('given no such run, when the member skips it, then it is not found', () => {
      member.given(active).when({ type: 'SkipRun', runId: 'nope', at: AT }).thenThrows({ code: 'club_run_not_found' });
    });
    it('given a held share, when pausing, then the member is paused and the share released', () => {
      member
        .given([...active, inRun])
        .when({ type: 'PauseMembership', at: AT })
        .then([
          { type: 'ClubMemberPaused', data: { at: AT } },
          { type: 'ClubShareReleased', data: { runId: 'r1', reason: 'paused', at: AT } },
        ]);
    });
    it('given a share declined and waiting to be tried again, when the member cancels, then it ends with its order', () => {
      member
        .given([...charging, declined(1, nextTryAt(CHARGE, 1))])
        .when({ type: 'CancelMembership', at: AT })
        .then([
          { type: 'ClubMemberCancelled', data: { at: AT } },
          { type: 'ClubShareReleased', data: { runId: 'r1', reason: 'cancelled', at: AT, orderId: '42' } },
        ]);
    });
    const cancelled: ClubMemberEvent = { type: 'ClubMemberCancelled', data: { at: AT } };
    it.each([
      ['pending_card', [joined]],
      ['cancelled', [...active, cancelled]],
    ])('given a member %s, when pausing, then it is refused', (_status, events) => {
      member.given(events).when({ type: 'PauseMembership', at: AT }).thenThrows({ code: 'club_cannot_pause' });
    });
  });

  describe('charges', () => {
    it('given a held share of an active member with a card, when its charge opens, then the order is numbered', () => {
      member
        .given([...active, inRun])
        .when({ type: 'OpenCharge', runId: 'r1', orderId: '42', at: CHARGE })
        .then([opened]);
    });
    it('given a numbered share, when its charge opens again (a sweep after a crash), then nothing changes', () => {
      member
        .given([...active, inRun, opened])
        .when({ type: 'OpenCharge', runId: 'r1', orderId: '43', at: CHARGE })
        .then([]);
    });
    it('given a share still held by a member no longer active (a pause, say), when the charge opens, then the share is released instead', () => {
      member
        .given([...active, inRun, { type: 'ClubMemberPaused', data: { at: AT } }])
        .when({ type: 'OpenCharge', runId: 'r1', orderId: '42', at: CHARGE })
        .then([{ type: 'ClubShareReleased', data: { runId: 'r1', reason: 'paused', at: CHARGE } }]);
    });
    it('given a try recorded, when the same try is recorded again, then nothing changes; the next one is recorded', () => {
      member.given(charging).when({ type: 'AttemptCharge', runId: 'r1', attempt: 1, at: CHARGE }).then([]);
      member
        .given([...charging, declined(1, nextTryAt(CHARGE, 1))])
        .when({ type: 'AttemptCharge', runId: 'r1', attempt: 2, at: CHARGE })
        .then([attempted(2)]);
    });
    it.each([
      [1, '2026-12-11T01:00:00.000Z'],
      [2, '2026-12-13T01:00:00.000Z'],
      [3, '2026-12-17T01:00:00.000Z'],
      [4, null],
    ])('try %i declined: the next is due %s', (attempt, next) => {
      expect(nextTryAt(CHARGE, attempt)).toBe(next);
    });
    it('given the first try, when it is declined, then it is retried a day later', () => {
      member
        .given(charging)
        .when({ type: 'RecordDecline', runId: 'r1', attempt: 1, code: 'card_declined', message: 'Your card was declined.', at: CHARGE })
        .then([declined(1, '2026-12-11T01:00:00.000Z')]);
    });
    it('given the fourth try, when it is declined, then the member is past due', () => {
      const tries = [declined(1, 'a'), attempted(2), declined(2, 'b'), attempted(3), declined(3, 'c'), attempted(4)];
      const fourth = member
        .given([...charging, ...tries])
        .when({ type: 'RecordDecline', runId: 'r1', attempt: 4, code: 'card_declined', message: 'Your card was declined.', at: CHARGE });
      fourth.then([declined(4, null), { type: 'ClubMemberPastDue', data: { runId: 'r1', orderId: '42', at: CHARGE } }]);
      fourth.thenState((state) => expect(state.status).toBe('past_due'));
    });
    it('given a decline recorded, when it is reported again, then nothing changes', () => {
      member
        .given([...charging, declined(1, 'a')])
        .when({ type: 'RecordDecline', runId: 'r1', attempt: 1, code: 'card_declined', message: 'x', at: CHARGE })
        .then([]);
    });
    it('given a try needing authentication, then the share says so', () => {
      member
        .given([...charging, declined(1, 'a', 'authentication_required')])
        .thenState((state) => expect(state.status !== 'absent' && state.shares['r1']?.status).toBe('needs_authentication'));
    });
    it('given a share charging, when its order is paid, then it is charged once', () => {
      const charged: ClubMemberEvent = { type: 'ClubRunCharged', data: { runId: 'r1', orderId: '42', amountCents: 5800, at: CHARGE } };
      member.given(charging).when({ type: 'RecordCharged', runId: 'r1', orderId: '42', amountCents: 5800, at: CHARGE }).then([charged]);
      member
        .given([...charging, charged])
        .when({ type: 'RecordCharged', runId: 'r1', orderId: '42', amountCents: 5800, at: CHARGE })
        .then([]);
    });
  });

  it.each([
    ['held before its time', { status: 'held', chargeAt: CHARGE, nextTryAt: null }, '2026-12-10T00:59:59.999Z', false],
    ['held at its time', { status: 'held', chargeAt: CHARGE, nextTryAt: null }, CHARGE, true],
    [
      'declined before its retry',
      { status: 'declined', chargeAt: CHARGE, nextTryAt: '2026-12-11T01:00:00.000Z' },
      '2026-12-11T00:00:00.000Z',
      false,
    ],
    [
      'declined at its retry',
      { status: 'declined', chargeAt: CHARGE, nextTryAt: '2026-12-11T01:00:00.000Z' },
      '2026-12-11T01:00:00.000Z',
      true,
    ],
    ['charged', { status: 'charged', chargeAt: CHARGE, nextTryAt: null }, '2027-01-01T00:00:00.000Z', false],
    ['past due', { status: 'past_due', chargeAt: CHARGE, nextTryAt: null }, '2027-01-01T00:00:00.000Z', false],
  ])('a share %s is due a try: %s', (_what, share, at, due) => {
    expect(chargeDue(share as MemberShare, at)).toBe(due);
  });

  const pausedEvent: ClubMemberEvent = { type: 'ClubMemberPaused', data: { at: AT } };
  it.each([
    ['an active member with their own e-mail', active, 'RUBY@example.com', null],
    ['a paused member', [...active, pausedEvent], 'ruby@example.com', null],
    ['another e-mail address', active, 'someone@example.com', 'member_email_mismatch'],
    ['a member waiting for a card', [joined], 'ruby@example.com', 'invalid_member_link'],
    ['nobody', [], 'ruby@example.com', 'invalid_member_link'],
  ])('early access for %s: %s', (_who, events, email, refusal) => {
    const state = fold(clubMemberDecider, events);
    if (refusal === null) expect(() => checkEarlyAccess(state, email)).not.toThrow();
    else expect(() => checkEarlyAccess(state, email)).toThrow(expect.objectContaining({ code: refusal }) as Error);
  });

  it('a share may be paid on-session only once declined with its payment opened', () => {
    const attached: ClubMemberEvent = { type: 'ClubPaymentAttached', data: { runId: 'r1', paymentIntentId: 'pi_1' } };
    const state = (events: ClubMemberEvent[]) => {
      const folded = fold(clubMemberDecider, events);
      if (folded.status === 'absent') throw new Error('no member');
      return folded;
    };
    expect(payableShare(state([...charging, attached, declined(1, 'a')]), 'r1')).toMatchObject({ paymentIntentId: 'pi_1', orderId: '42' });
    expect(() => payableShare(state([...charging, attached]), 'r1')).toThrow(
      expect.objectContaining({ code: 'club_nothing_to_pay' }) as Error,
    );
    expect(() => payableShare(state([...charging, declined(1, 'a')]), 'r1')).toThrow(
      expect.objectContaining({ code: 'club_nothing_to_pay' }) as Error,
    );
    expect(() => payableShare(state(charging), 'nope')).toThrow(expect.objectContaining({ code: 'club_run_not_found' }) as Error);
  });
});
