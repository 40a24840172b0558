import { describe, expect, it } from 'vitest';
import { productFixture } from '@/testing/product-fixture';
import { membersFromLabel, releaseMoment } from './release-moment';

/** Saturday 5 December 2026, 10:00 am in Perth. */
const RELEASE_AT = '2026-12-05T02:00:00.000Z';
/** Thursday 3 December 2026, 10:00 am in Perth: club members may buy from then. */
const MEMBERS_FROM = '2026-12-03T02:00:00.000Z';

const BEFORE_MEMBERS = new Date('2026-12-03T01:59:59.000Z');
const BETWEEN = new Date('2026-12-03T02:00:00.000Z');
const AFTER_RELEASE = new Date('2026-12-05T02:00:00.000Z');

const earlyBeer = productFixture({ releaseAt: RELEASE_AT, membersFrom: MEMBERS_FROM });

describe('release moment: a beer club members may buy before its release', () => {
  it.each([
    { who: 'a member', member: true, when: 'before membersFrom', now: BEFORE_MEMBERS, earlyAccess: false, buyable: false },
    { who: 'a member', member: true, when: 'from membersFrom, before the release', now: BETWEEN, earlyAccess: true, buyable: true },
    { who: 'a member', member: true, when: 'from the release', now: AFTER_RELEASE, earlyAccess: false, buyable: true },
    { who: 'anyone else', member: false, when: 'before membersFrom', now: BEFORE_MEMBERS, earlyAccess: false, buyable: false },
    { who: 'anyone else', member: false, when: 'from membersFrom, before the release', now: BETWEEN, earlyAccess: false, buyable: false },
    { who: 'anyone else', member: false, when: 'from the release', now: AFTER_RELEASE, earlyAccess: false, buyable: true },
  ])('given $who, $when: early access $earlyAccess, buyable $buyable', ({ member, now, earlyAccess, buyable }) => {
    const moment = releaseMoment(earlyBeer, now, member);
    expect(moment.earlyAccess).toBe(earlyAccess);
    expect(moment.buyable).toBe(buyable);
  });

  it.each([
    { when: 'before membersFrom', now: BEFORE_MEMBERS },
    { when: 'from membersFrom', now: BETWEEN },
  ])('$when, everyone sees the release still ahead and from when members may buy', ({ now }) => {
    for (const member of [true, false]) {
      expect(releaseMoment(earlyBeer, now, member)).toMatchObject({ upcoming: RELEASE_AT, membersFrom: MEMBERS_FROM });
    }
  });

  it('once released, nothing is ahead any more: no release, no early access to speak of', () => {
    expect(releaseMoment(earlyBeer, AFTER_RELEASE, true)).toEqual({ upcoming: null, membersFrom: null, earlyAccess: false, buyable: true });
  });

  it.each([
    { given: 'no early access', product: productFixture({ releaseAt: RELEASE_AT }) },
    { given: 'early access set to null', product: productFixture({ releaseAt: RELEASE_AT, membersFrom: null }) },
    { given: 'early access not before the release', product: productFixture({ releaseAt: RELEASE_AT, membersFrom: RELEASE_AT }) },
  ])('given $given, a member waits for the release like everyone', ({ product }) => {
    expect(releaseMoment(product, BETWEEN, true)).toEqual({ upcoming: RELEASE_AT, membersFrom: null, earlyAccess: false, buyable: false });
  });

  it('given no release at all, the beer is on sale to everyone, as before', () => {
    for (const member of [true, false]) {
      expect(releaseMoment(productFixture(), BETWEEN, member)).toEqual({
        upcoming: null,
        membersFrom: null,
        earlyAccess: false,
        buyable: true,
      });
    }
  });

  it('given an archived beer, it is not coming: no release and no early access', () => {
    const archived = productFixture({ releaseAt: RELEASE_AT, membersFrom: MEMBERS_FROM, archived: true });
    expect(releaseMoment(archived, BETWEEN, true)).toEqual({ upcoming: null, membersFrom: null, earlyAccess: false, buyable: true });
  });

  it('says from when members may buy in Perth time, with the date when it is more than six days away', () => {
    expect(membersFromLabel(MEMBERS_FROM, new Date('2026-12-01T00:00:00.000Z'))).toBe('Club members from Thursday 10:00 am');
    expect(membersFromLabel(MEMBERS_FROM, new Date('2026-11-20T00:00:00.000Z'))).toBe('Club members from Thursday 3 December, 10:00 am');
  });
});
