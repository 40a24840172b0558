import { fold } from '../../../shared-kernel/decider';
import { WAITLIST_LIMIT, waitlistDecider, type WaitlistCommand } from './waitlist.decider';
import type { WaitlistEvent } from './waitlist.events';

const ada: WaitlistEvent = { type: 'BackInStockRequested', data: { email: 'Ada@Example.com', requestedAt: '2026-11-23T01:00:00.000Z' } };
const grace: WaitlistEvent = {
  type: 'BackInStockRequested',
  data: { email: 'grace@example.com', requestedAt: '2026-11-23T02:00:00.000Z' },
};
const AT = '2026-11-24T01:00:00.000Z';
/** A sold-out beer's list asked to hold an address. */
const ask = (email: string, at = AT, beer: { onSale: boolean; available: number } = { onSale: true, available: 0 }): WaitlistCommand => ({
  type: 'AskToBeTold',
  email,
  at,
  beer: 'Hazy IPA',
  ...beer,
});
const tell = (onSale: boolean, available: number): WaitlistCommand => ({ type: 'TellWaiting', at: AT, onSale, available });

function given(...events: WaitlistEvent[]) {
  const state = fold(waitlistDecider, events);
  return { when: (command: WaitlistCommand) => waitlistDecider.decide(command, state) };
}

describe('back-in-stock list (waitlist decider)', () => {
  it('given no one waiting, when an address asks, then it waits (as typed, trimmed)', () => {
    expect(given().when(ask(' Ada@Example.com ', ada.data.requestedAt))).toEqual([ada]);
  });
  it('given an address waiting, when it asks again in another case, then it is one request', () => {
    expect(given(ada).when(ask('ada@example.COM'))).toEqual([]);
  });
  it('given two waiting, when the beer is on sale with cans, then each is told once, with the cans there are', () => {
    expect(given(ada, grace).when(tell(true, 24))).toEqual([
      { type: 'BackInStockTold', data: { email: 'Ada@Example.com', toldAt: AT, available: 24 } },
      { type: 'BackInStockTold', data: { email: 'grace@example.com', toldAt: AT, available: 24 } },
    ]);
  });
  it.each([
    { given: 'still sold out', onSale: true, available: 0 },
    { given: 'oversold (a recount below the holds)', onSale: true, available: -4 },
    { given: 'not on sale (draft, archived or not released yet)', onSale: false, available: 24 },
  ])('given addresses waiting and the beer $given, then no one is told', ({ onSale, available }) => {
    expect(given(ada, grace).when(tell(onSale, available))).toEqual([]);
  });
  it('given addresses told, when the beer is back again, then no one is told twice; a new request waits again', () => {
    const told: WaitlistEvent[] = [
      { type: 'BackInStockTold', data: { email: 'Ada@Example.com', toldAt: AT, available: 24 } },
      { type: 'BackInStockTold', data: { email: 'grace@example.com', toldAt: AT, available: 24 } },
    ];
    expect(given(ada, grace, ...told).when(tell(true, 12))).toEqual([]);
    expect(given(ada, grace, ...told).when(ask('ada@example.com'))).toEqual([
      { type: 'BackInStockRequested', data: { email: 'ada@example.com', requestedAt: AT } },
    ]);
    expect(fold(waitlistDecider, [ada, grace, ...told])).toEqual({ waiting: {}, told: 2 });
  });
  it('given an address waiting, when it leaves by its link, then it is off the list and never told; leaving twice changes nothing', () => {
    const left: WaitlistEvent = { type: 'BackInStockLeft', data: { email: 'Ada@Example.com', leftAt: AT } };
    expect(given(ada, grace).when({ type: 'LeaveWaitlist', email: 'ADA@example.com', at: AT })).toEqual([left]);
    expect(given(ada, grace, left).when({ type: 'LeaveWaitlist', email: 'ada@example.com', at: AT })).toEqual([]);
    expect(given(ada, grace, left).when(tell(true, 5))).toEqual([
      { type: 'BackInStockTold', data: { email: 'grace@example.com', toldAt: AT, available: 5 } },
    ]);
  });

  it('given a full list, when another address asks, then it is refused (list_full); one already waiting is still one request', () => {
    const full: WaitlistEvent[] = Array.from({ length: WAITLIST_LIMIT }, (_, n) => ({
      type: 'BackInStockRequested',
      data: { email: `keen${n}@example.com`, requestedAt: AT },
    }));
    expect(() => given(...full).when(ask('late@example.com'))).toThrow(expect.objectContaining({ code: 'list_full' }) as Error);
    expect(given(...full).when(ask('keen7@example.com'))).toEqual([]);
  });

  it('given a beer a customer can buy now, when an address asks, then it is refused (on_sale): it needs no list', () => {
    expect(() => given().when(ask('ada@example.com', AT, { onSale: true, available: 24 }))).toThrow(
      expect.objectContaining({ code: 'on_sale' }) as Error,
    );
    // Not released yet, or not live: the list is the way to hear of it
    expect(given().when(ask('ada@example.com', AT, { onSale: false, available: 24 }))).toHaveLength(1);
  });
});
