import type { Product } from '@brewery/shop-rules';
import { isOpenToMembers, releaseCountdown, releaseLabel } from '@brewery/shop-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { useClubMember } from '@/shared/club-member/use-club-member';
import { EARLY_ACCESS_TEXT, membersFromLabel, releaseMoment, type ReleaseMoment } from './release-moment';
import { useHydrated, useNow } from './use-now';
import './product-release.css';

/** The countdown moves by the second. */
const COUNTDOWN_TICK_MS = 1000;

/**
 * A beer's scheduled release as its card sees it: the time now (moving while the release is to come), the release
 * instant while it is still ahead, club members' early access (see release-moment.ts) and whether this browser may
 * buy it now. At the instant it opens (for everyone, or for this member), the shop's product list is asked for
 * again, so the stock the card offers is today's, not the page's first.
 */
export function useRelease(product: Product): ReleaseMoment & { now: Date } {
  // An archived beer is not coming: it shows as it is, with no countdown.
  const releaseAt = product.archived ? null : (product.releaseAt ?? null);
  // Early access begins before the release: a clock moving until the release passes it too.
  const now = useNow(COUNTDOWN_TICK_MS, releaseAt);
  const member = useClubMember() !== null;
  const moment = releaseMoment(product, now, member);
  const released = moment.upcoming === null;
  // Opened to members by the clock, whoever this browser is: a member found after the page was drawn asks nothing.
  const openToMembers = released || isOpenToMembers({ releaseAt, membersFrom: moment.membersFrom }, now);
  const queryClient = useQueryClient();
  const wasReleased = useRef(released);
  const wasOpenToMembers = useRef(openToMembers);

  useEffect(() => {
    const opened = (released && !wasReleased.current) || (member && openToMembers && !wasOpenToMembers.current && !released);
    wasReleased.current = released;
    wasOpenToMembers.current = openToMembers;
    // Every card releasing at this instant asks: one request answers them all (none cancels another's).
    if (opened) void queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey }, { cancelRefetch: false });
  }, [released, openToMembers, member, queryClient]);

  return { ...moment, now };
}

export interface ReleaseNoticeProps {
  product: Product;
  /** The release instant while it is still ahead; null once the beer is on sale. */
  upcoming: string | null;
  now: Date;
  /** While the release is ahead: from when club members may buy it; null or absent when they may not. */
  membersFrom?: string | null;
  /** This member may buy it already: the notice carries the early access tag. */
  earlyAccess?: boolean;
  /** The tag's id, for the Add to Pack button it describes. */
  earlyAccessId?: string;
}

/**
 * "Releasing Saturday 10:00 am" and the countdown to it; once the instant has come, "On sale now". Only the words
 * are a live region, so a screen reader hears when the release is and when it opens, never each second. A beer
 * club members may buy early says from when, to everyone; a member whose early access has begun sees its tag.
 */
export function ReleaseNotice({ product, upcoming, now, membersFrom = null, earlyAccess = false, earlyAccessId }: ReleaseNoticeProps) {
  // A page drawn by the server (and kept) may be old by the time it shows: the seconds wait for the browser.
  const hydrated = useHydrated();
  const opened = product.inventory > 0 ? 'On sale now' : 'Released';
  return (
    <div className={`product-release${upcoming === null ? ' product-release--open' : ''}`}>
      <p className="product-release__label" aria-live="polite">
        {upcoming === null ? opened : releaseLabel(upcoming, now)}
      </p>
      {upcoming === null ? null : (
        <p className="product-release__countdown">
          <span role="timer">{hydrated ? releaseCountdown(upcoming, now) : null}</span>
        </p>
      )}
      {upcoming === null || membersFrom === null ? null : (
        // A live region from the start, so the tag is heard when the member's early access opens on this page.
        <p className="product-release__members" aria-live="polite">
          <span>{membersFromLabel(membersFrom, now)}</span>
          {earlyAccess ? (
            <span className="product-release__early" id={earlyAccessId} data-testid="members-early-access">
              {EARLY_ACCESS_TEXT}
            </span>
          ) : null}
        </p>
      )}
    </div>
  );
}
