import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import {
  CONFIRM_WITHIN_MS,
  CONFIRMATIONS_PER_DAY,
  RESEND_AFTER_MS,
  WAITLIST_LIMIT,
  hasLapsed,
  waitlistDecider,
  type WaitlistCommand,
} from './waitlist.decider';
import type { WaitlistEvent } from './waitlist.events';

const AT = '2026-11-24T01:00:00.000Z';
const plus = (ms: number, from = AT): string => new Date(Date.parse(from) + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const requested = (email: string, at = AT, client: string | null = 'client-a'): WaitlistEvent => ({
  type: 'BackInStockRequested',
  data: { email, requestedAt: at, confirmBy: plus(CONFIRM_WITHIN_MS, at), client },
});
const confirmed = (email: string, at = plus(5 * MINUTE)): WaitlistEvent => ({
  type: 'BackInStockConfirmed',
  data: { email, confirmedAt: at },
});
const resent = (email: string, at: string): WaitlistEvent => ({
  type: 'BackInStockConfirmationResent',
  data: { email, sentAt: at, confirmBy: plus(CONFIRM_WITHIN_MS, at) },
});
const told = (email: string, at = plus(HOUR)): WaitlistEvent => ({ type: 'BackInStockTold', data: { email, toldAt: at, available: 24 } });
/** A sign-up recorded before addresses confirmed: on the list at once. */
const legacy = (email: string): WaitlistEvent => ({
  type: 'BackInStockRequested',
  data: { email, requestedAt: '2026-11-20T01:00:00.000Z' },
});

/** A sold-out beer's list asked to hold an address. */
const ask = (email: string, at = AT, beer: { onSale: boolean; available: number } = { onSale: true, available: 0 }): WaitlistCommand => ({
  type: 'AskToBeTold',
  email,
  at,
  beer: 'Hazy IPA',
  client: 'client-a',
  ...beer,
});
const confirm = (email: string, sentAt = AT, at = plus(5 * MINUTE)): WaitlistCommand => ({ type: 'ConfirmSignUp', email, sentAt, at });
const tell = (onSale: boolean, available: number, at = plus(HOUR)): WaitlistCommand => ({ type: 'TellWaiting', at, onSale, available });
const remove = (emails: string[], reason: string | null = 'made-up address', at = plus(2 * HOUR)): WaitlistCommand => ({
  type: 'RemoveFromWaitlist',
  emails,
  reason,
  at,
});

const waitlist = DeciderSpecification.for(waitlistDecider);

describe('back-in-stock list (waitlist decider)', () => {
  describe('a sign-up is pending until its address confirms', () => {
    it('given no one, when an address asks, then its sign-up is pending (as typed, trimmed), with 48 hours to confirm and the client that asked', () => {
      waitlist
        .given([])
        .when(ask(' Ada@Example.com '))
        .then([requested('Ada@Example.com')]);
      waitlist.given([requested('Ada@Example.com')]).thenState((state) =>
        expect(state.entries['ada@example.com']).toMatchObject({
          status: 'pending',
          confirmBy: '2026-11-26T01:00:00.000Z',
        }),
      );
    });

    it('given a pending sign-up, when its link is used within 48 hours, then the address is confirmed; the link again changes nothing', () => {
      waitlist
        .given([requested('Ada@Example.com')])
        .when(confirm('ada@example.com'))
        .then([confirmed('Ada@Example.com')]);
      waitlist
        .given([requested('Ada@Example.com'), confirmed('Ada@Example.com')])
        .when(confirm('ada@example.com'))
        .then([]);
    });

    it('given a pending sign-up, when its link is used 48 hours after it was sent, then it is refused (confirmation_expired): the sign-up lapsed', () => {
      const lateBy = confirm('ada@example.com', AT, plus(CONFIRM_WITHIN_MS));
      waitlist
        .given([requested('ada@example.com')])
        .when(lateBy)
        .thenThrows({ code: 'confirmation_expired' });
      waitlist
        .given([requested('ada@example.com')])
        .when(confirm('ada@example.com', AT, plus(CONFIRM_WITHIN_MS - 1)))
        .then((events) => expect(events).toHaveLength(1));
      waitlist.given([requested('ada@example.com')]).thenState((state) => {
        const entry = state.entries['ada@example.com'];
        expect(entry && [hasLapsed(entry, plus(CONFIRM_WITHIN_MS - 1)), hasLapsed(entry, plus(CONFIRM_WITHIN_MS))]).toEqual([false, true]);
      });
    });

    it('given a lapsed sign-up, when the address asks again, then it is a new pending sign-up, and the old link is out of date', () => {
      const again = plus(CONFIRM_WITHIN_MS + HOUR);
      waitlist
        .given([requested('ada@example.com')])
        .when(ask('ada@example.com', again))
        .then([requested('ada@example.com', again)]);
      waitlist
        .given([requested('ada@example.com'), requested('ada@example.com', again)])
        .when(confirm('ada@example.com', AT, plus(HOUR, again)))
        .thenThrows({ code: 'confirmation_expired' });
    });

    it('given no sign-up for the address, when a signed link is used, then it is refused (confirmation_expired)', () => {
      waitlist
        .given([requested('grace@example.com')])
        .when(confirm('ada@example.com'))
        .thenThrows({ code: 'confirmation_expired' });
    });

    it('given a confirmed address, when it asks again, then it is one request: nothing is sent', () => {
      waitlist
        .given([requested('ada@example.com'), confirmed('ada@example.com')])
        .when(ask('ADA@example.com', plus(HOUR)))
        .then([]);
    });
  });

  describe('asking again while pending re-sends, at most once in a while and a few times a day', () => {
    it(`given a pending sign-up, when asked again within ${RESEND_AFTER_MS / MINUTE} minutes, then nothing is sent; after that, a new link with 48 hours from it`, () => {
      waitlist
        .given([requested('ada@example.com')])
        .when(ask('ada@example.com', plus(RESEND_AFTER_MS - 1)))
        .then([]);
      const at = plus(RESEND_AFTER_MS);
      waitlist
        .given([requested('Ada@example.com')])
        .when(ask('ada@example.com', at))
        .then([resent('Ada@example.com', at)]);
      waitlist
        .given([requested('ada@example.com'), resent('ada@example.com', at)])
        .thenState((state) => expect(state.entries['ada@example.com']?.confirmBy).toBe(plus(CONFIRM_WITHIN_MS, at)));
    });

    it(`given ${CONFIRMATIONS_PER_DAY} confirmation e-mails to the address in the last 24 hours, when it asks again, then nothing is sent until the first is a day old`, () => {
      const history = [requested('ada@example.com'), resent('ada@example.com', plus(HOUR)), resent('ada@example.com', plus(2 * HOUR))];
      waitlist
        .given(history)
        .when(ask('ada@example.com', plus(3 * HOUR)))
        .then([]);
      waitlist
        .given(history)
        .when(ask('ada@example.com', plus(24 * HOUR - 1)))
        .then([]);
      waitlist
        .given(history)
        .when(ask('ada@example.com', plus(24 * HOUR)))
        .then([resent('ada@example.com', plus(24 * HOUR))]);
    });

    it("given the day's confirmation e-mails to an address spent and its sign-up removed, when it asks again that day, then no new sign-up is mailed", () => {
      const history = [
        requested('ada@example.com'),
        resent('ada@example.com', plus(HOUR)),
        resent('ada@example.com', plus(2 * HOUR)),
        { type: 'BackInStockRemoved', data: { email: 'ada@example.com', removedAt: plus(3 * HOUR), reason: null } } as WaitlistEvent,
      ];
      waitlist
        .given(history)
        .when(ask('ada@example.com', plus(4 * HOUR)))
        .then([]);
      waitlist
        .given(history)
        .when(ask('ada@example.com', plus(HOUR, plus(24 * HOUR))))
        .then([requested('ada@example.com', plus(HOUR, plus(24 * HOUR)))]);
    });

    it('given a link re-sent, when the first link is used, then it confirms too (each link works 48 hours from its own e-mail)', () => {
      const at = plus(HOUR);
      waitlist
        .given([requested('ada@example.com'), resent('ada@example.com', at)])
        .when(confirm('ada@example.com', AT, plus(2 * HOUR)))
        .then([confirmed('ada@example.com', plus(2 * HOUR))]);
    });
  });

  describe('the cap counts confirmed addresses only', () => {
    const keen = (n: number): WaitlistEvent[] => [requested(`keen${n}@example.com`), confirmed(`keen${n}@example.com`)];
    const full = Array.from({ length: WAITLIST_LIMIT }, (_, n) => keen(n)).flat();

    it(`given ${WAITLIST_LIMIT} pending sign-ups, when another address asks or one confirms, then it is taken: pending ones fill nothing`, () => {
      const pending = Array.from({ length: WAITLIST_LIMIT }, (_, n) => requested(`typed${n}@example.com`));
      waitlist
        .given(pending)
        .when(ask('real@example.com'))
        .then([requested('real@example.com')]);
      waitlist
        .given(pending)
        .when(confirm('typed7@example.com'))
        .then((events) => expect(events).toHaveLength(1));
    });

    it(`given ${WAITLIST_LIMIT} confirmed, when another address asks, then it is refused (list_full); a confirmed one asking again is still one request`, () => {
      waitlist.given(full).when(ask('late@example.com')).thenThrows({ code: 'list_full' });
      waitlist.given(full).when(ask('keen7@example.com')).then([]);
    });

    it(`given a pending sign-up and then ${WAITLIST_LIMIT} confirmed, when it confirms, then it is refused (list_full)`, () => {
      waitlist
        .given([requested('late@example.com'), ...full])
        .when(confirm('late@example.com'))
        .thenThrows({ code: 'list_full' });
    });

    it('given sign-ups recorded before addresses confirmed, then they count as confirmed: told, and counted toward the cap', () => {
      waitlist
        .given([legacy('Old@example.com')])
        .when(tell(true, 24))
        .then([told('Old@example.com')]);
      const old = Array.from({ length: WAITLIST_LIMIT }, (_, n) => legacy(`old${n}@example.com`));
      waitlist.given(old).when(ask('late@example.com')).thenThrows({ code: 'list_full' });
    });
  });

  describe('telling the list', () => {
    it('given confirmed and pending addresses, when the beer is on sale with cans, then each confirmed one is told once, with the cans there are; pending ones are not', () => {
      const history = [
        requested('Ada@Example.com'),
        confirmed('Ada@Example.com'),
        requested('grace@example.com'),
        requested('alan@example.com'),
        confirmed('alan@example.com'),
      ];
      waitlist
        .given(history)
        .when(tell(true, 24))
        .then([told('Ada@Example.com'), told('alan@example.com')]);
    });

    it.each([
      { given: 'still sold out', onSale: true, available: 0 },
      { given: 'oversold (a recount below the holds)', onSale: true, available: -4 },
      { given: 'not on sale (draft, archived or not released yet)', onSale: false, available: 24 },
    ])('given confirmed addresses and the beer $given, then no one is told', ({ onSale, available }) => {
      waitlist
        .given([requested('ada@example.com'), confirmed('ada@example.com')])
        .when(tell(onSale, available))
        .then([]);
    });

    it('given addresses told, when the beer is back again, then no one is told twice; a new request is pending again', () => {
      const history = [requested('ada@example.com'), confirmed('ada@example.com'), told('ada@example.com')];
      waitlist
        .given(history)
        .when(tell(true, 12, plus(3 * HOUR)))
        .then([]);
      const again = plus(25 * HOUR);
      waitlist
        .given(history)
        .when(ask('ada@example.com', again))
        .then([requested('ada@example.com', again)]);
      waitlist
        .given(history)
        .thenState((state) => expect(state).toMatchObject({ told: 1, entries: { 'ada@example.com': { status: 'notified' } } }));
      // Its old link, used after the telling, changes nothing
      waitlist
        .given(history)
        .when(confirm('ada@example.com', AT, plus(4 * HOUR)))
        .then([]);
    });
  });

  describe('leaving and removal', () => {
    it('given an address waiting, when it leaves by its link, then it is off the list and never told; leaving twice changes nothing; its link is refused (sign_up_left)', () => {
      const left: WaitlistEvent = { type: 'BackInStockLeft', data: { email: 'Ada@Example.com', leftAt: AT } };
      const history = [
        requested('Ada@Example.com'),
        confirmed('Ada@Example.com'),
        requested('grace@example.com'),
        confirmed('grace@example.com'),
      ];
      waitlist.given(history).when({ type: 'LeaveWaitlist', email: 'ADA@example.com', at: AT }).then([left]);
      waitlist
        .given([...history, left])
        .when({ type: 'LeaveWaitlist', email: 'ada@example.com', at: AT })
        .then([]);
      waitlist
        .given([...history, left])
        .when(tell(true, 24))
        .then([told('grace@example.com')]);
      waitlist
        .given([requested('ada@example.com'), left])
        .when(confirm('ada@example.com'))
        .thenThrows({ code: 'sign_up_left' });
    });

    it('given pending and confirmed addresses, when the operator removes several with a reason, then each on the list is removed once, in any case; others are left alone', () => {
      const history = [
        requested('Ada@Example.com'),
        confirmed('Ada@Example.com'),
        requested('typed1@example.com'),
        requested('told@example.com'),
        confirmed('told@example.com'),
        told('told@example.com'),
      ];
      const at = plus(2 * HOUR);
      waitlist
        .given(history)
        .when(remove(['ada@example.com', 'TYPED1@example.com', 'typed1@example.com', 'told@example.com', 'nobody@example.com']))
        .then([
          { type: 'BackInStockRemoved', data: { email: 'Ada@Example.com', removedAt: at, reason: 'made-up address' } },
          { type: 'BackInStockRemoved', data: { email: 'typed1@example.com', removedAt: at, reason: 'made-up address' } },
        ]);
      waitlist
        .given(history)
        .when(remove(['typed1@example.com'], null))
        .then([{ type: 'BackInStockRemoved', data: { email: 'typed1@example.com', removedAt: at, reason: null } }]);
    });

    it('given an address removed, then it is never told, removing it again changes nothing, and its link is refused (sign_up_removed)', () => {
      const removed: WaitlistEvent = {
        type: 'BackInStockRemoved',
        data: { email: 'ada@example.com', removedAt: plus(HOUR), reason: 'typo' },
      };
      waitlist
        .given([requested('ada@example.com'), confirmed('ada@example.com'), removed])
        .when(tell(true, 24))
        .then([]);
      waitlist
        .given([requested('ada@example.com'), removed])
        .when(remove(['ada@example.com']))
        .then([]);
      waitlist
        .given([requested('ada@example.com'), removed])
        .when(confirm('ada@example.com', AT, plus(2 * HOUR)))
        .thenThrows({ code: 'sign_up_removed' });
    });

    it('given an address removed, when it asks again, then it is a new pending sign-up that needs its own confirmation', () => {
      const removed: WaitlistEvent = {
        type: 'BackInStockRemoved',
        data: { email: 'ada@example.com', removedAt: plus(HOUR), reason: null },
      };
      const again = plus(2 * HOUR);
      waitlist
        .given([requested('ada@example.com'), removed])
        .when(ask('ada@example.com', again))
        .then([requested('ada@example.com', again)]);
    });
  });

  it('given a beer a customer can buy now, when an address asks, then it is refused (on_sale): it needs no list', () => {
    waitlist
      .given([])
      .when(ask('ada@example.com', AT, { onSale: true, available: 24 }))
      .thenThrows({ code: 'on_sale' });
    // Not released yet, or not live: the list is the way to hear of it
    waitlist
      .given([])
      .when(ask('ada@example.com', AT, { onSale: false, available: 24 }))
      .then((events) => expect(events).toHaveLength(1));
  });
});
