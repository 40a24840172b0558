import type { Product } from '@brewery/shop-rules';
import { isOpenToMembers, isReleased, releaseWhen } from '@brewery/shop-rules';

/** Where a beer stands against its scheduled release, at a moment, for this browser. */
export interface ReleaseMoment {
  /** The release instant while it is still ahead; null once the beer is on sale (or it has none, or is archived). */
  upcoming: string | null;
  /** While the release is ahead: from when club members may buy it (before the release); null when they may not. */
  membersFrom: string | null;
  /** This is a club member's browser and their early access has begun: the beer is theirs to buy before its release. */
  earlyAccess: boolean;
  /** The pack choice is offered: the beer is released, or it is this member's early access. */
  buyable: boolean;
}

/**
 * Decides, for a beer at `now`, whether this browser may buy it: everyone once it is released; a club member (an
 * active or paused membership, `member`) from its `membersFrom` already; nobody before then. An archived beer is
 * not coming: it shows as it is, with no release.
 */
export function releaseMoment(product: Pick<Product, 'archived' | 'releaseAt' | 'membersFrom'>, now: Date, member: boolean): ReleaseMoment {
  const releaseAt = product.archived ? null : (product.releaseAt ?? null);
  const upcoming = releaseAt === null || isReleased({ releaseAt }, now) ? null : releaseAt;
  const from = product.membersFrom ?? null;
  // Early access is before the release or it is none (the server refuses any other).
  const membersFrom = upcoming !== null && from !== null && Date.parse(from) < Date.parse(upcoming) ? from : null;
  const earlyAccess = member && membersFrom !== null && isOpenToMembers({ releaseAt: upcoming, membersFrom }, now);
  return { upcoming, membersFrom, earlyAccess, buyable: upcoming === null || earlyAccess };
}

/** "Club members from Thursday 10:00 am", under the release's own words, which say it is Perth time. */
export function membersFromLabel(membersFrom: string, now: Date): string {
  return `Club members from ${releaseWhen(membersFrom, now)}`;
}

/** The tag on a beer a member may buy before its release. */
export const EARLY_ACCESS_TEXT = "Members' early access";
